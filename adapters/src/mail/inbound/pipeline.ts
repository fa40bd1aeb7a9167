import { type Company, senderDomain } from "@apar/core";
import { type ForwardDeps, type ForwardOutcome, receiveForward } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { Logger } from "pino";
import { type Arrival, type Authentication, authenticateMessage, type DNSResolver } from "./authenticate.js";
import { gatewayMatcher, gatewayVerdicts, type MailGateways } from "./gateway.js";
import { checkMessageShape, UnacceptableMessage } from "./message-shape.js";
import { parseMessage } from "./parse.js";

/** What the inbound pipeline needs. */
export interface InboundDeps extends ForwardDeps {
  /** `APAR_INBOUND_DOMAIN`: only addresses at it reach companies. */
  readonly inboundDomain: string;
  /** DNS for DKIM keys, SPF and DMARC records (default: the system's). */
  readonly resolver?: DNSResolver;
  /** Trusted mail gateways whose Authentication-Results replace apar's own checks (none: apar checks all). */
  readonly gateways?: MailGateways;
  readonly logger: Logger;
}

/** One message as a receiver got it. */
export interface InboundMessage {
  readonly raw: Buffer;
  readonly arrival: Arrival;
  /** The companies it was addressed to (resolved at RCPT, or from the provider's recipient list). */
  readonly companies: readonly Company[];
}

/** What became of a message, per company, with the verdicts. */
export interface Delivery {
  readonly authentication: Authentication;
  readonly outcomes: readonly { readonly companyId: string; readonly outcome: ForwardOutcome | "dropped" }[];
}

/** The inbound pipeline shared by the SMTP receiver and the HTTP receiver. */
export interface InboundPipeline {
  /** Whether the address is at `APAR_INBOUND_DOMAIN` (a forwarding address, of a company or not). */
  isForwardingAddress(address: string): boolean;
  /** The company whose forwarding address this is, or undefined (another domain, an unknown slug). */
  companyOf(address: string): Promise<Company | undefined>;
  /**
   * Parses, authenticates and decides a message for each company. A message wrong in itself throws
   * `UnacceptableMessage`; infrastructure failures throw other errors.
   */
  deliver(message: InboundMessage): Promise<Delivery>;
}

/** The pipeline: forwarding addresses, MIME parsing, authentication, then each company's decision. */
export const createInboundPipeline = (deps: InboundDeps): InboundPipeline => {
  const domain = deps.inboundDomain.toLowerCase();
  const isForwardingAddress = (address: string): boolean => {
    const at = address.lastIndexOf("@");
    return at >= 1 && address.slice(at + 1).toLowerCase() === domain;
  };
  const gateways = deps.gateways ?? { addresses: [], authservIds: [] };
  const isGateway = gatewayMatcher(gateways);
  /** A trusted gateway's verdicts when it handed the message over and wrote them; else apar's own checks. */
  const authenticate = async ({ raw, arrival }: InboundMessage): Promise<Authentication> => {
    const byGateway =
      arrival.via !== undefined && isGateway(arrival.via)
        ? gatewayVerdicts(raw, gateways.authservIds, arrival.via)
        : undefined;
    return (
      byGateway ?? authenticateMessage(raw, arrival, deps.resolver === undefined ? {} : { resolver: deps.resolver })
    );
  };
  return {
    isForwardingAddress,
    async companyOf(address) {
      if (!isForwardingAddress(address)) return undefined;
      const at = address.lastIndexOf("@");
      // `acme+anything@` reaches `acme@`: people tag forwarding rules that way.
      const slug = address.slice(0, at).toLowerCase().split("+")[0] ?? "";
      return slug === "" ? undefined : deps.db.stores.companies.ofSlug(slug);
    },
    async deliver(message) {
      checkMessageShape(message.raw);
      const [parsed, authentication] = await Promise.all([
        parseMessage(message.raw).catch((error: unknown) => {
          // What the parser refuses is the message's fault (mailparser throws on structure it will not follow).
          throw new UnacceptableMessage(`the message cannot be parsed: ${(error as Error).message}`);
        }),
        authenticate(message),
      ]);
      const fromAddress = parsed.fromAddress ?? message.arrival.envelopeFrom?.toLowerCase();
      const outcomes: { companyId: string; outcome: ForwardOutcome | "dropped" }[] = [];
      for (const company of message.companies) {
        if (fromAddress === undefined || senderDomain(fromAddress) === undefined) {
          // Nobody to name in a rejection record: nothing is kept.
          outcomes.push({ companyId: company.id, outcome: "dropped" });
          continue;
        }
        const decided = await receiveForward(deps)({
          company,
          fromAddress,
          subject: parsed.subject,
          attachments: parsed.attachments,
          authentication,
        })();
        outcomes.push({ companyId: company.id, outcome: E.isLeft(decided) ? "dropped" : decided.right });
      }
      // Metadata only: never the attachments, the subject or the body.
      deps.logger.info(
        {
          companies: outcomes.map((o) => ({
            companyId: o.companyId,
            outcome: o.outcome === "dropped" ? "dropped" : o.outcome.kind,
            ...(o.outcome !== "dropped" && o.outcome.kind === "rejected" ? { reason: o.outcome.reason } : {}),
            ...(o.outcome !== "dropped" && o.outcome.kind === "accepted"
              ? { billIds: o.outcome.bills.map((b) => b.billId) }
              : {}),
          })),
          checkedBy: authentication.seen.checkedBy,
          authResult: authentication.authResult,
          dkimResult: authentication.dkimResult,
          spfResult: authentication.spfResult,
          attachments: parsed.attachments.length,
        },
        "inbound message",
      );
      return { authentication, outcomes };
    },
  };
};
