import { readFileSync } from "node:fs";
import type { StreamingDocumentFiles } from "@apar/adapters/documents/index";
import type { RouteDef } from "@apar/adapters/http/index";
import { companyRoutes } from "@apar/adapters/http/routes/company-routes";
import { inboundEmailRoutes } from "@apar/adapters/http/routes/inbound-email-routes";
import type { TenancyRouteDeps } from "@apar/adapters/http/routes/index";
import {
  createInboundPipeline,
  type DNSResolver,
  type InboundPipeline,
  type SmtpReceiver,
  startSmtpReceiver,
} from "@apar/adapters/mail/inbound/index";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { type JobsDeps, READ_COMPANY_BILL_JOB } from "@apar/core/app";
import type { Clock, Database, DocumentReader, Ids } from "@apar/core/ports";
import type { Container } from "inversify";
import type { Logger } from "pino";
import { BILL_TOKENS } from "./bills-wiring.js";
import type { Config } from "./config.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of the inbound-email part (kept here so that the shared token list grows by nothing). */
export const INBOUND_TOKENS = {
  Pipeline: Symbol.for("apar.InboundPipeline"),
} as const;

/** Binds the inbound pipeline (a test's DNS resolver wins over the system's). */
export const bindInbound = (c: Container, config: Config, resolver: DNSResolver | undefined): void => {
  c.bind<InboundPipeline>(INBOUND_TOKENS.Pipeline).toDynamicValue(async () =>
    createInboundPipeline({
      db: await c.getAsync<Database>(TOKENS.Database),
      clock: c.get<Clock>(TOKENS.Clock),
      ids: c.get<Ids>(TOKENS.Ids),
      randomBytes: secureRandomBytes,
      files: c.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
      inboundDomain: config.inboundDomain,
      ...(resolver === undefined ? {} : { resolver }),
      gateways: { addresses: config.trustedMailGateways, authservIds: config.trustedAuthservIds },
      logger: c.get<Logger>(TOKENS.Logger).child({ part: "inbound" }),
    }),
  );
};

/** The dependencies of the inbound part's job: `read-company-bill`. */
export const inboundJobDeps = async (c: Container): Promise<Pick<JobsDeps, typeof READ_COMPANY_BILL_JOB>> => {
  const config = c.get<Config>(TOKENS.Config);
  const llmClients = new Set(config.llmClients);
  const deps: JobsDeps[typeof READ_COMPANY_BILL_JOB] = {
    db: await c.getAsync<Database>(TOKENS.Database),
    clock: c.get<Clock>(TOKENS.Clock),
    ids: c.get<Ids>(TOKENS.Ids),
    randomBytes: secureRandomBytes,
    files: c.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
    reader: c.get<DocumentReader>(BILL_TOKENS.DocumentReader),
    readMethodFor: (clientId) => (llmClients.has(clientId) ? "llm" : "ocr"),
    readTimeoutMs: config.readTimeoutMs,
  };
  return { [READ_COMPANY_BILL_JOB]: deps };
};

/** The company routes and `POST /inbound/email`; their database is read when a request runs. */
export const inboundRouteList = (c: Container, routeDeps: TenancyRouteDeps): RouteDef[] => {
  const config = c.get<Config>(TOKENS.Config);
  return [
    // No spread of `routeDeps`: it would run its getters now, before the database is open.
    ...companyRoutes({
      get database() {
        return routeDeps.database;
      },
      get tokens() {
        return routeDeps.tokens;
      },
      get ids() {
        return routeDeps.ids;
      },
      clock: routeDeps.clock,
      randomBytes: routeDeps.randomBytes,
      inboundDomain: config.inboundDomain,
    }),
    ...inboundEmailRoutes({
      secret: config.inboundEmailSecret,
      headerPrefix: config.headerPrefix,
      maxBytes: config.smtpMaxBytes,
      trustedProxies: config.trustedProxies,
      pipeline: () => c.get<InboundPipeline>(INBOUND_TOKENS.Pipeline),
    }),
  ];
};

/** Starts the smtp role's receiver on `APAR_SMTP_PORT`, with STARTTLS when a certificate is configured. */
export const startSmtpRole = async (c: Container): Promise<SmtpReceiver> => {
  const config = c.get<Config>(TOKENS.Config);
  const tls =
    config.smtpTlsCert !== undefined && config.smtpTlsKey !== undefined
      ? { cert: readFileSync(config.smtpTlsCert), key: readFileSync(config.smtpTlsKey) }
      : undefined;
  return startSmtpReceiver({
    port: config.smtpPort,
    host: config.host,
    maxBytes: config.smtpMaxBytes,
    ...(tls === undefined ? {} : { tls }),
    pipeline: await c.getAsync<InboundPipeline>(INBOUND_TOKENS.Pipeline),
    logger: c.get<Logger>(TOKENS.Logger).child({ part: "smtp" }),
  });
};
