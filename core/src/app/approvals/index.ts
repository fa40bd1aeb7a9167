// Use cases of approvals: policies, submit, approve, reject, public approval links.
export * from "./approval-links.js";
export * from "./bill-lifecycle.js";
export * from "./deps.js";
export * from "./jobs.js";
export * from "./policy-input.js";
export * from "./policy-use-cases.js";
export * from "./policy-view.js";
