import type { Mailer } from "@apar/core/ports";
import nodemailer from "nodemailer";
import { toMailOptions } from "./to-mail-options.js";

/** A Mailer that delivers through a pool of SMTP connections to `smtpUrl` (smtp:// or smtps://). */
export const createSmtpMailer = (smtpUrl: string, defaultFrom?: string): Mailer => {
  assertSmtpUrl(smtpUrl);
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
  return {
    async send(message) {
      const info = await transport.sendMail(toMailOptions(message, defaultFrom));
      return { messageId: info.messageId };
    },
    async close() {
      // Idle connections close at once; one in the middle of a delivery finishes it first.
      transport.close();
    },
  };
};

// Fails at boot rather than at the first send; the message never repeats the URL, which may hold a password.
const assertSmtpUrl = (smtpUrl: string): void => {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error("mail: SMTP_URL is not a URL (expected smtp://user:pass@host:port or smtps://...)");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`mail: SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (!url.hostname) throw new Error("mail: SMTP_URL has no host");
};
