import type { Company } from "@apar/core";
import type { Logger } from "pino";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { checkMessageShape, UnacceptableMessage } from "./message-shape.js";
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
  /** RCPT commands one connection may give (default 100); past it each answers 452. */
  readonly recipientsPerConnection?: number;
  /** RCPT commands per client IP per minute (default 200); past it 421 and the connection closes. */
  readonly recipientsPerMinute?: number;
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

/** What one SMTP transaction was addressed to. */
interface Envelope {
  readonly companies: Company[];
  /** Forwarding addresses of no company: accepted at RCPT, dropped after DATA. */
  unknown: number;
}

/**
 * Starts the inbound SMTP receiver. RCPT to another domain answers 550 (no relaying); every forwarding
 * address is accepted, a company's or not, so that RCPT tells nothing about which exist (mail to no company is
 * dropped after DATA and logged, as mail providers accept and then bounce). A message over `maxBytes` is 552;
 * one wrong in itself (thousands of header fields or MIME parts) 554, since sending it again cannot help; a
 * client IP over its connection, message or recipient budget 421; a connection past its recipients 452.
 * Every accepted DATA answers 250, whatever the company decides (rejections are recorded, not bounced:
 * senders cannot probe the allowlist).
 */
export const startSmtpReceiver = async (options: SmtpReceiverOptions): Promise<SmtpReceiver> => {
  const connections = new RateLimiterMemory({ points: options.connectionsPerMinute ?? 30, duration: 60 });
  const messages = new RateLimiterMemory({ points: options.messagesPerMinute ?? 60, duration: 60 });
  const rcptBudget = new RateLimiterMemory({ points: options.recipientsPerMinute ?? 200, duration: 60 });
  const perConnection = options.recipientsPerConnection ?? 100;
  const envelopes = new WeakMap<object, Envelope>();
  const rcptCounts = new WeakMap<object, number>();
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
      envelopes.set(session, { companies: [], unknown: 0 });
      messages.consume(session.remoteAddress).then(
        () => callback(),
        () => callback(smtpError(421, "Too many messages, try again later")),
      );
    },
    onRcptTo(address, session, callback) {
      const given = (rcptCounts.get(session) ?? 0) + 1;
      rcptCounts.set(session, given);
      rcptBudget
        .consume(session.remoteAddress)
        .then(
          async () => {
            if (given > perConnection) return callback(smtpError(452, "Too many recipients"));
            if (!options.pipeline.isForwardingAddress(address.address))
              return callback(smtpError(550, "Relaying denied"));
            const company = await options.pipeline.companyOf(address.address);
            const envelope = envelopes.get(session) ?? { companies: [], unknown: 0 };
            envelopes.set(session, envelope);
            if (company === undefined) envelope.unknown += 1;
            else if (!envelope.companies.some((c) => c.id === company.id)) envelope.companies.push(company);
            callback();
          },
          () => callback(smtpError(421, "Too many recipients, try again later")),
        )
        .catch((error: unknown) => {
          log.error({ err: error }, "inbound recipient lookup failed");
          callback(smtpError(451, "Temporary failure, try again later"));
        });
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
        const envelope = envelopes.get(session) ?? { companies: [], unknown: 0 };
        const raw = Buffer.concat(chunks);
        const refuse = (error: UnacceptableMessage): void => {
          log.info({ reason: error.message }, "inbound message refused");
          callback(smtpError(554, `Message not accepted: ${error.message}`));
        };
        try {
          // Checked whoever the recipients are: a refusal for a company's address only would tell it exists.
          checkMessageShape(raw);
        } catch (error) {
          if (error instanceof UnacceptableMessage) return refuse(error);
          throw error;
        }
        if (envelope.unknown > 0)
          log.info({ unknownRecipients: envelope.unknown }, "inbound message to forwarding addresses of no company");
        if (envelope.companies.length === 0) return callback(null, "Message received");
        const ip = session.remoteAddress.replace(/^::ffff:/, "");
        options.pipeline
          .deliver({
            raw,
            arrival: {
              ip,
              helo: session.hostNameAppearsAs,
              envelopeFrom,
              via: ip,
            },
            companies: envelope.companies,
          })
          .then(
            () => callback(null, "Message received"),
            (error: unknown) => {
              if (error instanceof UnacceptableMessage) return refuse(error);
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
