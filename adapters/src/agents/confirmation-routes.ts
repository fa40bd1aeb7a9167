import { documented, toJsonSchema } from "@apar/core";
import type { ToolRunner } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import type { RouteDef } from "../http/route.js";
import { NO_STORE, orgScope } from "../http/routes/support.js";

/** What the confirmation routes need. */
export interface ConfirmationDeps {
  readonly tools: ToolRunner;
}

const CONFIRMED_SCHEMA = toJsonSchema(
  t.type(
    {
      tool: documented(t.string, { description: "The tool that ran." }),
      result: documented(t.unknown, { description: "What the tool answered (the bill or invoice it changed)." }),
    },
    "ConfirmedToolCall",
  ),
);

const DOORS = {
  agent: {
    path: "/agent/confirmations/{token}",
    operationId: "confirmAgentToolCall",
    module: "agents",
    tag: "agents",
    where: "the agent's `confirmation` event",
  },
  mcp: {
    path: "/v1/mcp/confirmations/{token}",
    operationId: "confirmMcpToolCall",
    module: "mcp",
    tag: "mcp",
    where: "the MCP tool result (`confirmationId`)",
  },
} as const;

/**
 * A person confirms a tool call an agent or an MCP client asked for (it sends mail or lets money move), at the
 * door it was asked through: with the token their client was given and their own credential (the same user or key
 * that asked, in the same organisation, still acting as the tool's role). No tool reaches these routes, so no
 * model can confirm for the person.
 */
export const confirmationRoutes = (deps: () => Promise<ConfirmationDeps>): RouteDef[] =>
  (["agent", "mcp"] as const).map((via) => {
    const door = DOORS[via];
    return {
      method: "POST",
      path: door.path,
      operationId: door.operationId,
      summary: `Confirm a tool call of ${via === "agent" ? "an agent" : "an MCP client"} that sends mail or lets money move (once)`,
      description:
        `The token is the one ${door.where} gave the client. Only the user or API key that asked may confirm, ` +
        "within 10 minutes, once; the tool then runs with this credential and its result is answered.",
      tags: [door.tag],
      access: { scope: "organisation", module: door.module },
      responses: {
        "200": { description: "The tool ran; its result.", schema: CONFIRMED_SCHEMA },
        "403": { description: "`ToolConfirmation.RoleMissing`: the caller no longer acts as the tool's role." },
        "404": {
          description: "`ToolConfirmation.NotFound`: no such call waiting for this caller (another's answers alike).",
        },
        "409": {
          description:
            "`ToolConfirmation.Used` (a token works once), `ToolConfirmation.Expired` (older than 10 minutes), or the tool's own conflict (`Bill.InvalidState`).",
        },
      },
      handler: async (ctx) => {
        const { auth, scope } = orgScope(ctx);
        const d = await deps();
        const confirmed = await d.tools.confirm({ auth, scope, actor: auth.actor }, via, ctx.params.token ?? "");
        return E.isLeft(confirmed) ? confirmed.left : { status: 200, body: confirmed.right, headers: NO_STORE };
      },
    } satisfies RouteDef;
  });
