// Use cases of staff sign-in: e-mail links, OpenID Connect matches and person sessions.
export * from "./accounts.js";
export * from "./deps.js";
export * from "./jobs.js";
export * from "./links.js";
export * from "./people.js";
export * from "./sessions.js";
