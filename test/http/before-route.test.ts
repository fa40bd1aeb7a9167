import { type BeforeRouteHook, sendTooManyRequests } from "@apar/adapters/http/index";
import test from "ava";
import { checkedFetch } from "./support/client.js";
import { start } from "./support/server.js";

test("beforeRoute hooks run before any work, see the route, and answer an empty 429; operator routes skip them", async (t) => {
  const seen: string[] = [];
  let handled = 0;
  const limiter: BeforeRouteHook = async ({ route, req }) => {
    seen.push(route?.path ?? `unmatched ${req.getPath()}`);
    return { status: 429 };
  };
  const s = await start({
    beforeRoute: [limiter],
    routes: [
      {
        method: "POST",
        path: "/v1/counted",
        operationId: "counted",
        summary: "Counts calls",
        tags: ["echo"],
        requestBody: { schema: { type: "object" } },
        responses: { "200": { description: "Counted." } },
        handler: async () => {
          handled += 1;
          return { status: 200 };
        },
      },
    ],
  });
  t.teardown(() => s.http.close());
  // A malformed body would be a 400 had the body been read: the hook answers first.
  const r = await checkedFetch(`${s.base}/v1/counted`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{",
  });
  t.is(r.status, 429);
  t.is(await r.text(), "");
  t.is(r.headers.get("retry-after"), null);
  t.is(r.headers.get("content-type"), null);
  t.is(handled, 0);
  t.is((await checkedFetch(`${s.base}/v1/unknown`)).status, 429);
  t.is((await checkedFetch(`${s.base}/healthz`)).status, 200);
  t.is((await checkedFetch(`${s.base}/metrics`)).status, 200);
  t.deepEqual(seen, ["/v1/counted", "unmatched /v1/unknown"]);
});

test("sendTooManyRequests is an empty 429 with no Retry-After", async (t) => {
  const s = await start({
    routes: [
      {
        method: "GET",
        path: "/v1/limited",
        operationId: "limited",
        summary: "Always limited",
        tags: ["echo"],
        responses: { "200": { description: "Never." } },
        handler: async ({ res }) => {
          sendTooManyRequests(res);
          return { status: 429 };
        },
      },
    ],
  });
  t.teardown(() => s.http.close());
  const r = await checkedFetch(`${s.base}/v1/limited`);
  t.is(r.status, 429);
  t.is(await r.text(), "");
  t.is(r.headers.get("retry-after"), null);
});
