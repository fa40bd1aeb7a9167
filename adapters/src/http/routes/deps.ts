import type { CoreDeps, WebhookDeps } from "@apar/core/app";
import type { BearerTokens, EinvoiceWriter, InvoiceRenderer, Mailer, PaymentGateway, Tokens } from "@apar/core/ports";
import type { StreamingDocumentFiles } from "../../documents/file-document-files.js";
import type { InboundPipeline } from "../../mail/inbound/pipeline.js";

/**
 * Everything a route uses, in one shape. The names are core's (`db`, `clock`, `ids`, `tokens`, `publicBaseUrl`,
 * ...), so that what a route reads goes to a use case as it is.
 */
export interface RouteServices extends CoreDeps {
  /** The cryptographic random source (keys, codes, secrets). */
  readonly randomBytes: (size: number) => Uint8Array;
  /** Signs and verifies bearer tokens (`POST /auth/exchange`). */
  readonly bearerTokens: BearerTokens;
  /** Public page tokens of invoices. */
  readonly tokens: Tokens;
  /** `APAR_PUBLIC_URL`: public links are `<publicBaseUrl>/i/<token>`. */
  readonly publicBaseUrl: string;
  readonly renderer: InvoiceRenderer;
  readonly einvoices: EinvoiceWriter;
  readonly mailer: Mailer;
  /** `APAR_MAIL_FROM`. */
  readonly mailFrom: string;
  /** Where bills' documents are kept. */
  readonly files: StreamingDocumentFiles;
  /** `APAR_MAX_UPLOAD_BYTES`. */
  readonly maxUploadBytes: number;
  /** The webhook use cases' dependencies (the secret sealer and the URL policy among them). */
  readonly webhooks: WebhookDeps;
  /** The inbound mail pipeline (the same one SMTP feeds). */
  readonly inbound: InboundPipeline;
  /** `APAR_INBOUND_DOMAIN`: a company's forwarding address is `<slug>@<inboundDomain>`. */
  readonly inboundDomain: string;
  /** `APAR_INBOUND_EMAIL_SECRET`; unset: `POST /inbound/email` answers 404 (no provider is configured). */
  readonly inboundEmailSecret: string | undefined;
  /** Largest inbound message (`APAR_SMTP_MAX_BYTES`, as for SMTP). */
  readonly smtpMaxBytes: number;
  /** `APAR_TRUSTED_PROXIES`: behind them, a poster's address is the one their X-Forwarded-For names. */
  readonly trustedProxies: readonly string[];
  /** `OCR` or `LLM` for a client (`APAR_LLM_CLIENTS`). */
  readonly readingMethodFor: (clientId: string) => "ocr" | "llm";
  /** `APAR_OCR_LANGUAGES`. */
  readonly ocrLanguages: readonly string[];
  /** `APAR_LLM_UNSURE_BELOW` when an LLM endpoint is set; null: no second look. */
  readonly llmSecondLookBelow: number | null;
  /** None (the default): no Pay button on public invoice pages, and checkout sessions answer 501. */
  readonly paymentGateway: PaymentGateway | undefined;
}

/**
 * The one shape of a route module's dependencies: a function giving the services it names, called when a
 * request runs (routes are built before the database opens; `apar openapi` builds them with none at all).
 */
export type RouteDeps<K extends keyof RouteServices> = () => Pick<RouteServices, K>;
