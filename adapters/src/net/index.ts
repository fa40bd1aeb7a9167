// Who is calling: the client address behind trusted proxies (used by rate limits, the HTTP mail receiver and the
// trusted mail gateway).
export * from "./client-ip.js";
