import { createHash, timingSafeEqual } from "node:crypto";
import { type Company, domainError, toJsonSchema } from "@apar/core";
import * as t from "io-ts";
import { headerFields } from "../../mail/inbound/headers.js";
import { UnacceptableMessage } from "../../mail/inbound/message-shape.js";
import { clientIp, trustedProxies } from "../../net/client-ip.js";
import { readRaw } from "../raw-body.js";
import type { RouteContext, RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";

/** What every message posted gets: received, whatever the companies decide. */
const Received = t.strict({ received: t.literal(true) }, "Received");
const RECEIVED: t.TypeOf<typeof Received> = { received: true };

/** What `POST /inbound/email` needs. */
export type InboundEmailRouteDeps = RouteDeps<"inbound" | "inboundEmailSecret" | "smtpMaxBytes" | "trustedProxies">;

const digest = (s: string): Buffer => createHash("sha256").update(s).digest();

/** Compares in constant time (hashes first, so lengths leak nothing either). */
const sameSecret = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

const header = (ctx: RouteContext, name: string): string | undefined => {
  const value = ctx.headers[name];
  const text = Array.isArray(value) ? value.join(",") : value;
  return text === undefined || text.trim() === "" ? undefined : text.trim();
};

/** Addresses in the message's To, Cc and Delivered-To headers (when the provider names no recipients). */
const headerRecipients = (raw: Buffer): string[] =>
  headerFields(raw)
    .filter((f) => f.name === "to" || f.name === "cc" || f.name === "delivered-to")
    .flatMap((f) => [...f.value.matchAll(/[^\s<>"@,:;]+@[a-z0-9.-]+/gi)].map((m) => m[0]));

/**
 * `POST /inbound/email`: raw MIME (`message/rfc822`) posted by an email-delivery provider, fed to the same
 * pipeline as SMTP. The provider proves itself with `x-<prefix>-inbound-secret`; it may name the connecting
 * client (`x-<prefix>-client-ip`, `-helo`, `-mail-from`, needed for SPF: without the IP SPF is Unknown) and
 * the recipients (`x-<prefix>-rcpt-to`, comma-separated; default the addresses in To, Cc and Delivered-To).
 * The poster's own address (the HTTP client's, through trusted proxies) is what the trusted mail gateways
 * are matched against: a provider listed there is believed for its Authentication-Results.
 * Answers 202 whatever the companies decide, as SMTP answers 250.
 */
export const inboundEmailRoutes = (deps: InboundEmailRouteDeps, headerPrefix: string): RouteDef[] => {
  const h = (name: string) => `x-${headerPrefix}-${name}`;
  // The trusted proxies come from the configuration, which does not change: parsed on the first request.
  let proxies: ReturnType<typeof trustedProxies> | undefined;
  const proxiesOf = (list: readonly string[]) => {
    proxies ??= trustedProxies(list);
    return proxies;
  };
  return [
    {
      method: "POST",
      path: "/inbound/email",
      operationId: "receiveInboundEmail",
      summary: "Receive a forwarded email from an email-delivery provider",
      description:
        "Raw MIME as the provider received it. Authenticated by a shared secret (APAR_INBOUND_EMAIL_SECRET); " +
        "600 requests per minute per IP. Rejections are recorded as forwarding rejections; the answer is 202 either way. " +
        "A provider posting from an address in APAR_TRUSTED_MAIL_GATEWAYS is believed for its Authentication-Results " +
        "(authserv-id in APAR_TRUSTED_AUTHSERV_IDS) instead of apar's own DKIM, SPF and DMARC checks.",
      tags: ["companies"],
      security: "none",
      limit: "inbound",
      stream: true,
      parameters: [
        { name: h("inbound-secret"), in: "header", required: true, schema: { type: "string" } },
        {
          name: h("client-ip"),
          in: "header",
          description: "The IP that connected to the provider.",
          schema: { type: "string" },
        },
        { name: h("helo"), in: "header", description: "Its EHLO name.", schema: { type: "string" } },
        { name: h("mail-from"), in: "header", description: "The envelope sender.", schema: { type: "string" } },
        {
          name: h("rcpt-to"),
          in: "header",
          description: "Envelope recipients, comma-separated.",
          schema: { type: "string" },
        },
      ],
      requestBody: {
        mediaType: "message/rfc822",
        schema: { type: "string", format: "binary" },
      },
      responses: {
        "202": { description: "Received (accepted or recorded as a rejection).", schema: toJsonSchema(Received) },
        "400": {
          description:
            "`Request.EmptyBody`: no message; `InboundEmail.Unacceptable`: thousands of header fields or MIME parts.",
        },
        "401": { description: "`InboundEmail.BadSecret`: the shared secret is missing or wrong." },
        "404": { description: "No provider is configured (APAR_INBOUND_EMAIL_SECRET unset)." },
        "413": { description: "`Request.TooLarge`: larger than APAR_SMTP_MAX_BYTES." },
      },
      handler: async (ctx) => {
        const { inbound: pipeline, inboundEmailSecret: secret, smtpMaxBytes, trustedProxies: proxyList } = deps();
        if (secret === undefined) return domainError("NotFound", "Route.NotFound", "No such route.");
        const given = header(ctx, h("inbound-secret"));
        if (given === undefined || !sameSecret(given, secret))
          return domainError("Unauthenticated", "InboundEmail.BadSecret", "The inbound secret is missing or wrong.");
        const raw = await readRaw(ctx, smtpMaxBytes);
        if (!Buffer.isBuffer(raw)) return raw;
        if (raw.length === 0) return domainError("BadRequest", "Request.EmptyBody", "Post the raw message.");
        const named = header(ctx, h("rcpt-to"))
          ?.split(",")
          .map((a) => a.trim());
        const companies: Company[] = [];
        for (const address of named ?? headerRecipients(raw)) {
          const company = await pipeline.companyOf(address);
          if (company !== undefined && !companies.some((c) => c.id === company.id)) companies.push(company);
        }
        const ip = header(ctx, h("client-ip"));
        const helo = header(ctx, h("helo"));
        const mailFrom = header(ctx, h("mail-from"));
        try {
          await pipeline.deliver({
            raw,
            arrival: {
              ...(ip === undefined ? {} : { ip }),
              ...(helo === undefined ? {} : { helo }),
              ...(mailFrom === undefined ? {} : { envelopeFrom: mailFrom }),
              via: clientIp(ctx.req.socket.remoteAddress, ctx.headers["x-forwarded-for"], proxiesOf(proxyList)),
            },
            companies,
          });
        } catch (error) {
          // A message wrong in itself: the provider must not retry it (SMTP answers 554 for the same).
          if (error instanceof UnacceptableMessage)
            return domainError("BadRequest", "InboundEmail.Unacceptable", `Message not accepted: ${error.message}`);
          throw error;
        }
        return { status: 202, body: RECEIVED };
      },
    },
  ];
};
