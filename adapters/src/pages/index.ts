// HTML shared by the server-rendered pages: the portal, the public approval page and the public invoice pages.
export * from "./html.js";
export * from "./payee-account.js";
