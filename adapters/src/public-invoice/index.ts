export * from "./public-invoice-routes.js";
export * from "./public-invoice-view.js";
export { readableColour } from "./public-page.js";
