import type { RouteDef } from "@apar/adapters/http/index";
import { conflict, validationError } from "@apar/core";

interface Gate {
  readonly entered: () => void;
  readonly opened: Promise<void>;
}
const gates: Gate[] = [];

/**
 * Holds the next `GET /v1/gated` request: `inside` resolves when its handler runs, and it answers only once
 * `open()` is called. Tests of requests in flight thus need no clock (a sleep is stretched by a busy machine).
 */
export const holdNextGated = (): { readonly inside: Promise<void>; readonly open: () => void } => {
  let open = () => {};
  let entered = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  gates.push({ entered, opened });
  return { inside, open };
};

/** A handful of routes that exercise the server without any domain behind them. */
export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/echo/{id}",
    operationId: "getEcho",
    summary: "Echo a path parameter and the Limit query parameter",
    tags: ["echo"],
    parameters: [{ name: "Limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } }],
    responses: {
      "200": {
        description: "The echo.",
        schema: { type: "object", properties: { id: { type: "string" }, limit: { type: "string" } } },
      },
    },
    handler: async (ctx) => ({ status: 200, body: { id: ctx.params.id, limit: ctx.query.get("limit") } }),
  },
  {
    method: "POST",
    path: "/v1/echo",
    operationId: "createEcho",
    summary: "Echo a JSON body",
    tags: ["echo"],
    requestBody: { schema: { type: "object" } },
    responses: {
      "201": { description: "The body as received.", schema: { type: "object" } },
      "409": { description: "Asked to conflict." },
    },
    handler: async (ctx) => {
      const body = ctx.json as { fail?: string };
      if (body.fail === "validation") {
        return validationError([{ field: "amount", code: "Amount.Invalid", message: "Not a decimal string." }]);
      }
      if (body.fail === "conflict") return conflict("Echo.Conflict", "The echo conflicts.");
      return { status: 201, body: { received: ctx.json, bytes: ctx.rawBody.length } };
    },
  },
  {
    method: "GET",
    path: "/v1/boom",
    operationId: "getBoom",
    summary: "Throw a defect",
    tags: ["echo"],
    security: "none",
    responses: { "200": { description: "Never." } },
    handler: async () => {
      throw new Error("secret-defect-detail");
    },
  },
  {
    method: "GET",
    path: "/v1/gated",
    operationId: "getGated",
    summary: "Answer once the test opens the gate (see `holdNextGated`)",
    tags: ["echo"],
    security: "none",
    responses: { "200": { description: "Done.", schema: { type: "object" } } },
    handler: async () => {
      const gate = gates.shift();
      gate?.entered();
      await gate?.opened;
      return { status: 200, body: { done: true } };
    },
  },
];

/** Descriptions of the tags the routes use. */
export const tagDescriptions = { echo: "Routes that exist only in tests." };
