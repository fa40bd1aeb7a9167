import type { RouteDef } from "@apar/adapters/http/index";
import { webhookRoutes } from "@apar/adapters/http/routes/webhook-routes";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { createWebhookRunner, type WebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import { createGuardedClient, type GuardedClient } from "@apar/adapters/webhooks/guarded-client";
import type { Notifier } from "@apar/adapters/webhooks/notifier";
import { createSecretSealer } from "@apar/adapters/webhooks/secret-sealer";
import type { WebhookDeps } from "@apar/core/app";
import type { Clock, Database, Ids } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { loadSecretKey } from "./secret-key.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/**
 * The webhooks part: the guarded HTTP client (the URL policy), the use cases' dependencies (the secret sealer,
 * whose key loads on first use), the delivery runner of the worker role, and the subscription routes.
 */
export const webhooksModule = (config: Config, services: Services, workerId: string | undefined): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<GuardedClient>(TOKENS.WebhookClient).toDynamicValue(() =>
      createGuardedClient({
        allowInsecureLoopback: config.webhooksAllowInsecure,
        privateCidrs: config.webhooksPrivateCidrs,
      }),
    );
    bind<WebhookDeps>(TOKENS.WebhookDeps).toDynamicValue(async (ctx) => {
      const client = ctx.get<GuardedClient>(TOKENS.WebhookClient);
      return {
        db: await ctx.getAsync<Database>(TOKENS.Database),
        clock: ctx.get<Clock>(TOKENS.Clock),
        ids: ctx.get<Ids>(TOKENS.Ids),
        randomBytes: secureRandomBytes,
        sealer: createSecretSealer(await loadSecretKey(config.secretKey, config.dataDir)),
        checkUrl: (url) => client.validate(url),
      };
    });
    bind<WebhookRunner>(TOKENS.WebhookRunner).toDynamicValue(async (ctx) => {
      const deps = await ctx.getAsync<WebhookDeps>(TOKENS.WebhookDeps);
      return createWebhookRunner({
        id: `${workerId ?? "webhooks"}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
        database: await ctx.getAsync<Database>(TOKENS.Database),
        clock: deps.clock,
        ids: deps.ids,
        sealer: deps.sealer,
        sender: ctx.get<GuardedClient>(TOKENS.WebhookClient),
        headerPrefix: config.headerPrefix,
        logger: ctx.get<Logger>(TOKENS.Logger).child({ part: "webhooks" }),
        notifier: ctx.get<Notifier>(TOKENS.Notifier),
        leaseMs: config.webhooksLeaseMs,
        loops: config.webhooksLoops,
      });
    });
    bind<readonly RouteDef[]>(TOKENS.RouteList).toConstantValue(webhookRoutes(services));
  });
