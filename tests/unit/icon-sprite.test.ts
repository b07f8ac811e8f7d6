import { describe, expect, it } from 'vitest';
import { ICON_SPRITE, ICON_SPRITE_PATH, iconHref } from '../../src/components/icon-sprite';
import { ICONS, type IconName } from '../../src/components/icons';

describe('the icons sprite', () => {
  it('holds every icon as a symbol with its view box and stroke', () => {
    for (const [name, inner] of Object.entries(ICONS)) {
      expect(ICON_SPRITE).toContain(`<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor"`);
      expect(ICON_SPRITE).toContain(`${inner}</symbol>`);
    }
    expect(ICON_SPRITE.match(/<symbol /g)).toHaveLength(Object.keys(ICONS).length);
  });

  it('is named with its version, so a changed sprite is a new address', () => {
    const href = iconHref('chat' as IconName);
    expect(href).toMatch(new RegExp(`^${ICON_SPRITE_PATH.replace('.', '\\.')}\\?v=[0-9a-z]+#chat$`));
    expect(iconHref('apps' as IconName).split('#')[0]).toBe(href.split('#')[0]);
  });
});
