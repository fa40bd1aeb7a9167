// Bank account checks: IBAN, BIC and national account rules, and where a payment may go.
export * from "./destination.js";
export * from "./local-checks.js";
export * from "./profiles.js";
export * from "./uk-modulus.js";
export * from "./validate.js";
export * from "./views.js";
