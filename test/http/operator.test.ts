import { createHttpMetrics, createHttpServer, type RouteDef } from "@apar/adapters/http/index";
import test from "ava";
import { pino } from "pino";
import { checkedFetch } from "./support/client.js";
import { start } from "./support/server.js";

test("/healthz answers 200 ok", async (t) => {
  const s = await start({ ready: async () => false });
  t.teardown(() => s.http.close());
  const r = await checkedFetch(`${s.base}/healthz`);
  t.is(r.status, 200);
  t.deepEqual(await r.json(), { status: "ok" });
});

test("/readyz follows ready(): 200, or a 503 problem when false or failing", async (t) => {
  let ready: boolean | Error = true;
  const s = await start({
    ready: async () => {
      if (ready instanceof Error) throw ready;
      return ready;
    },
  });
  t.teardown(() => s.http.close());
  t.is((await checkedFetch(`${s.base}/readyz`)).status, 200);
  ready = false;
  const r = await checkedFetch(`${s.base}/readyz`);
  t.is(r.status, 503);
  t.is(r.headers.get("content-type"), "application/problem+json");
  t.like(await r.json(), {
    type: "https://www.rfc-editor.org/rfc/rfc9110#section-15.6.4",
    title: "Service.NotReady",
    status: 503,
    instance: "/readyz",
  });
  ready = new Error("database unreachable");
  t.is((await checkedFetch(`${s.base}/readyz`)).status, 503);
});

test("/metrics counts requests by route template and status, with latency and the host's gauges", async (t) => {
  const metrics = createHttpMetrics({ defaultMetrics: false });
  let refreshed = 0;
  const s = await start({
    metrics,
    extraMetrics: async () => {
      refreshed += 1;
      metrics.queueDepth.set({ state: "ready" }, 7);
      metrics.outboxLag.set(1.5);
    },
  });
  t.teardown(() => s.http.close());
  await checkedFetch(`${s.base}/v1/echo/one`);
  await checkedFetch(`${s.base}/v1/echo/two`);
  await checkedFetch(`${s.base}/v1/missing`);
  const r = await checkedFetch(`${s.base}/metrics`);
  t.is(r.status, 200);
  t.regex(r.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  const text = await r.text();
  t.true(text.includes('apar_http_requests_total{method="GET",route="/v1/echo/{id}",status="200"} 2'), text);
  t.true(text.includes('apar_http_requests_total{method="GET",route="unmatched",status="404"} 1'));
  t.true(text.includes('apar_http_request_duration_seconds_count{method="GET",route="/v1/echo/{id}",status="200"} 2'));
  t.true(text.includes('apar_jobs_queue_depth{state="ready"} 7'));
  t.true(text.includes("apar_outbox_lag_seconds 1.5"));
  t.is(refreshed, 1);
});

test("default metrics are on unless turned off, each server in its own registry", async (t) => {
  const a = createHttpMetrics();
  const b = createHttpMetrics({ defaultMetrics: false });
  t.true((await a.registry.metrics()).includes("process_cpu_user_seconds_total"));
  t.false((await b.registry.metrics()).includes("process_cpu_user_seconds_total"));
});

test("a failing metrics refresh still serves the other metrics", async (t) => {
  const s = await start({
    extraMetrics: async () => {
      throw new Error("database down");
    },
  });
  t.teardown(() => s.http.close());
  const r = await checkedFetch(`${s.base}/metrics`);
  t.is(r.status, 200);
  t.true((await r.text()).includes("apar_http_requests_total"));
});

test("routes that clash with each other or with an operator route are refused at start", (t) => {
  const base = { method: "GET", tags: [], responses: {}, handler: async () => ({ status: 200 }) } as const;
  const make = (routes: RouteDef[]) => () =>
    createHttpServer({
      logger: pino({ enabled: false }),
      routes,
      ready: async () => true,
      maxBodyBytes: 1,
      version: "1",
    });
  t.throws(make([{ ...base, path: "/healthz", operationId: "mine", summary: "x" }]), { message: /GET \/healthz/ });
  t.throws(
    make([
      { ...base, path: "/a", operationId: "same", summary: "x" },
      { ...base, path: "/b", operationId: "same", summary: "x" },
    ]),
    { message: /operationId same/ },
  );
});
