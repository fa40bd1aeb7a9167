import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** The server's metrics in their own registry (no global registry: two servers in one process stay apart). */
export interface HttpMetrics {
  readonly registry: Registry;
  /** Requests by method, route template (`unmatched` when no route matched) and status. */
  readonly requests: Counter<"method" | "route" | "status">;
  readonly duration: Histogram<"method" | "route" | "status">;
  /** Jobs in the queue by state; the host sets it (see `refresh` of the server options). */
  readonly queueDepth: Gauge<"state">;
  /** Age in seconds of the oldest undelivered outbox event; 0 when none waits. */
  readonly outboxLag: Gauge;
  /** Claims run again after MySQL/MariaDB chose them as deadlock victims, by operation (`jobs.claim`). */
  readonly deadlockRetries: Counter<"operation">;
}

/** Creates the metrics; `defaultMetrics` adds prom-client's process and Node.js metrics. */
export const createHttpMetrics = (options: { defaultMetrics?: boolean } = {}): HttpMetrics => {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: "apar_http_requests_total",
      help: "HTTP requests by method, route template and status.",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "apar_http_request_duration_seconds",
      help: "HTTP request latency from arrival to the last byte sent.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "apar_jobs_queue_depth",
      help: "Jobs in the durable queue by state.",
      labelNames: ["state"],
      registers: [registry],
    }),
    outboxLag: new Gauge({
      name: "apar_outbox_lag_seconds",
      help: "Age of the oldest outbox event not yet handed to delivery.",
      registers: [registry],
    }),
    deadlockRetries: new Counter({
      name: "apar_db_deadlock_retries_total",
      help: "Transactions run again after the database chose them as deadlock victims, by operation.",
      labelNames: ["operation"],
      registers: [registry],
    }),
  };
};

/** Records one finished request. */
export const observeRequest = (
  metrics: HttpMetrics,
  labels: { method: string; route: string; status: number },
  seconds: number,
): void => {
  const l = { method: labels.method, route: labels.route, status: String(labels.status) };
  metrics.requests.inc(l);
  metrics.duration.observe(l, seconds);
};
