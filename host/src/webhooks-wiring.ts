import { webhookRoutes } from "@apar/adapters/http/routes/webhook-routes";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { createWebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import { createGuardedClient } from "@apar/adapters/webhooks/guarded-client";
import { createSecretSealer } from "@apar/adapters/webhooks/secret-sealer";
import { ContainerModule } from "inversify";
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
    bind(TOKENS.WebhookClient).toDynamicValue(() =>
      createGuardedClient({
        allowInsecureLoopback: config.webhooksAllowInsecure,
        privateCidrs: config.webhooksPrivateCidrs,
      }),
    );
    bind(TOKENS.WebhookDeps).toDynamicValue(async (ctx) => {
      const client = ctx.get(TOKENS.WebhookClient);
      return {
        db: await ctx.getAsync(TOKENS.Database),
        clock: ctx.get(TOKENS.Clock),
        ids: ctx.get(TOKENS.Ids),
        randomBytes: secureRandomBytes,
        sealer: createSecretSealer(await loadSecretKey(config.secretKey, config.dataDir)),
        checkUrl: (url) => client.validate(url),
      };
    });
    bind(TOKENS.WebhookRunner).toDynamicValue(async (ctx) => {
      const deps = await ctx.getAsync(TOKENS.WebhookDeps);
      return createWebhookRunner({
        id: `${workerId ?? "webhooks"}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
        database: await ctx.getAsync(TOKENS.Database),
        clock: deps.clock,
        ids: deps.ids,
        sealer: deps.sealer,
        sender: ctx.get(TOKENS.WebhookClient),
        headerPrefix: config.headerPrefix,
        logger: ctx.get(TOKENS.Logger).child({ part: "webhooks" }),
        notifier: ctx.get(TOKENS.Notifier),
        leaseMs: config.webhooksLeaseMs,
        loops: config.webhooksLoops,
      });
    });
    bind(TOKENS.RouteList).toConstantValue(webhookRoutes(services));
  });
