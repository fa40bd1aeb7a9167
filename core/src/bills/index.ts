// Bills: the model, the lifecycle table, the view, history and field limits.
export * from "./bill-machine.js";
export * from "./bill-view.js";
export * from "./canonical-fields.js";
export * from "./field-limits.js";
export * from "./history.js";
export * from "./history-view.js";
export * from "./media-type.js";
export * from "./model.js";
export * from "./normalise.js";
