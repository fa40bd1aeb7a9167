/** The cookies of a request header, by name (the first of a repeated name wins). */
export const parseCookies = (header: string | string[] | undefined): ReadonlyMap<string, string> => {
  const out = new Map<string, string>();
  const text = Array.isArray(header) ? header.join("; ") : (header ?? "");
  for (const part of text.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name !== "" && !out.has(name)) out.set(name, part.slice(at + 1).trim());
  }
  return out;
};

/** How a portal cookie is set. */
export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. Absent: a browser-session cookie. */
  readonly maxAge?: number;
  readonly secure: boolean;
}

/**
 * A `Set-Cookie` value for the portal: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * request carries it) and Path=/portal (the API never sees it). Values are base64url, so need no quoting.
 */
export const setCookie = (name: string, value: string, options: CookieOptions): string =>
  [
    `${name}=${value}`,
    "Path=/portal",
    "HttpOnly",
    "SameSite=Strict",
    ...(options.maxAge === undefined ? [] : [`Max-Age=${options.maxAge}`]),
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
