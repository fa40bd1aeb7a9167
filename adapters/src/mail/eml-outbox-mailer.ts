import { mkdir, open, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { Mailer } from "@apar/core/ports";
import nodemailer from "nodemailer";
import { toMailOptions } from "./to-mail-options.js";

/**
 * A Mailer that writes each message as an RFC 5322 `.eml` file under `outboxDir` (the embedded default when no
 * SMTP server is configured). Names sort in sending order: `<UTC time>-<sequence>-<message id>.eml`.
 */
export const createEmlOutboxMailer = (outboxDir: string, defaultFrom?: string): Mailer => {
  // nodemailer composes the full MIME message (headers, Message-ID, Date, attachments) into a buffer.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  let sequence = 0;
  let ready: Promise<unknown> | undefined;
  return {
    async send(message) {
      const info = await composer.sendMail(toMailOptions(message, defaultFrom));
      ready ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      sequence = (sequence + 1) % 1_000_000;
      const name = `${timestamp(new Date())}-${String(sequence).padStart(6, "0")}-${safeName(info.messageId)}.eml`;
      await writeAtomically(outboxDir, name, info.message as Buffer);
      return { messageId: info.messageId };
    },
    async close() {},
  };
};

const timestamp = (at: Date): string => at.toISOString().replace(/[-:.]/g, "");

const safeName = (messageId: string): string => messageId.replace(/^<|>$/g, "").replace(/[^A-Za-z0-9._@-]/g, "_");

// Readers of the outbox never see a half-written file: write a hidden temp file, flush it, then rename.
const writeAtomically = async (dir: string, name: string, bytes: Buffer): Promise<void> => {
  const temp = join(dir, `.${name}.tmp`);
  try {
    const file = await open(temp, "wx");
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, join(dir, name));
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
};
