import { type AgentDeps, agentRoutes, chatModel } from "@apar/adapters/agents/agent-routes";
import { confirmationRoutes } from "@apar/adapters/agents/confirmation-routes";
import { type McpDeps, mcpRoutes } from "@apar/adapters/mcp/mcp-routes";
import { type ToolRunner, toolCatalogue, toolRunner } from "@apar/core/app";
import { ContainerModule } from "inversify";
import type { Config } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";
import { APP_VERSION } from "./version.js";

/**
 * The tool catalogue's two doors: the MCP endpoint and the AP and AR agents, over the services the api role
 * resolved, built on first use, and the route where a person confirms what a tool may not do alone. Calls waiting for
 * a person are kept in the database, so every instance can confirm them.
 */
export const toolsModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    let runner: Promise<ToolRunner> | undefined;
    const tools = (): Promise<ToolRunner> => {
      runner ??= Promise.resolve().then(() => {
        const s = services();
        return toolRunner(toolCatalogue(s), { clock: s.clock, db: s.db, randomBytes: s.randomBytes });
      });
      return runner;
    };
    const mcp = async (): Promise<McpDeps> => ({
      tools: await tools(),
      version: APP_VERSION,
      allowedOrigins: config.mcpAllowedOrigins,
    });
    const baseURL = config.agentBaseUrl ?? config.llmBaseUrl;
    const model = config.agentModel ?? config.llmModel;
    const client =
      baseURL === undefined || model === undefined
        ? undefined
        : chatModel(baseURL, config.agentApiKey ?? config.llmApiKey, model);
    const agents = async (): Promise<AgentDeps> => {
      const s = services();
      return {
        db: s.db,
        clock: s.clock,
        ids: s.ids,
        tools: await tools(),
        model: client,
        budget: {
          toolCalls: config.agentMaxToolCalls,
          tokens: config.agentMaxTokens,
          seconds: config.agentTurnSeconds,
        },
      };
    };
    bind(TOKENS.RouteList).toConstantValue([
      ...mcpRoutes(mcp),
      ...agentRoutes(agents),
      ...confirmationRoutes(async () => ({ tools: await tools() })),
    ]);
  });
