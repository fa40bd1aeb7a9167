// The public invoice and statement pages a customer opens by link (/i/{token}).
export * from "./public-invoice-routes.js";
export * from "./public-invoice-view.js";
export { readableColour } from "./public-page.js";
