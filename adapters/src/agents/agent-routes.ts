import {
  AGENT_TYPES,
  type AgentType,
  ConversationView,
  type DomainError,
  decode,
  domainError,
  limitParam,
  listEnvelope,
  MAX_AGENT_MESSAGE,
  MessageView,
  pageRequest,
  toJsonSchema,
  validationError,
} from "@apar/core";
import {
  type AgentCaller,
  AgentTurnBody,
  type ConversationDeps,
  deleteConversation,
  getConversation,
  listConversationMessages,
  listConversations,
  openTurn,
  ownerOf,
  RenameConversationBody,
  recordTurn,
  renameConversation,
  type ToolRunner,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import OpenAI from "openai";
import { asActor } from "../audit/context.js";
import { jsonBody, type RouteContext, type RouteDef } from "../http/route.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply } from "../http/routes/support.js";
import { runTurn, type TurnBudget } from "./agent-loop.js";

/** What the agent routes need. */
export interface AgentDeps extends ConversationDeps {
  readonly tools: ToolRunner;
  /** The chat model (an OpenAI-compatible endpoint), or undefined when none is configured. */
  readonly model: { readonly client: OpenAI; readonly name: string } | undefined;
  readonly budget: TurnBudget;
}

const ACCESS = { scope: "organisation", module: "agents" } as const;
const TAG = "agents";

const callerOf = (ctx: RouteContext): AgentCaller | DomainError => {
  const { auth, scope } = orgScope(ctx);
  const owner = ownerOf(auth.actor);
  return owner === undefined
    ? domainError("Forbidden", "Conversation.Forbidden", "Only users and API keys have conversations.")
    : { scope, owner };
};

const isError = (v: AgentCaller | DomainError): v is DomainError => "kind" in v;

const CONVERSATION_SCHEMA = toJsonSchema(ConversationView);

const SSE_DESCRIPTION =
  "`text/event-stream`: `event: conversation` with `{id}` first on a new conversation; unnamed events with " +
  "`{content}` as the model writes; `event: action` with `{type, label, params}` for each tool it runs; " +
  "`event: confirmation` with `{token, tool, summary, amount, currency, payee, expiresAt}` when a tool that sends " +
  "mail or lets money move waits for the person (confirm at `POST /agent/confirmations/{token}` with the same " +
  "credential; the model never sees the token); last an unnamed `{done: true}`, or `{error, done: true}` when the " +
  "model failed (the turn is then not recorded).";

const missingConversation = { description: "`Conversation.NotFound`: no such conversation of the caller." };

/** One Server-Sent Event. */
const event = (data: unknown, name?: string): string =>
  `${name === undefined ? "" : `event: ${name}\n`}data: ${JSON.stringify(data)}\n\n`;

/**
 * The AP and AR agents over Server-Sent Events and their conversations. Errors before the stream are problems;
 * once it has started, the turn ends with `done`. A turn is recorded (the person's message and the answer, in one
 * transaction) only when it finishes; a client that goes away stops it and leaves no message behind.
 */
export const agentRoutes = (deps: () => Promise<AgentDeps>): RouteDef[] => {
  const turn =
    (agentType: AgentType) =>
    async (ctx: RouteContext): Promise<DomainError | { status: number }> => {
      const body = decode(AgentTurnBody, ctx.json ?? {});
      if (E.isLeft(body)) return body.left;
      const message = body.right.message ?? "";
      if (message.trim() === "")
        return domainError("BadRequest", "Agent.MissingMessage", "Send a message for the agent.");
      if (message.length > MAX_AGENT_MESSAGE)
        return domainError(
          "BadRequest",
          "Agent.MessageTooLong",
          `The message has ${message.length} characters; at most ${MAX_AGENT_MESSAGE} are taken.`,
        );
      const d = await deps();
      if (d.model === undefined)
        return domainError(
          "Unavailable",
          "Agent.NotConfigured",
          "No model is configured for the agents (APAR_AGENT_BASE_URL or APAR_LLM_BASE_URL, and a model name).",
        );
      const caller = callerOf(ctx);
      if (isError(caller)) return caller;
      const opened = await openTurn(d)(caller, agentType, body.right.conversationId)();
      if (E.isLeft(opened)) return opened.left;
      const { auth } = orgScope(ctx);
      const conversationId = opened.right.conversation?.id ?? d.ids.next();

      const res = ctx.res;
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      const abort = new AbortController();
      let finished = false;
      res.on("close", () => {
        if (!finished) abort.abort();
      });
      const write = (text: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(text);
      };
      if (opened.right.conversation === undefined) write(event({ id: conversationId }, "conversation"));
      const call = { auth, scope: caller.scope, actor: { ...auth.actor, via: "agent" as const } };
      try {
        const answer = await runTurn({
          model: d.model.client,
          modelName: d.model.name,
          agentType,
          history: opened.right.history,
          message,
          tools: {
            listed: d.tools.list(auth),
            call: (name, args) =>
              asActor({ actor: call.actor, clientId: call.scope.clientId, requestId: ctx.requestId }, () =>
                d.tools.call(call, name, args),
              ),
            caller: call,
          },
          budget: d.budget,
          signal: abort.signal,
          sink: {
            content: (text) => write(event({ content: text })),
            action: (action) => write(event(action, "action")),
            confirmation: (c) =>
              write(
                event(
                  {
                    token: c.token,
                    tool: c.tool,
                    summary: c.summary,
                    amount: c.amount,
                    currency: c.currency,
                    payee: c.payee,
                    expiresAt: c.expiresAt,
                  },
                  "confirmation",
                ),
              ),
          },
          now: () => d.clock.now().getTime(),
        });
        if (abort.signal.aborted) return { status: 499 };
        const recorded = await recordTurn(d)(caller, {
          conversationId,
          existing: opened.right.conversation,
          agentType,
          message,
          answer,
        })();
        write(event(E.isLeft(recorded) ? { error: recorded.left.detail, done: true } : { done: true }));
      } catch (e) {
        if (!abort.signal.aborted) {
          ctx.log.warn({ err: e }, "agent turn failed");
          write(event({ error: "The model did not answer; nothing was recorded. Try again.", done: true }));
        }
      } finally {
        finished = true;
        if (!res.writableEnded) res.end();
      }
      return { status: 200 };
    };

  const agentRoute = (agentType: AgentType): RouteDef => ({
    method: "POST",
    path: `/agent/${agentType.toLowerCase()}`,
    operationId: `${agentType.toLowerCase()}AgentTurn`,
    summary: `Send a message to the ${agentType.toUpperCase()} agent; the answer streams as Server-Sent Events`,
    tags: [TAG],
    access: ACCESS,
    requestBody: jsonBody(AgentTurnBody),
    responses: {
      "200": { description: SSE_DESCRIPTION, mediaType: "text/event-stream", schema: { type: "string" } },
      "400": { description: "`Agent.MissingMessage`, `Agent.MessageTooLong` or `Request.Invalid`." },
      "403": { description: "`Conversation.Forbidden`: the conversation belongs to the other agent." },
      "404": missingConversation,
      "503": { description: "`Agent.NotConfigured`: no model is configured for the agents." },
    },
    handler: turn(agentType),
  });

  const withCaller =
    (run: (ctx: RouteContext, d: AgentDeps, caller: AgentCaller) => ReturnType<RouteDef["handler"]>) =>
    async (ctx: RouteContext) => {
      const caller = callerOf(ctx);
      return isError(caller) ? caller : run(ctx, await deps(), caller);
    };

  return [
    agentRoute("Ap"),
    agentRoute("Ar"),
    {
      method: "GET",
      path: "/agent/conversations",
      operationId: "listAgentConversations",
      summary: "The caller's conversations, newest first",
      tags: [TAG],
      access: ACCESS,
      parameters: [
        ...LIST_PARAMETERS,
        { name: "AgentType", in: "query", schema: { type: "string", enum: ["Ap", "Ar", "All"], default: "All" } },
      ],
      responses: {
        "200": { description: "A page of conversations.", schema: listSchema(ConversationView) },
        "400": { description: "A bad AgentType, Limit or Cursor." },
      },
      handler: withCaller(async (ctx, d, caller) => {
        const type = ctx.query.get("agentType") ?? "All";
        if (type !== "All" && !(AGENT_TYPES as readonly string[]).includes(type))
          return validationError([{ field: "AgentType", code: "enum", message: "AgentType must be Ap, Ar or All" }]);
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        return reply(
          listConversations(d)(caller, type === "All" ? undefined : (type as AgentType), page.right),
          200,
          (p) => listEnvelope(p),
        );
      }),
    },
    {
      method: "GET",
      path: "/agent/conversations/{id}",
      operationId: "getAgentConversation",
      summary: "A conversation of the caller",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": { description: "The conversation.", schema: CONVERSATION_SCHEMA },
        "404": missingConversation,
      },
      handler: withCaller((ctx, d, caller) => reply(getConversation(d)(caller, idOf(ctx)), 200, (c) => c)),
    },
    {
      method: "PATCH",
      path: "/agent/conversations/{id}",
      operationId: "renameAgentConversation",
      summary: "Rename a conversation (an empty title restores the automatic one)",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(RenameConversationBody),
      responses: {
        "200": { description: "The conversation.", schema: CONVERSATION_SCHEMA },
        "400": { description: "`Request.Invalid`: a title longer than 200 characters." },
        "404": missingConversation,
      },
      handler: withCaller(async (ctx, d, caller) => {
        const body = decode(RenameConversationBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(renameConversation(d)(caller, idOf(ctx), body.right.title), 200, (c) => c);
      }),
    },
    {
      method: "DELETE",
      path: "/agent/conversations/{id}",
      operationId: "deleteAgentConversation",
      summary: "Delete a conversation and its messages for good",
      tags: [TAG],
      access: ACCESS,
      responses: { "204": { description: "Deleted." }, "404": missingConversation },
      handler: withCaller((ctx, d, caller) => reply(deleteConversation(d)(caller, idOf(ctx)), 204, () => undefined)),
    },
    {
      method: "GET",
      path: "/agent/conversations/{id}/messages",
      operationId: "listAgentConversationMessages",
      summary: "A conversation's messages, newest first (Limit default 50)",
      tags: [TAG],
      access: ACCESS,
      parameters: [
        LIST_PARAMETERS[0] ?? { name: "Cursor", in: "query", schema: { type: "string" } },
        {
          name: "Limit",
          in: "query",
          description: "Messages per page, 1 to 100 (default 50).",
          schema: { type: "integer", minimum: 1, maximum: 100, default: 50 },
        },
      ],
      responses: {
        "200": { description: "A page of messages.", schema: listSchema(MessageView) },
        "400": { description: "A bad Limit or Cursor." },
        "404": missingConversation,
      },
      handler: withCaller(async (ctx, d, caller) => {
        const limit = decode(limitParam(1, 100, 50), ctx.query.get("limit"), "Limit");
        if (E.isLeft(limit)) return limit.left;
        const page = pageRequest(ctx.query.get("cursor"), limit.right);
        if (E.isLeft(page)) return page.left;
        return reply(listConversationMessages(d)(caller, idOf(ctx), page.right), 200, (p) => listEnvelope(p));
      }),
    },
  ];
};

/** The agents' tag in the OpenAPI document. */
export const AGENT_TAG_DESCRIPTIONS = {
  agents:
    "The AP and AR agents (a model with the tool catalogue, over Server-Sent Events) and their conversations, kept server side.",
} as const;

/** The agents' model: an OpenAI-compatible endpoint through the official client (no retries: a turn streams once). */
export const chatModel = (baseURL: string, apiKey: string | undefined, name: string): AgentDeps["model"] => ({
  client: new OpenAI({ baseURL, apiKey: apiKey ?? "none", maxRetries: 0 }),
  name,
});
