import { createHttpMetrics, observeRequest } from "@apar/adapters/http/metrics";
import test from "ava";
import { Counter, Histogram, Registry } from "prom-client";

// The request metrics are tallied by apar and printed by prom-client's registry: what a scrape reads must be what
// prom-client's own counter and histogram print for the same requests (names, labels, cumulative buckets, sums).
const observed: readonly (readonly [string, string, number, number])[] = [
  ["GET", "/v1/bills/{id}", 200, 0.0012],
  ["GET", "/v1/bills/{id}", 200, 0.005], // on a bound: counted in it
  ["POST", "/v1/bills", 201, 0.3],
  ["GET", "unmatched", 404, 12], // above every bound: +Inf only
  ["GET", "/v1/bills/{id}", 404, 0.01],
  ["GET", "/v1/bills/{id}", 200, 0.0100001],
  ["DELETE", "/v1/bills/{id}", 204, 0],
];

const promClients = () => {
  const registry = new Registry();
  const labelNames = ["method", "route", "status"];
  const requests = new Counter({
    name: "apar_http_requests_total",
    help: "HTTP requests by method, route template and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "apar_http_request_duration_seconds",
    help: "HTTP request latency from arrival to the last byte sent.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, requests, duration };
};

test("the request metrics print as prom-client's own counter and histogram would", async (t) => {
  const apar = createHttpMetrics({ defaultMetrics: false });
  const reference = promClients();
  for (const [method, route, status, seconds] of observed) {
    observeRequest(apar, { method, route, status }, seconds);
    const labels = { method, route, status: String(status) };
    reference.requests.inc(labels);
    reference.duration.observe(labels, seconds);
  }
  const ours = (await apar.registry.metrics())
    .split("\n\n")
    .filter((block) => block.includes("# TYPE apar_http_request"))
    .join("\n\n");
  t.is(`${ours}\n`, await reference.registry.metrics());
  t.true(
    ours.includes(
      'apar_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v1/bills/{id}",status="200"} 2',
    ),
  );
  t.true(
    ours.includes('apar_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="unmatched",status="404"} 1'),
  );
});

test("resetting the registry empties the request metrics", async (t) => {
  const apar = createHttpMetrics({ defaultMetrics: false });
  observeRequest(apar, { method: "GET", route: "/v1/bills/{id}", status: 200 }, 0.002);
  t.true((await apar.registry.metrics()).includes("apar_http_requests_total{"));
  apar.registry.resetMetrics();
  const after = await apar.registry.metrics();
  t.false(after.includes("apar_http_requests_total{"), after);
  t.true(after.includes("# TYPE apar_http_requests_total counter"));
});
