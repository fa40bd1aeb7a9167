// Mail out: nodemailer over SMTP, or `.eml` files in the outbox folder.
export { createMailer, type MailerOptions } from "./create-mailer.js";
export { createEmlOutboxMailer } from "./eml-outbox-mailer.js";
export { createSmtpMailer } from "./smtp-mailer.js";
