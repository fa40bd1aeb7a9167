import type { MailMessage } from "@apar/core/ports";
import type { SendMailOptions } from "nodemailer";

/** Maps a port message onto nodemailer's options; `defaultFrom` fills an empty sender. */
export const toMailOptions = (message: MailMessage, defaultFrom: string | undefined): SendMailOptions => {
  const from = message.from || defaultFrom;
  if (!from) throw new Error("mail: the message has no sender and no default sender is configured");
  return {
    from,
    to: [...message.to],
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.headers === undefined ? {} : { headers: { ...message.headers } }),
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      // A view, not a copy: nodemailer wants a Buffer and the bytes are only read.
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
  };
};
