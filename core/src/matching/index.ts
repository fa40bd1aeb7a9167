// Three-way matching: purchase orders, delivery notes, match groups and variances.
export * from "./auto-match.js";
export * from "./match-group-machine.js";
export * from "./model.js";
export * from "./purchase-order-machine.js";
export * from "./similarity.js";
export * from "./variances.js";
export * from "./views.js";
