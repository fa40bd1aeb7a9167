export * from "./accounts.js";
export * from "./deps.js";
export * from "./jobs.js";
export * from "./links.js";
export * from "./people.js";
export * from "./sessions.js";
