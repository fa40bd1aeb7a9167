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
  /**
   * `Lax` only for the cookie an identity provider's redirect back must carry (a top-level GET from another site,
   * which `Strict` cookies do not go with). Default `Strict`.
   */
  readonly sameSite?: "Strict" | "Lax";
}

/**
 * A `Set-Cookie` value for the portal: HttpOnly (no script reads it), SameSite=Strict unless asked (no other site's
 * request carries it) and Path=/portal (the API never sees it). Values are base64url, so need no quoting.
 */
export const setCookie = (name: string, value: string, options: CookieOptions): string =>
  [
    `${name}=${value}`,
    "Path=/portal",
    "HttpOnly",
    `SameSite=${options.sameSite ?? "Strict"}`,
    ...(options.maxAge === undefined ? [] : [`Max-Age=${options.maxAge}`]),
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
