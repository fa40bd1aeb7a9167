export type * from "./clock.js";
export type * from "./events.js";
export type * from "./ids.js";
export type * from "./jobs.js";
export type * from "./mailer.js";
export type * from "./page.js";
export type * from "./stores.js";
export type * from "./tenancy-stores.js";
