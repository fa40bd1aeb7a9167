import { createHmac } from "node:crypto";
import type { RouteDef } from "@apar/adapters/http/index";
import { type McpDeps, mcpRoutes } from "@apar/adapters/mcp/mcp-routes";
import { toolCatalogue, toolRunner } from "@apar/core/app";
import { ContainerModule } from "inversify";
import type { Config } from "./config.js";
import { loadSecretKey } from "./secret-key.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";
import { APP_VERSION } from "./version.js";

/**
 * The MCP endpoint: the tool catalogue over the services the api role resolved, built on first use. Preview
 * tokens are signed with a key derived from the operator key (`APAR_SECRET_KEY`), so every instance accepts them.
 */
export const mcpModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    let built: Promise<McpDeps> | undefined;
    const deps = (): Promise<McpDeps> => {
      built ??= loadSecretKey(config.secretKey, config.dataDir).then((secret) => {
        const s = services();
        return {
          tools: toolRunner(toolCatalogue(s), {
            clock: s.clock,
            confirmationKey: createHmac("sha256", secret).update("apar mcp tool confirmation").digest(),
          }),
          version: APP_VERSION,
          allowedOrigins: config.mcpAllowedOrigins,
        };
      });
      return built;
    };
    bind<readonly RouteDef[]>(TOKENS.RouteList).toConstantValue(mcpRoutes(deps));
  });
