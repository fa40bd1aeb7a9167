import type { HttpReply, RouteContext } from "../http/route.js";
import type { Html } from "../pages/html.js";

/**
 * Headers on every portal answer: no caching (pages carry secrets and CSRF tokens), no framing, no scripts,
 * styles and forms only from here, no referrer leaving the portal (`same-origin`, not `no-referrer`, which would make a browser send
 * `Origin: null` on our own form posts).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
};

/** An HTML page answer. */
export const page = (status: number, body: Html, headers: Readonly<Record<string, string>> = {}): HttpReply => ({
  status,
  body: body.text,
  contentType: "text/html; charset=utf-8",
  headers: { ...PAGE_HEADERS, ...headers },
});

/** A 303 to a portal path (after a form, the browser GETs the next page: a reload repeats nothing). */
export const redirect = (location: string, headers: Readonly<Record<string, string>> = {}): HttpReply => ({
  status: 303,
  headers: { ...PAGE_HEADERS, Location: location, ...headers },
});

/** The fields of an `application/x-www-form-urlencoded` body. */
export const formOf = (ctx: RouteContext): URLSearchParams => new URLSearchParams(ctx.rawBody.toString("utf8"));

const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/** True for this machine's loopback names (`localhost`, `127.x.y.z`, `[::1]`), with or without a port. */
export const isLoopbackHost = (host: string): boolean => LOOPBACK.test(host);

/**
 * Whether cookies get `Secure`: always, except a plain-http request to a loopback host (local use and the
 * tests). Behind a TLS proxy the browser speaks https, so `Secure` is right even though we see http.
 */
export const secureCookies = (ctx: RouteContext): boolean => {
  const encrypted = (ctx.req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  return encrypted || !isLoopbackHost(single(ctx.headers.host) ?? "");
};

/**
 * False when a browser says the form came from another origin (`Origin` or `Sec-Fetch-Site`): a second line
 * behind SameSite=Strict and the CSRF token. Requests without those headers (not browsers) pass this check.
 */
export const sameOrigin = (ctx: RouteContext): boolean => {
  const site = single(ctx.headers["sec-fetch-site"]);
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = single(ctx.headers.origin);
  if (origin === undefined) return true;
  try {
    return new URL(origin).host.toLowerCase() === (single(ctx.headers.host) ?? "").toLowerCase();
  } catch {
    return false;
  }
};
