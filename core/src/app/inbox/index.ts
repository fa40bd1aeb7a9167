export * from "./company-queries.js";
export * from "./company-rules.js";
export * from "./create-company.js";
export * from "./delete-company.js";
export type * from "./deps.js";
export * from "./list-forwarding-rejections.js";
export * from "./record-forwarding-rejection.js";
export * from "./update-company.js";
