import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import test from "ava";
import { checkedFetch, gzipBomb, send } from "./support/client.js";
import { type Started, start } from "./support/server.js";

let s: Started;
test.before(async () => {
  s = await start();
});
test.after.always(async () => {
  await s.http.close();
});

const PROBLEM = "application/problem+json";
const type = (section: string) => `https://www.rfc-editor.org/rfc/rfc9110#section-${section}`;

test("an unknown route answers a 404 problem", async (t) => {
  const r = await checkedFetch(`${s.base}/v1/nothing-here?x=1`);
  t.is(r.status, 404);
  t.is(r.headers.get("content-type"), PROBLEM);
  t.deepEqual(await r.json(), {
    type: type("15.5.5"),
    title: "Route.NotFound",
    status: 404,
    detail: "No route matches GET /v1/nothing-here.",
    instance: "/v1/nothing-here",
  });
});

test("an empty path parameter is no route", async (t) => {
  const r = await checkedFetch(`${s.base}/v1/echo/`);
  t.is(r.status, 404);
  t.is(((await r.json()) as Record<string, unknown>).title, "Route.NotFound");
});

test("a wrong method answers a 405 problem with Allow", async (t) => {
  const r = await checkedFetch(`${s.base}/v1/echo`, { method: "DELETE" });
  t.is(r.status, 405);
  t.is(r.headers.get("allow"), "POST");
  t.is(r.headers.get("content-type"), PROBLEM);
  const body = (await r.json()) as Record<string, unknown>;
  t.is(body.title, "Route.MethodNotAllowed");
  t.is(body.type, type("15.5.6"));
});

test("malformed JSON answers a 400 problem", async (t) => {
  const r = await checkedFetch(`${s.base}/v1/echo`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"amount": ',
  });
  t.is(r.status, 400);
  t.is(r.headers.get("content-type"), PROBLEM);
  const body = (await r.json()) as Record<string, unknown>;
  t.is(body.title, "Request.MalformedJson");
  t.is(body.instance, "/v1/echo");
});

test("another media type on a JSON route answers 415", async (t) => {
  const r = await checkedFetch(`${s.base}/v1/echo`, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: "{}",
  });
  t.is(r.status, 415);
  t.is(r.headers.get("content-type"), PROBLEM);
  t.is(((await r.json()) as Record<string, unknown>).title, "Request.UnsupportedMediaType");
});

test("a JSON route accepts a +json type with parameters, and a missing body is a 400", async (t) => {
  const ok = await checkedFetch(`${s.base}/v1/echo`, {
    method: "POST",
    headers: { "content-type": "application/merge-patch+json; charset=utf-8" },
    body: '{"a":1}',
  });
  t.is(ok.status, 201);
  t.deepEqual(await ok.json(), { received: { a: 1 }, bytes: 7 });
  const missing = await checkedFetch(`${s.base}/v1/echo`, {
    method: "POST",
    headers: { "content-type": "application/json" },
  });
  t.is(missing.status, 400);
  t.is(((await missing.json()) as Record<string, unknown>).title, "Request.MissingBody");
});

test("an unknown Content-Encoding answers 415", async (t) => {
  const r = await send(s.port, {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json", "content-encoding": "compress" },
    body: Buffer.from("{}"),
  });
  t.is(r.status, 415);
  t.is((r.json as Record<string, unknown>).title, "Request.UnsupportedMediaType");
});

test("a body over the limit answers 413, by Content-Length or counted when chunked", async (t) => {
  const big = Buffer.from(`{"pad":"${"x".repeat(70 * 1024)}"}`);
  const declared = await send(s.port, {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json" },
    body: big,
  });
  t.is(declared.status, 413);
  t.is(declared.headers["content-type"], PROBLEM);
  t.is((declared.json as Record<string, unknown>).title, "Request.TooLarge");
  t.is((declared.json as Record<string, unknown>).type, type("15.5.14"));
  const chunked = await send(s.port, {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json" },
    body: [big.subarray(0, 40_000), big.subarray(40_000)],
  });
  t.is(chunked.status, 413);
});

test("gzip bodies are inflated, and the limit counts inflated bytes", async (t) => {
  const small = gzipSync(Buffer.from('{"hello":"world"}'));
  const ok = await send(s.port, {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json", "content-encoding": "gzip" },
    body: small,
  });
  t.is(ok.status, 201);
  t.deepEqual(ok.json, { received: { hello: "world" }, bytes: 17 });
  // 100 KiB inflated from about 100 bytes: small on the wire, over the 64 KiB limit once inflated.
  const over = gzipSync(Buffer.alloc(100 * 1024, 0x20));
  t.true(over.length < 1024);
  const r = await send(s.port, {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json", "content-encoding": "gzip" },
    body: over,
  });
  t.is(r.status, 413);
});

test("a 300 KiB gzip bomb (300 MiB inflated) answers 413 without holding it inflated", async (t) => {
  const bomb = gzipBomb(300);
  t.true(bomb.length < 400 * 1024, `bomb is ${bomb.length} bytes`);
  const before = process.memoryUsage().rss;
  const r = await send(s.port, {
    method: "POST",
    path: "/v1/echo",
    headers: { "content-type": "application/json", "content-encoding": "gzip", "content-length": bomb.length },
    body: bomb,
  });
  t.is(r.status, 413);
  t.is((r.json as Record<string, unknown>).title, "Request.TooLarge");
  // Inflating it all takes 1.4 s and 300 MiB here; body.test.ts shows the work stops at the limit.
  t.true(process.memoryUsage().rss - before < 64 * 1024 * 1024);
});

test("a defect answers a 500 problem without its message or stack, and is logged", async (t) => {
  const r = await checkedFetch(`${s.base}/v1/boom`, { headers: { "x-request-id": "boom-1" } });
  t.is(r.status, 500);
  t.is(r.headers.get("content-type"), PROBLEM);
  const text = await r.text();
  t.false(text.includes("secret-defect-detail"));
  t.false(text.includes("at "));
  t.deepEqual(JSON.parse(text), {
    type: type("15.6.1"),
    title: "Internal.Error",
    status: 500,
    detail: "An unexpected error occurred; it has been logged.",
    instance: "/v1/boom",
  });
  const logged = s.logs.find((l) => l.reqId === "boom-1" && l.level === 50) as { err?: { stack?: string } };
  t.true(logged?.err?.stack?.includes("secret-defect-detail"));
});

test("DomainErrors answer by kind, validation with errors", async (t) => {
  const post = (body: unknown) =>
    checkedFetch(`${s.base}/v1/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const invalid = await post({ fail: "validation" });
  t.is(invalid.status, 400);
  t.deepEqual(await invalid.json(), {
    type: type("15.5.1"),
    title: "Request.Invalid",
    status: 400,
    detail: "The request is not valid.",
    instance: "/v1/echo",
    errors: [{ field: "amount", code: "Amount.Invalid", message: "Not a decimal string." }],
  });
  const conflict = await post({ fail: "conflict" });
  t.is(conflict.status, 409);
  t.is(((await conflict.json()) as Record<string, unknown>).title, "Echo.Conflict");
});

test("path parameters are decoded and query names match case-insensitively", async (t) => {
  for (const q of ["Limit=5", "limit=5", "LIMIT=5"]) {
    const r = await checkedFetch(`${s.base}/v1/echo/a%20b?${q}`);
    t.deepEqual(await r.json(), { id: "a b", limit: "5" });
  }
});

/**
 * Writes `chunks` to a raw socket one after another (as a client streaming a huge head would) and collects every
 * byte the server sends until it closes; a reset before the answer is read rejects.
 */
const raw = (chunks: readonly string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(s.port, "127.0.0.1");
    const got: Buffer[] = [];
    socket.on("data", (c: Buffer) => got.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(got).toString("utf8")));
    socket.on("connect", async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        await new Promise<void>((r) => socket.write(chunk, () => r()));
      }
      socket.end();
    });
  });

const bodyOf = (response: string): Record<string, unknown> =>
  JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)) as Record<string, unknown>;

test("a 20 kB path is a 414 problem", async (t) => {
  const answer = await send(s.port, { method: "GET", path: `/v1/echo/${"a".repeat(20_000)}` });
  t.is(answer.status, 414);
  t.is(answer.headers["content-type"], PROBLEM);
  t.like(answer.json as Record<string, unknown>, {
    type: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.15",
    title: "Request.UriTooLong",
    status: 414,
  });
});

test("a 20 kB header is a 431 problem", async (t) => {
  const answer = await send(s.port, { method: "GET", path: "/healthz", headers: { "x-long": "b".repeat(20_000) } });
  t.is(answer.status, 431);
  t.is(answer.headers["content-type"], PROBLEM);
  t.like(answer.json as Record<string, unknown>, { title: "Request.HeadersTooLarge", status: 431 });
});

test("20,000 headers written in many chunks get the 431 problem, not a reset, and the server goes on", async (t) => {
  const head = Array.from({ length: 20_000 }, (_, i) => `X-Header-${i}: ${i}\r\n`);
  const chunks = ["GET /healthz HTTP/1.1\r\nHost: localhost\r\n"];
  for (let i = 0; i < head.length; i += 500) chunks.push(head.slice(i, i + 500).join(""));
  chunks.push("\r\n");
  const response = await raw(chunks);
  t.regex(response, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  t.regex(response, /\r\ncontent-type: application\/problem\+json\r\n/i);
  t.like(bodyOf(response), { title: "Request.HeadersTooLarge", status: 431 });
  t.is((await send(s.port, { method: "GET", path: "/healthz" })).status, 200);
});

test("a request line that is not HTTP is a 400 problem", async (t) => {
  const response = await raw(["NOT HTTP AT ALL\r\n\r\n"]);
  t.regex(response, /^HTTP\/1\.1 400 Bad Request\r\n/);
  t.like(bodyOf(response), { title: "Request.Malformed", status: 400 });
});

test("a path just inside the limit is routed as usual", async (t) => {
  const answer = await send(s.port, { method: "GET", path: `/v1/nothing/${"a".repeat(8_000)}` });
  t.is(answer.status, 404);
  t.like(answer.json as Record<string, unknown>, { title: "Route.NotFound" });
});
