import { readFileSync } from "node:fs";
import { companyRoutes } from "@apar/adapters/http/routes/company-routes";
import { inboundEmailRoutes } from "@apar/adapters/http/routes/inbound-email-routes";
import {
  createInboundPipeline,
  type DNSResolver,
  type SmtpReceiver,
  startSmtpReceiver,
} from "@apar/adapters/mail/inbound/index";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { READ_COMPANY_BILL_JOB } from "@apar/core/app";
import { type Container, ContainerModule } from "inversify";
import { type Config, readMethodFor } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/**
 * The inbound-email part: the pipeline that SMTP and `POST /inbound/email` feed (a test's DNS resolver wins over
 * the system's), its job's dependencies, and the company routes.
 */
export const inboundModule = (config: Config, services: Services, resolver: DNSResolver | undefined): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.InboundPipeline).toDynamicValue(async (ctx) =>
      createInboundPipeline({
        db: await ctx.getAsync(TOKENS.Database),
        clock: ctx.get(TOKENS.Clock),
        ids: ctx.get(TOKENS.Ids),
        randomBytes: secureRandomBytes,
        files: ctx.get(TOKENS.DocumentFiles),
        inboundDomain: config.inboundDomain,
        ...(resolver === undefined ? {} : { resolver }),
        gateways: { addresses: config.trustedMailGateways, authservIds: config.trustedAuthservIds },
        logger: ctx.get(TOKENS.Logger).child({ part: "inbound" }),
      }),
    );
    bind(TOKENS.InboundJobDeps).toDynamicValue(async (ctx) => {
      return {
        [READ_COMPANY_BILL_JOB]: {
          db: await ctx.getAsync(TOKENS.Database),
          clock: ctx.get(TOKENS.Clock),
          ids: ctx.get(TOKENS.Ids),
          randomBytes: secureRandomBytes,
          files: ctx.get(TOKENS.DocumentFiles),
          reader: ctx.get(TOKENS.DocumentReader),
          readMethodFor: readMethodFor(config),
          readTimeoutMs: config.readTimeoutMs,
        },
      };
    });
    bind(TOKENS.RouteList).toConstantValue([
      ...companyRoutes(services),
      ...inboundEmailRoutes(services, config.headerPrefix),
    ]);
  });

/** Starts the smtp role's receiver on `APAR_SMTP_PORT`, with STARTTLS when a certificate is configured. */
export const startSmtpRole = async (c: Container): Promise<SmtpReceiver> => {
  const config = c.get(TOKENS.Config);
  const tls =
    config.smtpTlsCert !== undefined && config.smtpTlsKey !== undefined
      ? { cert: readFileSync(config.smtpTlsCert), key: readFileSync(config.smtpTlsKey) }
      : undefined;
  return startSmtpReceiver({
    port: config.smtpPort,
    host: config.host,
    maxBytes: config.smtpMaxBytes,
    ...(tls === undefined ? {} : { tls }),
    pipeline: await c.getAsync(TOKENS.InboundPipeline),
    logger: c.get(TOKENS.Logger).child({ part: "smtp" }),
  });
};
