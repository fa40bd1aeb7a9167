import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from "prom-client";

/** The upper bounds (seconds) of the request duration histogram. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One method, route and status: its request count, duration sum and duration buckets (each bucket alone). */
interface Tally {
  readonly labels: { readonly method: string; readonly route: string; readonly status: string };
  count: number;
  sum: number;
  /** Requests per bucket, not cumulative; the last is above every bound (`+Inf` only). */
  readonly buckets: number[];
}

/** A metric as the registry reads it from `get()` (the shape prom-client's own metrics answer). */
interface MetricOut {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "histogram";
  readonly aggregator: "sum";
  readonly values: readonly {
    readonly value: number;
    readonly labels: Readonly<Record<string, string | number>>;
    readonly metricName?: string;
  }[];
}

/**
 * The requests counter and duration histogram, counted in plain numbers and handed to the registry at scrape
 * time. prom-client's own counter and histogram check and hash the label object on every observation (a
 * measurable share of a hot GET); here a request is three map lookups (route, method, status) and two additions.
 * The registry prints these exactly as it prints its own counter and histogram.
 */
export class RequestMetrics {
  readonly #byRoute = new Map<string, Map<string, Map<number, Tally>>>();
  /** The same tallies in the order first seen (the order prom-client printed its own in). */
  readonly #all: Tally[] = [];

  /** Counts one finished request. */
  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.#byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.#byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let tally = byStatus.get(status);
    if (tally === undefined) {
      tally = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
      };
      byStatus.set(status, tally);
      this.#all.push(tally);
    }
    tally.count += 1;
    tally.sum += seconds;
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[i] ?? 0)) i += 1;
    tally.buckets[i] = (tally.buckets[i] ?? 0) + 1;
  }

  reset(): void {
    this.#byRoute.clear();
    this.#all.length = 0;
  }

  /** The two metrics as the registry reads them (`name`, `type`, `get`, `reset`), registered in `registry`. */
  register(registry: Registry): void {
    const metric = (name: string, help: string, type: MetricOut["type"], values: () => MetricOut["values"]) => {
      // `get` answers the metric's name as it is then: an OpenMetrics registry renames counters in place.
      const m = {
        name,
        help,
        type,
        aggregator: "sum" as const,
        get: async (): Promise<MetricOut> => ({ name: m.name, help, type, aggregator: "sum", values: values() }),
        reset: () => this.reset(),
      };
      return m;
    };
    const duration = "apar_http_request_duration_seconds";
    const metrics = [
      metric("apar_http_requests_total", "HTTP requests by method, route template and status.", "counter", () =>
        this.#all.map((t) => ({ value: t.count, labels: { ...t.labels } })),
      ),
      metric(duration, "HTTP request latency from arrival to the last byte sent.", "histogram", () =>
        this.#all.flatMap((t) => {
          let below = 0;
          return [
            ...DURATION_BUCKETS.map((le, i) => {
              below += t.buckets[i] ?? 0;
              return { value: below, labels: { le, ...t.labels }, metricName: `${duration}_bucket` };
            }),
            { value: t.count, labels: { le: "+Inf", ...t.labels }, metricName: `${duration}_bucket` },
            { value: t.sum, labels: { ...t.labels }, metricName: `${duration}_sum` },
            { value: t.count, labels: { ...t.labels }, metricName: `${duration}_count` },
          ];
        }),
      ),
    ];
    // The shape of prom-client's own metric classes as its registry reads them.
    for (const m of metrics) registry.registerMetric(m as unknown as Metric);
  }
}

/** The server's metrics in their own registry (no global registry: two servers in one process stay apart). */
export interface HttpMetrics {
  readonly registry: Registry;
  /**
   * Requests by method, route template (`unmatched` when no route matched) and status: their count
   * (`apar_http_requests_total`) and duration (`apar_http_request_duration_seconds`).
   */
  readonly requests: RequestMetrics;
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
  const requests = new RequestMetrics();
  requests.register(registry);
  return {
    registry,
    requests,
    queueDepth: new Gauge({
      name: "apar_jobs_queue_depth",
      help: "Jobs in the durable queue by state.",
      labelNames: ["state"],
      // Read from the database, not counted: across processes, the value of the one that refreshed it.
      aggregator: "first",
      registers: [registry],
    }),
    outboxLag: new Gauge({
      name: "apar_outbox_lag_seconds",
      help: "Age of the oldest outbox event not yet handed to delivery.",
      aggregator: "first",
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
  metrics.requests.observe(labels.method, labels.route, labels.status, seconds);
};
