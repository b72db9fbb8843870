/**
 * The map's reads (clusters of a box, locations of a box) offline: a box is asked with the camera's exact
 * bounds, so a reopened view rarely asks the same address twice. Each answer is kept under a GET address
 * naming its box (the locations' POST body and Accept become query parameters), and offline the answer kept
 * for the same type, filters and form whose box covers most of the asked one, at the same zoom or a near one, is
 * given instead: a second visit's view is rarely the first's to the pixel (an offline strip alone moves the
 * fitted zoom from 5.67 to 5.60), and bubbles a fraction of a zoom apart are nearly the same bubbles.
 */

const BOX_KEYS = ['minLat', 'minLon', 'maxLat', 'maxLon'] as const;
type Box = Record<(typeof BOX_KEYS)[number], number>;

/** Whether a request is one of the map's box reads. */
export function isMapRead(url: URL, method: string): boolean {
  return (
    (method === 'POST' && url.pathname.startsWith('/api/Map/LazyLoad/')) ||
    (method === 'GET' && url.pathname.startsWith('/api/TVTOBase/OrglocationMap/') && url.searchParams.has('minLat'))
  );
}

/** The GET address an answer is kept under: the request's address, its POST box and its Accept as parameters. */
export async function keyOf(request: Request): Promise<string> {
  const url = new URL(request.url);
  if (request.method === 'POST') {
    const body = (await request.clone().json()) as { MinLat: number; MinLon: number; MaxLat: number; MaxLon: number };
    url.searchParams.set('minLat', String(body.MinLat));
    url.searchParams.set('minLon', String(body.MinLon));
    url.searchParams.set('maxLat', String(body.MaxLat));
    url.searchParams.set('maxLon', String(body.MaxLon));
    url.searchParams.set('accept', request.headers.get('accept') ?? '');
  }
  url.searchParams.sort();
  return url.toString();
}

function boxOf(url: URL): Box | null {
  const values = BOX_KEYS.map((key) => Number(url.searchParams.get(key)));
  if (values.some((v) => !Number.isFinite(v))) return null;
  const [minLat, minLon, maxLat, maxLon] = values as [number, number, number, number];
  return { minLat, minLon, maxLat, maxLon };
}

/** Kept answers this many zooms from the asked one may stand in for it. */
export const NEAR_ZOOMS = 1;

/** The address without its box and zoom: two answers of one type, filters and form share it. */
function withoutBox(url: URL): string {
  const rest = new URL(url);
  for (const key of [...BOX_KEYS, 'zoom']) rest.searchParams.delete(key);
  return rest.toString();
}

/** The read's zoom (clusters name one; the locations of a box do not, and count as zoom 0). */
const zoomOf = (url: URL) => Number(url.searchParams.get('zoom') ?? 0);

/** The share of box `a` that box `b` covers (0 to 1). */
export function coveredShare(a: Box, b: Box): number {
  const width = Math.max(0, Math.min(a.maxLon, b.maxLon) - Math.max(a.minLon, b.minLon));
  const height = Math.max(0, Math.min(a.maxLat, b.maxLat) - Math.max(a.minLat, b.minLat));
  const area = (a.maxLon - a.minLon) * (a.maxLat - a.minLat);
  return area > 0 ? (width * height) / area : 0;
}

/**
 * Of the kept addresses, the one of the same kind, within NEAR_ZOOMS of the asked zoom, whose box covers most of
 * the asked box (some of it at least); a zoom's difference counts against it as a quarter of the box per zoom.
 */
export function closestKept(asked: string, kept: readonly string[]): string | null {
  const askedUrl = new URL(asked);
  const askedBox = boxOf(askedUrl);
  if (!askedBox) return null;
  const kind = withoutBox(askedUrl);
  const askedZoom = zoomOf(askedUrl);
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const address of kept) {
    const url = new URL(address);
    const box = boxOf(url);
    const zoomApart = Math.abs(zoomOf(url) - askedZoom);
    if (!box || withoutBox(url) !== kind || !(zoomApart <= NEAR_ZOOMS)) continue;
    const share = coveredShare(askedBox, box);
    const score = share - zoomApart / 4;
    if (share > 0 && score > bestScore) [best, bestScore] = [address, score];
  }
  return best;
}
