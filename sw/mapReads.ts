/**
 * The map's reads (clusters of a box, locations of a box) offline: a box is asked with the camera's exact
 * bounds, so a reopened view rarely asks the same address twice. Each answer is kept under a GET address
 * naming its box (the locations' POST body and Accept become query parameters), and offline the answer kept
 * for the same type, zoom, filters and form whose box covers most of the asked one is given instead.
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

/** The address without its box: two answers of one type, zoom, filters and form share it. */
function withoutBox(url: URL): string {
  const rest = new URL(url);
  for (const key of BOX_KEYS) rest.searchParams.delete(key);
  return rest.toString();
}

/** The share of box `a` that box `b` covers (0 to 1). */
export function coveredShare(a: Box, b: Box): number {
  const width = Math.max(0, Math.min(a.maxLon, b.maxLon) - Math.max(a.minLon, b.minLon));
  const height = Math.max(0, Math.min(a.maxLat, b.maxLat) - Math.max(a.minLat, b.minLat));
  const area = (a.maxLon - a.minLon) * (a.maxLat - a.minLat);
  return area > 0 ? (width * height) / area : 0;
}

/** Of the kept addresses, the one of the same kind whose box covers most of the asked box (some of it at least). */
export function closestKept(asked: string, kept: readonly string[]): string | null {
  const askedUrl = new URL(asked);
  const askedBox = boxOf(askedUrl);
  if (!askedBox) return null;
  const kind = withoutBox(askedUrl);
  let best: string | null = null;
  let bestShare = 0;
  for (const address of kept) {
    const url = new URL(address);
    const box = boxOf(url);
    if (!box || withoutBox(url) !== kind) continue;
    const share = coveredShare(askedBox, box);
    if (share > bestShare) [best, bestShare] = [address, share];
  }
  return best;
}
