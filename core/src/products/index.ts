// Products: the catalogue model.
export * from "./model.js";
