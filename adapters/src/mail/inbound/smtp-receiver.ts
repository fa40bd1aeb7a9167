import type { Company } from "@apar/core";
import type { Logger } from "pino";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import type { InboundPipeline } from "./pipeline.js";

/** The SMTP receiver's settings. */
export interface SmtpReceiverOptions {
  readonly port: number;
  readonly host?: string;
  /** Largest message in bytes: announced in EHLO (SIZE) and answered 552 above it. */
  readonly maxBytes: number;
  /** PEM certificate and key: STARTTLS is offered only with both. */
  readonly tls?: { readonly cert: Buffer | string; readonly key: Buffer | string };
  /** New connections per client IP per minute (default 30). */
  readonly connectionsPerMinute?: number;
  /** Messages per client IP per minute (default 60). */
  readonly messagesPerMinute?: number;
  /** The name in the greeting. */
  readonly name?: string;
  readonly pipeline: InboundPipeline;
  readonly logger: Logger;
}

/** A listening receiver. */
export interface SmtpReceiver {
  readonly port: number;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string): Error => Object.assign(new Error(message), { responseCode: code });

/**
 * Starts the inbound SMTP receiver: RCPT to an address that is no company's answers 550; a message over
 * `maxBytes` 552; a client IP over its connection or message budget 421. Every accepted DATA answers 250,
 * whatever the company decides (rejections are recorded, not bounced: senders cannot probe the allowlist).
 */
export const startSmtpReceiver = async (options: SmtpReceiverOptions): Promise<SmtpReceiver> => {
  const connections = new RateLimiterMemory({ points: options.connectionsPerMinute ?? 30, duration: 60 });
  const messages = new RateLimiterMemory({ points: options.messagesPerMinute ?? 60, duration: 60 });
  const recipients = new WeakMap<object, Company[]>();
  const log = options.logger;
  const serverOptions: SMTPServerOptions = {
    name: options.name ?? "apar",
    banner: "apar inbound",
    size: options.maxBytes,
    authOptional: true,
    disabledCommands: options.tls === undefined ? ["AUTH", "STARTTLS"] : ["AUTH"],
    ...(options.tls === undefined ? {} : { key: options.tls.key, cert: options.tls.cert }),
    // The server's own logger would write addresses and commands to stdout; ours logs metadata only.
    logger: false,
    // The client's name is not used for any decision; a reverse lookup per connection only adds latency.
    disableReverseLookup: true,
    onConnect(session, callback) {
      connections.consume(session.remoteAddress).then(
        () => callback(),
        () => callback(smtpError(421, "Too many connections, try again later")),
      );
    },
    onMailFrom(_address, session, callback) {
      recipients.set(session, []);
      messages.consume(session.remoteAddress).then(
        () => callback(),
        () => callback(smtpError(421, "Too many messages, try again later")),
      );
    },
    onRcptTo(address, session, callback) {
      options.pipeline.companyOf(address.address).then(
        (company) => {
          if (company === undefined) return callback(smtpError(550, "No such recipient here"));
          const list = recipients.get(session) ?? [];
          if (!list.some((c) => c.id === company.id)) list.push(company);
          recipients.set(session, list);
          callback();
        },
        (error: unknown) => {
          log.error({ err: error }, "inbound recipient lookup failed");
          callback(smtpError(451, "Temporary failure, try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the rest is drained, not kept.
        if (size <= options.maxBytes) chunks.push(chunk);
      });
      stream.on("error", (error) => callback(error));
      stream.on("end", () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded || size > options.maxBytes)
          return callback(smtpError(552, "Message exceeds the size limit"));
        const envelopeFrom = session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address;
        options.pipeline
          .deliver({
            raw: Buffer.concat(chunks),
            arrival: {
              ip: session.remoteAddress.replace(/^::ffff:/, ""),
              helo: session.hostNameAppearsAs,
              envelopeFrom,
            },
            companies: recipients.get(session) ?? [],
          })
          .then(
            () => callback(null, "Message received"),
            (error: unknown) => {
              log.error({ err: error }, "inbound message failed");
              callback(smtpError(451, "Temporary failure, try again later"));
            },
          );
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  server.on("error", (error) => log.warn({ err: error }, "smtp connection error"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
