import { requestIdFrom } from "@apar/adapters/http/index";
import test from "ava";
import { checkedFetch } from "./support/client.js";
import { logLine, type Started, start } from "./support/server.js";

let s: Started;
test.before(async () => {
  s = await start();
});
test.after.always(async () => {
  await s.http.close();
});

test("a sane x-request-id is echoed and logged", async (t) => {
  const r = await checkedFetch(`${s.base}/v1/echo/x`, { headers: { "x-request-id": "abc-123.def:9" } });
  t.is(r.headers.get("x-request-id"), "abc-123.def:9");
  await r.arrayBuffer();
  const line = await logLine(s.logs, (l) => l.reqId === "abc-123.def:9" && l.msg === "request");
  t.like(line, { method: "GET", route: "/v1/echo/{id}", status: 200 });
  t.is(typeof line?.durationMs, "number");
});

test("a missing or unsafe x-request-id is replaced by a UUID, on errors too", async (t) => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const none = await checkedFetch(`${s.base}/nowhere`);
  t.regex(none.headers.get("x-request-id") ?? "", uuid);
  const unsafe = await checkedFetch(`${s.base}/v1/echo/x`, { headers: { "x-request-id": "a b\u00e9{}" } });
  t.regex(unsafe.headers.get("x-request-id") ?? "", uuid);
  t.regex(requestIdFrom("x".repeat(129)), uuid);
  t.is(requestIdFrom("x".repeat(128)), "x".repeat(128));
});

test("the request log line carries no body, query or path parameter", async (t) => {
  await (
    await checkedFetch(`${s.base}/v1/echo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "no-body-1" },
      body: JSON.stringify({ password: "hunter2" }),
    })
  ).arrayBuffer();
  await (
    await checkedFetch(`${s.base}/v1/echo/tok-secret?Limit=s3cret`, { headers: { "x-request-id": "no-body-2" } })
  ).arrayBuffer();
  await logLine(s.logs, (l) => l.reqId === "no-body-1" && l.msg === "request");
  await logLine(s.logs, (l) => l.reqId === "no-body-2" && l.msg === "request");
  const lines = JSON.stringify(s.logs.filter((l) => l.reqId === "no-body-1" || l.reqId === "no-body-2"));
  t.true(lines.includes("no-body-1") && lines.includes("no-body-2"));
  t.false(lines.includes("hunter2"));
  t.false(lines.includes("tok-secret"));
  t.false(lines.includes("s3cret"));
});
