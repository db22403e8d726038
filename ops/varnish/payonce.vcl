# Varnish (7.x) with varnish-modules' xkey in front of Payonce (issue 32, decisions 057, 058).
#
# - Requests with the session cookie, and every method but GET and HEAD, go to the app (pass):
#   their answers are the reader's own.
# - Other requests are looked up by URL (other cookies, such as csrftoken, change nothing the app
#   answers to a reader without a session, so they are not part of the lookup; they still reach
#   the app on a miss).
# - An answer is kept only when the app says it may be shared: Cache-Control public (its
#   s-maxage is the TTL, stale-while-revalidate the grace) with a Surrogate-Key and no
#   Set-Cookie. Its surrogate keys index it for xkey.
# - `PURGE` with `xkey-purge: <keys>` from an address of the purgers ACL drops every answer
#   tagged with one of the keys: the app sends it on each page event (CDN_PURGE_URL).
#
# Edit the backend below for your app (the test suite rewrites its port).
vcl 4.1;

import xkey;

backend default {
    .host = "127.0.0.1";
    .port = "3000";
}

# Who may purge: the app's hosts.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "No xkey-purge header"));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }
    # Operators' metrics are read on the app's own host, never through the shared cache (the
    # app refuses a request with X-Forwarded-For too).
    if (req.url ~ "^/metrics") {
        return (synth(404, "Not Found"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Cookie ~ "(^|;\s*)sessionid=" || req.http.Authorization) {
        return (pass);
    }
    # The lookup is by URL alone (the builtin vcl_hash), but the cookies still go to the app on
    # a miss: a sign-in callback's state cookie or a login form's CSRF cookie must reach it. No
    # answer shaped by such a cookie is kept: the app marks only session-less pages public, and
    # an answer with Set-Cookie is never kept (vcl_backend_response).
    return (hash);
}

sub vcl_backend_response {
    if (beresp.http.Cache-Control ~ "(^|,\s*)public(\s*,|$)" &&
        beresp.http.Surrogate-Key &&
        !beresp.http.Set-Cookie) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
        return (deliver);
    }
    # Not shareable: remember that for a while, so requests for it are not queued behind each other.
    set beresp.uncacheable = true;
    set beresp.ttl = 60s;
    return (deliver);
}

sub vcl_deliver {
    unset resp.http.xkey;
}
