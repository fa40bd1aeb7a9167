import type { RouteDef } from "@apar/adapters/http/index";
import test from "ava";
import { send } from "./support/client.js";
import { ResponseDriftError } from "./support/response-check.js";
import { routes } from "./support/routes.js";
import { start } from "./support/server.js";

// A view and its schema: the route below answers what `drift` says, against the same documented schema.
let drift: "none" | "member-missing" | "wrong-enum" | "extra-member" | "undocumented-status" = "none";

const view: RouteDef = {
  method: "GET",
  path: "/v1/views/{id}",
  operationId: "getView",
  summary: "A view whose answer a test makes drift",
  tags: ["echo"],
  security: "none",
  responses: {
    "200": {
      description: "The view.",
      schema: {
        type: "object",
        required: ["id", "status"],
        properties: { id: { type: "string", format: "uuid" }, status: { type: "string", enum: ["Draft", "Sent"] } },
        additionalProperties: false,
      },
    },
  },
  handler: async (ctx) => {
    const id = ctx.params.id;
    switch (drift) {
      case "member-missing":
        return { status: 200, body: { id } };
      case "wrong-enum":
        return { status: 200, body: { id, status: "Posted" } };
      case "extra-member":
        return { status: 200, body: { id, status: "Draft", secret: "x" } };
      case "undocumented-status":
        return { status: 202, body: { id, status: "Draft" } };
      default:
        return { status: 200, body: { id, status: "Draft" } };
    }
  },
};

const ID = "0190a0b0-0000-7000-8000-000000000001";

test("an answer that agrees with its operation's schema passes; each kind of drift fails the request", async (t) => {
  const s = await start({ routes: [...routes, view] });
  t.teardown(() => s.http.close());
  const get = () => send(s.port, { method: "GET", path: `/v1/views/${ID}?Limit=5` });
  drift = "none";
  t.is((await get()).status, 200);
  drift = "member-missing";
  const missing = await t.throwsAsync(get, { instanceOf: ResponseDriftError });
  t.regex(missing?.message ?? "", /getView[\s\S]*must have required property 'status'/);
  drift = "wrong-enum";
  const wrong = await t.throwsAsync(get, { instanceOf: ResponseDriftError });
  t.regex(wrong?.message ?? "", /\/status must be equal to one of the allowed values/);
  drift = "extra-member";
  const extra = await t.throwsAsync(get, { instanceOf: ResponseDriftError });
  t.regex(extra?.message ?? "", /must NOT have additional properties/);
  drift = "undocumented-status";
  const status = await t.throwsAsync(get, { instanceOf: ResponseDriftError });
  t.regex(status?.message ?? "", /status 202 is not among the documented/);
});

test("problem answers are held to the Problem schema; unknown routes are the server's own and pass", async (t) => {
  const s = await start({ routes: [...routes, view] });
  t.teardown(() => s.http.close());
  const conflict = await send(s.port, {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ fail: "conflict" })),
  });
  t.is(conflict.status, 409);
  t.is((await send(s.port, { method: "GET", path: "/v1/nowhere" })).status, 404);
});
