// The REST layer: routes as data, problem bodies, request ids, logs, metrics, the OpenAPI document.
export * from "./auth/authenticate.js";
export * from "./auth/jwt-tokens.js";
export * from "./auth/key-cache.js";
export * from "./body.js";
export * from "./cluster-metrics.js";
export * from "./cors.js";
export * from "./metrics.js";
export * from "./openapi.js";
export * from "./openapi-file.js";
export * from "./operator-routes.js";
export * from "./problem.js";
export * from "./query.js";
export * from "./reply.js";
export * from "./request-id.js";
export * from "./route.js";
export * from "./server.js";
