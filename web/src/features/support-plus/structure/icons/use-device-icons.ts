import { useEffect, useState } from 'react';
import type { IconGlyph } from './icon-list.ts';

/** Icons load this long after the console starts (seed 001 §9 "Icons load 3 s after start"). */
export const ICONS_DELAY_MS = 3000;
/** The glyph of a device whose code the list does not hold, and of every device until it loads. */
export const FALLBACK_ICON: IconGlyph = { glyph: '▣', search: 'device', css: 'gray' };

type List = Readonly<Record<string, IconGlyph>>;
const startedAt = Date.now();
let loading: Promise<List> | null = null;
let loaded: List | null = null;

/** The list, asked once for the whole console, 3 s after start. */
function loadList(): Promise<List> {
  loading ??= new Promise<void>((r) => setTimeout(r, Math.max(0, startedAt + ICONS_DELAY_MS - Date.now())))
    .then(() => import('./icon-list.ts'))
    .then((m) => {
      loaded = m.ICON_GLYPH_LIST;
      return loaded;
    });
  return loading;
}

/** The icon glyph list once loaded (null before). */
export function useIconList(): List | null {
  const [list, setList] = useState<List | null>(loaded);
  useEffect(() => {
    if (list) return;
    let live = true;
    void loadList().then((l) => live && setList(l));
    return () => {
      live = false;
    };
  }, [list]);
  return list;
}

/** A device's icon: by its product code, then its virtual product code, else the fallback. */
export function iconOf(
  list: List | null,
  d: { productCode: string; virtualProductCode: string | null },
): { code: string | null; icon: IconGlyph } {
  for (const code of [d.productCode, d.virtualProductCode]) {
    const icon = code ? list?.[code] : undefined;
    if (code && icon) return { code, icon };
  }
  return { code: null, icon: FALLBACK_ICON };
}
