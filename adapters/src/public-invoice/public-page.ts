import type { DomainError } from "@apar/core";
import type { HttpReply, RouteContext } from "../http/route.js";
import { Html, html } from "../pages/html.js";

// What every public page of a token shares: headers, the organisation's colour, the style sheet, the page frame,
// the problem pages, and the route fields.

/**
 * Headers of every public page: never cached, never framed, no scripts, and no referrer at all (the token is
 * in the URL). Images only over https (the organisation's logo), styles only inline; the Pay form posts here
 * and is redirected to the gateway's https checkout, which `form-action` must allow (Chromium checks redirects).
 */
export const HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; img-src https:; style-src 'unsafe-inline'; form-action 'self' https:; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  Vary: "Accept, Accept-Language",
} as const;

export const FALLBACK_COLOUR = "#1f4e79";

// WCAG relative luminance of #rrggbb.
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/**
 * The organisation's colour when white text on it stays readable (WCAG AA, 4.5:1), else apar's own: a pale
 * brand colour would make the buttons and headings unreadable.
 */
export const readableColour = (colour: string | null): string =>
  colour !== null && /^#[0-9a-fA-F]{6}$/.test(colour) && 1.05 / (luminance(colour) + 0.05) >= 4.5
    ? colour
    : FALLBACK_COLOUR;

export const STYLE = (colour: string) => `:root{--brand:${colour}}
*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2330;background:#f4f6f9;line-height:1.5}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header.brand{display:flex;align-items:center;gap:1rem;border-top:6px solid var(--brand);background:#fff;padding:1rem 1.25rem;border-radius:0 0 .5rem .5rem}
header.brand img{max-height:48px;max-width:160px}
.card{background:#fff;border-radius:.5rem;padding:1.25rem;margin-top:1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h1{color:var(--brand);font-size:1.6rem;margin:.25rem 0}h2{font-size:1.1rem;margin:0 0 .75rem}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem}
.parties p{margin:0}.muted{color:#4a5260}
.badge{display:inline-block;padding:.15rem .6rem;border-radius:1rem;font-weight:600;background:#e8edf5;color:#1d2330}
.badge.Overdue{background:#fde8e8;color:#8a1c1c}.badge.Paid,.badge.Credited{background:#e3f4e8;color:#1b5e2b}
table{border-collapse:collapse;width:100%}caption{text-align:left;font-weight:600;padding-bottom:.5rem}
th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid #dde2ea;vertical-align:top}
th[scope=row]{font-weight:normal;color:#4a5260}td.n,th.n{text-align:right;white-space:nowrap}
tr.due th,tr.due td{font-weight:700;font-size:1.1rem;color:#1d2330;border-bottom:0}
.actions{margin-top:1.25rem;display:flex;flex-wrap:wrap;gap:.75rem}
.button{display:inline-block;background:var(--brand);color:#fff;border:2px solid var(--brand);padding:.6rem 1.2rem;border-radius:.35rem;text-decoration:none;font-size:1rem;font-weight:600;cursor:pointer}
.button.secondary{background:#fff;color:var(--brand)}
.button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.scroll{overflow-x:auto}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{color:#4a5260}dd{margin:0;word-break:break-all}
@media (max-width:30rem){main{padding:1rem .5rem}.card{padding:1rem}h1{font-size:1.3rem}th,td{padding:.4rem .3rem}}`;

/** A page; `colour` is a checked `#rrggbb` (readableColour), so the style sheet is apar's own text, sent as is. */
export const page = (
  status: number,
  title: string,
  content: Html,
  colour = FALLBACK_COLOUR,
  lang = "en",
): HttpReply => ({
  status,
  contentType: "text/html; charset=utf-8",
  headers: HEADERS,
  body: html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title>
<style>${new Html(STYLE(colour))}</style></head>
<body><main>${content}</main></body>
</html>`.text,
});

export const problemPage = (e: DomainError): HttpReply =>
  e.kind === "Gone"
    ? page(410, "Invoice withdrawn", html`<h1>Invoice withdrawn</h1><p id="problem">${e.detail}</p>`)
    : page(404, "Link not valid", html`<h1>Link not valid</h1><p id="problem">${e.detail}</p>`);

/** True when the caller asked for JSON rather than the page (`Accept: application/json` preferred over HTML). */
export const wantsJson = (ctx: RouteContext): boolean => {
  const accept = String(ctx.headers.accept ?? "");
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
};

export const tokenOf = (ctx: RouteContext): string => ctx.params.token ?? "";

export const PUBLIC = { tags: ["public"], security: "none", access: { scope: "none" }, limit: "public-token" } as const;
export const HTML = (description: string) => ({ description, mediaType: "text/html", schema: { type: "string" } });
