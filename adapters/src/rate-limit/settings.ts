/** The numbers of the rate limits. Every budget counts over one fixed window per key. */
export interface RateLimitSettings {
  /** Length of every window, in whole seconds. */
  readonly windowSeconds: number;
  /** Requests per window per source IP on every limited route (inbound receivers aside). */
  readonly perIp: number;
  /** More than this many requests from one IP in a window block it (rejected ones count too). */
  readonly blockAbove: number;
  /** How long a block lasts, in whole seconds. */
  readonly blockSeconds: number;
  /**
   * Requests per window to the auth routes (codes, exchange, registration, invites) per accepted credential (a code
   * request's API key) or, on routes without one, per the body's key (an exchange's code). The spec shares one
   * budget across all callers; apar does not, so that strangers spending it cannot lock every user out of sign-in.
   */
  readonly auth: number;
  /**
   * Requests per window per source IP to those auth routes: apar's narrower row (the spec's rule 2, "whichever
   * is reached first"), so one IP cannot try many codes.
   */
  readonly authPerIp: number;
  /** Requests per window per token to the public pages. */
  readonly publicToken: number;
  /** Requests per window per credential to the MCP endpoint; each message of a JSON-RPC batch is one request. */
  readonly mcp: number;
  /** Requests per window per source IP to the inbound third-party receivers. */
  readonly inbound: number;
}

/** The spec's Limits table, and apar's per-IP row for the auth routes. */
export const SPEC_RATE_LIMITS: RateLimitSettings = {
  windowSeconds: 60,
  perIp: 120,
  blockAbove: 600,
  blockSeconds: 600,
  auth: 10,
  authPerIp: 20,
  publicToken: 60,
  mcp: 120,
  inbound: 600,
};
