// @apar/core/ports: the interfaces the use cases are given (stores, unit of work, clock, ids, jobs, mailer,
// document reader and the rest). An embedder implements them, or takes them from @apar/adapters.
export type * from "../shared/clock.js";
export type * from "../shared/ids.js";
export type * from "../shared/page.js";
export type * from "../shared/scope.js";
export type * from "./approvals.js";
export type { BearerTokens, TokenClaims, TokenRefusal } from "./bearer-tokens.js";
export type * from "./bills.js";
export type * from "./customers.js";
export type * from "./document-reader.js";
export type * from "./documents.js";
export type * from "./events.js";
export type * from "./idempotency.js";
export type * from "./inbox.js";
export type * from "./invoice-documents.js";
export type * from "./invoices.js";
export type * from "./jobs.js";
export type * from "./mailer.js";
export type * from "./matching.js";
export type * from "./products.js";
export type * from "./recurring.js";
export type * from "./reminders.js";
export type * from "./stores.js";
export type * from "./supplier-credits.js";
export type * from "./suppliers.js";
export type * from "./tenancy-stores.js";
export type * from "./webhook-delivery.js";
export type * from "./webhooks.js";
