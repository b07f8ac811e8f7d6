import { createElement, type FunctionComponent, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { IslandRoot } from '../../src/lib/island-i18n';
import { islandMessages } from '../../src/lib/island-messages';
import { islandTexts, serverTexts } from '../../src/lib/island-texts';
import { resources } from '../../src/shared/i18n';

// A page passes an island the names of its texts, not the texts: no copy in the HTML.

type RootProps = { lang: string; messages: readonly string[]; ns: string };
function Probe({ k }: { k: string }) {
  const { t } = useTranslation();
  return createElement('p', null, t(k));
}
const island = (props: RootProps, child: ReactNode) =>
  createElement(IslandRoot as FunctionComponent<RootProps>, props, child);

describe('island texts by name', () => {
  it('puts only the namespaces in the prop; the server renders with the texts at once', () => {
    const names = islandMessages('en-US', ['drawing', 'layout']);
    expect(names).toEqual(['drawing', 'layout']);
    expect(JSON.stringify(names).length).toBeLessThan(30);
    const html = renderToStaticMarkup(
      island({ lang: 'en-US', messages: names, ns: 'drawing' }, createElement(Probe, { k: 'title.draw' })),
    );
    expect(html).toBe(`<p>${resources['en-US']?.drawing?.['title.draw']}</p>`);
  });

  it('loads what the server did not register (the browser), the same object for every caller once here', async () => {
    serverTexts().delete('zh-TW/music');
    const pending = islandTexts('zh-TW', ['music']);
    expect((pending as { status?: string }).status).toBeUndefined();
    expect(islandTexts('zh-TW', ['music'])).toBe(pending);
    const loaded = await pending;
    expect(loaded.music).toEqual(resources['zh-TW']?.music);
    // Marked fulfilled, so a later render reads it without waiting.
    expect(islandTexts('zh-TW', ['music'])).toMatchObject({ status: 'fulfilled', value: loaded });
    // A root whose texts are here renders them without waiting.
    const html = renderToString(
      island({ lang: 'zh-TW', messages: ['music'], ns: 'music' }, createElement(Probe, { k: 'title' })),
    );
    expect(html).toContain(`<p>${resources['zh-TW']?.music?.title}</p>`);
  });
});
