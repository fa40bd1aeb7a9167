import type { Mailer } from "@apar/core/ports";
import { createEmlOutboxMailer } from "./eml-outbox-mailer.js";
import { createSmtpMailer } from "./smtp-mailer.js";

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://...`; unset means `.eml` files under `outboxDir`. */
  readonly smtpUrl?: string | undefined;
  readonly outboxDir: string;
  /** The sender used when a message's `from` is empty. */
  readonly defaultFrom?: string | undefined;
}

/** The outbound Mailer: SMTP when `smtpUrl` is set, otherwise `.eml` files under `outboxDir`. */
export const createMailer = (options: MailerOptions): Mailer =>
  options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.defaultFrom)
    : createEmlOutboxMailer(options.outboxDir, options.defaultFrom);
