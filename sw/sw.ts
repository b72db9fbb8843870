/**
 * The service worker: the app's build precached (its shell and hashed files, so a second visit needs no
 * network for code), routes answered with the shell, and API reads network-first with a short wait, falling
 * back to the copy of the last answer (the map's box reads to the nearest box kept, see mapReads.ts). The
 * copies are of one dataset version: an answer of a newer version drops the older copies first, so an offline
 * screen never mixes two versions' figures. An answer given from the copy says so in a header (the app shows
 * an offline line); a read never seen before answers 503 with a code the app words. A new build waits until
 * the visitor accepts it (the app's prompt), so old and new code never mix in one page. The vector basemap's
 * ranges, once read, are kept for good (basemapRanges.ts), and so are the map's tiles of points (tileCache.ts).
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { isAppPath } from '../domain/appPaths';
import { EMBED_PARAM, OFFLINE_HEADER, OFFLINE_UNSEEN } from '../domain/http';
import { chooseLanguage, DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGE_TABLE } from '../domain/language';
import { basemapRange, isBasemapRange } from './basemapRanges';
import { API_CACHE } from './cacheNames';
import { admit, NOT_COPIED } from './copies';
import { closestKept, isMapRead, keyOf } from './mapReads';
import { isTileRead, tileRead } from './tileCache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** How long a read waits for the server before the copy is used. */
const NETWORK_WAIT_S = 4;
/** Copies kept (each map view is its own read): the least recently used go first past it. */
const COPIES_MAX = 600;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Once active, it serves the open pages too, so what the first visit reads is copied for the second. (A new
// build becomes active only when the visitor accepts it, and the page then reloads.)
clientsClaim();

// Every route of the app is the shell. Embedded pages (whose framing headers the server decides per request)
// and every address the app does not route (the server's own pages: a province's list, the search form's
// answer, the sitemap; the API) go to the network, and offline say so in a page of their own.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    isAppPath(url.pathname) &&
    url.searchParams.get(EMBED_PARAM) !== '1',
  shell,
);
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, url }) => fetch(request).catch(() => offlinePage(url)),
);

/** A page the server makes, asked for with no network: said in the page's language, with the way to the map. */
function offlinePage(url: URL): Response {
  const language = chooseLanguage(url.searchParams.get(LANGUAGE_PARAM), null);
  const entry = LANGUAGE_TABLE[language];
  const text = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const map = language === DEFAULT_LANGUAGE ? '/' : `/?${LANGUAGE_PARAM}=${language}`;
  const body = `<!doctype html><html lang="${language}" dir="${entry.direction}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text(entry.shell.title)}</title></head><body style="font-family:Vazirmatn,Tahoma,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.8"><main><h1 style="font-size:1.3rem">${text(entry.shell.heading)}</h1><p role="alert">${text(entry.shell.offline)}</p><p><a href="${text(map)}">${text(entry.shell.toMap)}</a></p></main></body></html>`;
  return new Response(body, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', [OFFLINE_HEADER]: '1' },
  });
}

/** A copy, marked as one so the app can say it is offline. */
function marked(copy: Response): Response {
  const headers = new Headers(copy.headers);
  headers.set(OFFLINE_HEADER, '1');
  return new Response(copy.body, { status: copy.status, headers });
}

/** Neither the server nor a copy: a clear refusal instead of the browser's network error. */
const unseen = () =>
  new Response(JSON.stringify({ error: OFFLINE_UNSEEN, message: 'offline, and this was not fetched before' }), {
    status: 503,
    headers: { 'content-type': 'application/json', [OFFLINE_HEADER]: '1' },
  });

const oneVersion: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => ((await admit(response)) ? response : null),
  // A copy is read only when the server was not reached.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? marked(cachedResponse) : cachedResponse),
  handlerDidError: async () => unseen(),
};

const expiration = new CacheExpiration(API_CACHE, { maxEntries: COPIES_MAX });

/** The copy of this box, else of the kept box of the same kind that covers most of it. */
async function copyOf(key: string): Promise<Response | undefined> {
  const cache = await caches.open(API_CACHE);
  const exact = await cache.match(key);
  if (exact) return exact;
  const near = closestKept(
    key,
    (await cache.keys()).map((kept) => kept.url),
  );
  return near ? cache.match(near) : undefined;
}

async function keep(key: string, response: Response): Promise<void> {
  await (await caches.open(API_CACHE)).put(key, response);
  await expiration.updateTimestamp(key);
  await expiration.expireEntries();
}

/**
 * The map's box reads, as NetworkFirst does the others: the network's answer if it starts within the wait
 * (then streamed to the page while its copy is kept), else a copy; with no copy, the network after all (a
 * slow link is not an offline one), and only when the network has failed, the refusal. The wait bounds the
 * answer's start, never its body: a large answer on a slow link is not cut off.
 */
async function mapRead(request: Request, event: ExtendableEvent): Promise<Response> {
  const key = await keyOf(request);
  const network = fetch(request).then(async (response) => {
    if (await admit(response)) event.waitUntil(keep(key, response.clone()));
    return response;
  });
  const first = await Promise.race([
    network.then(
      (response) => ({ response }),
      () => ({ failed: true as const }),
    ),
    new Promise<{ late: true }>((done) => setTimeout(() => done({ late: true }), NETWORK_WAIT_S * 1000)),
  ]);
  if ('response' in first) return first.response;
  const copy = await copyOf(key);
  if (copy) return marked(copy);
  if ('failed' in first) return unseen();
  return network.catch(unseen);
}

for (const method of ['GET', 'POST'] as const)
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && isMapRead(url, request.method),
    ({ request, event }) => mapRead(request, event as ExtendableEvent),
    method,
  );

registerRoute(
  ({ url, request }) => isTileRead(url, request.method, self.location.origin),
  ({ request, event }) => tileRead(request, event as ExtendableEvent, unseen),
);

registerRoute(
  ({ url, request }) => isBasemapRange(url, request, self.location.origin),
  ({ request, event }) => basemapRange(request, event as ExtendableEvent),
);

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/api/') && !NOT_COPIED.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_WAIT_S,
    plugins: [oneVersion, new ExpirationPlugin({ maxEntries: COPIES_MAX })],
  }),
);

// The app's "update" button: the waiting build takes over, and the page reloads onto it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
