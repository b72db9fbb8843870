vcl 4.1;
# The HTTP cache in front of the balancer (Varnish, from Debian). It keeps what Makan says may be kept:
#   - addresses that name what they hold and never change (`immutable`): a type's map tiles, which name the
#     dataset version; the hashed app files; the basemap; the versioned downloads. Kept until memory runs out,
#     least recently used out first (varnishd's -s malloc size).
#   - the pages and the app's page shell (`no-cache`, an ETag naming the dataset version): kept, but asked
#     again of a server every time with If-None-Match. A page is never older than the servers' dataset.
# Everything else (the API's answers, staff, writes) goes straight through. The ${...} names are filled by
# envsubst before Varnish reads it; deploy/README.md says what each is.
import std;

backend balancer {
    .host = "${MAKAN_CACHE_BACKEND_HOST}";
    .port = "${MAKAN_CACHE_BACKEND_PORT}";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 60s;
}

sub vcl_recv {
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # One order for the same filters, so that equal questions share one copy.
    set req.url = std.querysort(req.url);
    # Varnish itself knows only gzip, and asks for gzip on every fetch. The servers have Brotli (the app's
    # files are built with it, a fifth smaller): a visitor who takes it gets a copy kept in Brotli.
    unset req.http.X-Brotli;
    if (req.http.Accept-Encoding ~ "\bbr\b") {
        set req.http.X-Brotli = "1";
    }
    if (req.url ~ "^/api/tiles/[^/?]+/[0-9]+/[0-9]+/[0-9]+/[0-9]+(\?|$)"
        || req.url ~ "^/assets/"
        || req.url ~ "^/api/basemap/"
        || req.url ~ "^/api/downloads/[0-9]+/") {
        # The same bytes for every visitor: no cookie says anything about them (the XSRF token, the language).
        unset req.http.Cookie;
        return (hash);
    }
    if (req.url ~ "^/api/" || req.url ~ "^/staff" || req.http.Authorization) {
        return (pass);
    }
    # A page: its language may come from the remembered choice, the one cookie it varies by (Vary: cookie).
    # The XSRF token and anything else are dropped, so every visitor of one language shares one copy.
    # Any language the server's table has (it is the server that says which it knows).
    if (req.http.Cookie ~ "(^|;\s*)makan-lang=[A-Za-z-]{1,16}(;|$)") {
        set req.http.Cookie = "makan-lang=" + regsub(req.http.Cookie, "^(.*;\s*)?makan-lang=([A-Za-z-]{1,16})(;.*)?$", "\2");
    } else {
        unset req.http.Cookie;
    }
    return (hash);
}

sub vcl_hash {
    # One site: a visitor's Host header names no other copy (a forged one cannot fill the cache).
    hash_data(req.url);
    if (req.http.X-Brotli) {
        hash_data("br");
    }
    return (lookup);
}

sub vcl_backend_fetch {
    if (bereq.http.X-Brotli) {
        set bereq.http.Accept-Encoding = "br";
    }
    unset bereq.http.X-Brotli;
}

sub vcl_backend_response {
    # Only what a server answered in full and said may be kept. A refusal (404 version_gone, 503 behind) is
    # sent no-cache and goes through.
    if (beresp.status != 200 && beresp.status != 206) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # An API answer is kept only when it says it never changes; nothing a server calls private is kept.
    if ((bereq.url ~ "^/api/" && beresp.http.Cache-Control !~ "immutable")
        || beresp.http.Cache-Control ~ "no-store|private") {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # The token cookie is every visitor's own: a kept answer must not hand one visitor's to the next. The
    # servers send none with a public answer; this holds if one ever did. A visitor's page or first API call sets it.
    unset beresp.http.Set-Cookie;
    # Said to the visitor as "revalidated": the server was asked and answered 304, the bytes are the kept ones.
    if (beresp.was_304) {
        set beresp.http.X-Cache-Revalidated = "1";
    } else {
        unset beresp.http.X-Cache-Revalidated;
    }
    # A page that says nothing of how long it keeps is treated as one that must be asked again, never kept for
    # Varnish's default two minutes.
    if (!beresp.http.Cache-Control || beresp.http.Cache-Control ~ "no-cache") {
        # Kept only to be revalidated: each visit asks a server (If-None-Match), which answers 304 when the
        # dataset has not changed. (A ttl of 0 would keep nothing to revalidate; a millisecond is as good as
        # asking.)
        set beresp.ttl = 0.001s;
        set beresp.grace = 0s;
        set beresp.keep = 1h;
    }
    return (deliver);
}

sub vcl_deliver {
    # Whether this answer came from the cache, for the operator and the trace (bench/cacheTrace.ts).
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else if (resp.http.X-Cache-Revalidated) {
        set resp.http.X-Cache = "revalidated";
    } else {
        set resp.http.X-Cache = "miss";
    }
    unset resp.http.X-Cache-Revalidated;
}
