/**
 * The light page, for a slow or metered line: no raster or vector basemap tiles (the bundled basemap draws
 * Iran, its provinces and towns from files the page already has), one font weight, and on a phone the list
 * of what is in view first. `?lite=1` asks for it and `?lite=0` refuses it; otherwise the browser's
 * Save-Data preference decides.
 */
export const LITE_PARAM = 'lite';

export function chooseLite(asked: string | null, saveData: boolean | undefined): boolean {
  if (asked === '1') return true;
  if (asked === '0') return false;
  return saveData === true;
}
