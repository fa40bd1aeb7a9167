import { readFileSync } from "node:fs";
import type { StreamingDocumentFiles } from "@apar/adapters/documents/index";
import type { RouteDef } from "@apar/adapters/http/index";
import { companyRoutes } from "@apar/adapters/http/routes/company-routes";
import { inboundEmailRoutes } from "@apar/adapters/http/routes/inbound-email-routes";
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
import { type Container, ContainerModule } from "inversify";
import type { Logger } from "pino";
import { BILL_TOKENS } from "./bills-wiring.js";
import type { Config } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of the inbound-email part (kept here so that the shared token list grows by nothing). */
export const INBOUND_TOKENS = {
  Pipeline: Symbol.for("apar.InboundPipeline"),
  JobDeps: Symbol.for("apar.InboundJobDeps"),
} as const;

/** The dependencies of the inbound part's job: `read-company-bill`. */
export type InboundJobDeps = Pick<JobsDeps, typeof READ_COMPANY_BILL_JOB>;

/**
 * The inbound-email part: the pipeline that SMTP and `POST /inbound/email` feed (a test's DNS resolver wins over
 * the system's), its job's dependencies, and the company routes.
 */
export const inboundModule = (config: Config, services: Services, resolver: DNSResolver | undefined): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<InboundPipeline>(INBOUND_TOKENS.Pipeline).toDynamicValue(async (ctx) =>
      createInboundPipeline({
        db: await ctx.getAsync<Database>(TOKENS.Database),
        clock: ctx.get<Clock>(TOKENS.Clock),
        ids: ctx.get<Ids>(TOKENS.Ids),
        randomBytes: secureRandomBytes,
        files: ctx.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
        inboundDomain: config.inboundDomain,
        ...(resolver === undefined ? {} : { resolver }),
        gateways: { addresses: config.trustedMailGateways, authservIds: config.trustedAuthservIds },
        logger: ctx.get<Logger>(TOKENS.Logger).child({ part: "inbound" }),
      }),
    );
    bind<InboundJobDeps>(INBOUND_TOKENS.JobDeps).toDynamicValue(async (ctx) => {
      const llmClients = new Set(config.llmClients);
      return {
        [READ_COMPANY_BILL_JOB]: {
          db: await ctx.getAsync<Database>(TOKENS.Database),
          clock: ctx.get<Clock>(TOKENS.Clock),
          ids: ctx.get<Ids>(TOKENS.Ids),
          randomBytes: secureRandomBytes,
          files: ctx.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
          reader: ctx.get<DocumentReader>(BILL_TOKENS.DocumentReader),
          readMethodFor: (clientId) => (llmClients.has(clientId) ? "llm" : "ocr"),
          readTimeoutMs: config.readTimeoutMs,
        },
      };
    });
    bind<readonly RouteDef[]>(TOKENS.RouteList).toConstantValue([
      ...companyRoutes(services),
      ...inboundEmailRoutes(services, config.headerPrefix),
    ]);
  });

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
