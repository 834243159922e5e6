import { describe, expect, it } from 'vitest';
import {
  APPEARANCE_STORAGE_KEY,
  appearanceFromSearch,
  DEFAULT_APPEARANCE,
  readStoredAppearance,
  storeAppearance,
} from '../appearance/appearance';

describe('appearance', () => {
  it('reads the URL options theme, nav-style and layout-type (full, boxed or framed)', () => {
    expect(appearanceFromSearch('?theme=dark&nav-style=mini&layout-type=framed', DEFAULT_APPEARANCE)).toEqual(
      {
        theme: 'dark',
        navStyle: 'mini',
        layoutType: 'framed',
      },
    );
  });

  it("accepts the template's long names", () => {
    expect(
      appearanceFromSearch(
        '?nav-style=inside_header_horizontal&layout-type=boxed_layout',
        DEFAULT_APPEARANCE,
      ),
    ).toEqual({ theme: 'light', navStyle: 'horizontal', layoutType: 'boxed' });
  });

  it('keeps the earlier value for an option the query string leaves out or gets wrong', () => {
    const base = { theme: 'dark', navStyle: 'drawer', layoutType: 'boxed' } as const;
    expect(appearanceFromSearch('?theme=purple&layout-type=full', base)).toEqual({
      ...base,
      layoutType: 'full',
    });
  });

  it('keeps the options for later visits and ignores a corrupt entry', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    storeAppearance(storage, { theme: 'dark', navStyle: 'mini', layoutType: 'framed' });
    expect(readStoredAppearance(storage)).toEqual({ theme: 'dark', navStyle: 'mini', layoutType: 'framed' });
    values.set(APPEARANCE_STORAGE_KEY, '{not json');
    expect(readStoredAppearance(storage)).toEqual(DEFAULT_APPEARANCE);
  });
});
