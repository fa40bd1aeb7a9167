// Mail in: the SMTP receiver, parsing, DKIM/SPF/DMARC checks and the shape a message must have.
export * from "./authenticate.js";
export * from "./gateway.js";
export * from "./headers.js";
export * from "./message-shape.js";
export * from "./parse.js";
export * from "./pipeline.js";
export * from "./smtp-receiver.js";
