// io-ts codecs shared by every domain, and the JSON Schema generator.
export * from "./closed-type.js";
export * from "./combinators.js";
export * from "./failure.js";
export * from "./field-errors.js";
export * from "./int-from-string-or-number.js";
export * from "./iso-date.js";
export * from "./iso-date-time.js";
export * from "./json-schema.js";
export * from "./limit-param.js";
export * from "./numbers.js";
export * from "./query-params.js";
export * from "./strings.js";
export * from "./uuid.js";
