/** HTTP conventions the client and our server agree on, beyond the gateway's field names. */

/** XSRF double-submit: the server sets this cookie; state-changing calls echo it in the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** `?embed=1`: the app without toolbar and sidebar, which other sites may frame (the server allows it only then). */
export const EMBED_PARAM = 'embed';

/** The dataset version an API answer was made from: an offline copy is kept only with its version's peers. */
export const DATASET_VERSION_HEADER = 'X-Dataset-Version';

/**
 * The newest dataset version a client has seen, sent with its reads: a server that has not reached it yet (a
 * moment behind an import, or on a standby that lags) catches up or refuses with 503 and Retry-After, which a
 * balancer retries on another server, so a client is never shown an older version than one it has seen.
 */
export const MIN_VERSION_HEADER = 'X-Min-Dataset-Version';

/** The refusal's code: this server's data is older than the client's (ask again, or another server). */
export const VERSION_BEHIND = 'version_behind';

/** An address that names a dataset version no longer served (a download's, a map tile's): ask again at the current one. */
export const VERSION_GONE = 'version_gone';

/** The refusal's code when the server's database does not answer and the read needs it (ask another server). */
export const DATASET_UNAVAILABLE = 'database_unavailable';

/** The refusal's code when imports followed each other while one answer was made (ask again). */
export const DATASET_CHANGING = 'dataset_changing';

/** Set on an answer the service worker gave from its copy because the server could not be reached. */
export const OFFLINE_HEADER = 'X-Makan-Offline';

/** The error code of an offline answer for something never fetched before (nothing to give from the copy). */
export const OFFLINE_UNSEEN = 'offline_unseen';

/**
 * Marks the app's stylesheet on the pages the server renders: fetched at once but not applied (`rel=preload`), so
 * the page's answer paints without waiting for it; the app applies it, in its place in the head, before it renders.
 */
export const DEFERRED_STYLE_ATTRIBUTE = 'data-app-style';

/** The refusal's code for a write when the server's database file was removed or replaced under it. */
export const DATABASE_LOST = 'database_lost';
