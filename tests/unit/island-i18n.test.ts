import i18next from 'i18next';
import { createElement, type FunctionComponent, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { type IslandMessages, IslandRoot } from '../../src/lib/island-i18n';

const messages: IslandMessages = {
  shop: {
    title: '我的订单',
    greet: '你好，{{name}}',
    count_one: '{{count}} 条',
    count_other: '{{count}} 条记录',
  },
  common: { ok: '确定' },
};

type RootProps = { lang: string; messages: IslandMessages; ns: string };
/** An island's root around `child`, rendered to HTML as the server renders an island. */
function island(props: RootProps, child: ReactNode): string {
  return renderToStaticMarkup(createElement(IslandRoot as FunctionComponent<RootProps>, props, child));
}

/** Renders `read(t)` inside an island root, as an island's component would. */
function render(read: (t: (key: string, options?: Record<string, unknown>) => string) => string[], ns = 'shop') {
  function Probe() {
    const { t } = useTranslation(ns);
    return createElement('p', null, read(t as never).join('|'));
  }
  return island({ lang: 'en-US', messages, ns }, createElement(Probe));
}

describe('island texts (IslandRoot, its remembered t)', () => {
  it('gives the same text on every call of a key without options', () => {
    expect(render((t) => [t('title'), t('title'), t('common:ok'), t('common:ok')])).toBe(
      '<p>我的订单|我的订单|确定|确定</p>',
    );
  });

  it('still interpolates and picks plurals for calls with options, each call with its own values', () => {
    expect(
      render((t) => [
        t('greet', { name: 'A' }),
        t('greet', { name: 'B' }),
        t('count', { count: 1 }),
        t('count', { count: 2 }),
      ]),
    ).toBe('<p>你好，A|你好，B|1 条|2 条记录</p>');
  });

  it('keeps namespaces apart: the same key in another default namespace is not mixed up', () => {
    const other: IslandMessages = { a: { k: 'from a' }, b: { k: 'from b' } };
    const read = (ns: string) => {
      function Probe() {
        const { t } = useTranslation(ns);
        return createElement('p', null, t('k'));
      }
      return island({ lang: 'en-US', messages: other, ns: 'a' }, createElement(Probe));
    };
    expect([read('a'), read('b'), read('a')]).toEqual(['<p>from a</p>', '<p>from b</p>', '<p>from a</p>']);
  });

  it('never sends a plain text through i18next, and a key with options once per call (the cost of a grid of cards)', () => {
    let resolved = 0;
    function Probe() {
      const { t, i18n } = useTranslation('shop');
      const translator = (i18n as unknown as { translator: { translate: (...a: unknown[]) => unknown } }).translator;
      const translate = translator.translate.bind(translator);
      translator.translate = (...a: unknown[]) => {
        resolved++;
        return translate(...a);
      };
      const texts = Array.from({ length: 30 }, () => t('title'));
      texts.push(t('greet', { name: 'A' }), t('greet', { name: 'A' }));
      translator.translate = translate;
      return createElement('p', null, new Set(texts).size);
    }
    const html = island({ lang: 'zh-TW', messages, ns: 'shop' }, createElement(Probe));
    expect(html).toBe('<p>2</p>');
    expect(resolved).toBe(2);
  });

  it('gives what plain i18next gives, including for keys it must resolve itself (placeholders, nesting, missing)', () => {
    const texts: IslandMessages = {
      shop: { title: '订单', greet: '你好，{{name}}', nested: '看 $t(common:ok)', empty: '', 'a:b': 'colon' },
      common: { ok: '确定' },
    };
    const keys = ['title', 'greet', 'nested', 'empty', 'common:ok', 'common:missing', 'nope:ok', 'x:y:z', 'ok', 'a:b'];
    const plain = i18next.createInstance();
    void plain.init({
      lng: 'en-US',
      resources: { 'en-US': texts },
      ns: Object.keys(texts),
      defaultNS: 'shop',
      keySeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    const expected = keys.map((k) => String(plain.t(k))).join('|');
    function Probe() {
      const { t } = useTranslation('shop');
      return createElement('p', null, [...keys, ...keys].map((k) => t(k)).join('|'));
    }
    expect(island({ lang: 'en-US', messages: texts, ns: 'shop' }, createElement(Probe))).toBe(
      `<p>${expected}|${expected}</p>`,
    );
  });

  it('answers an unknown key with the key, as i18next does', () => {
    expect(render((t) => [t('missing.key'), t('missing.key')])).toBe('<p>missing.key|missing.key</p>');
  });
});
