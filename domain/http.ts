/** HTTP conventions the client and our server agree on, beyond the gateway's field names. */

/** XSRF double-submit: the server sets this cookie; state-changing calls echo it in the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** `?embed=1`: the app without toolbar and sidebar, which other sites may frame (the server allows it only then). */
export const EMBED_PARAM = 'embed';
