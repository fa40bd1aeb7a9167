import type { Worker as ClusterWorker } from "node:cluster";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from "prom-client";

// `/metrics` of several processes sharing one port (node's cluster module): the process a scrape reaches reads its
// own metrics (its gauges just refreshed from the database), asks the primary, and the primary adds those of every
// other process to them (counters and histograms summed; gauges the database sets taken from the first, the
// process that refreshed them).

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

type Message =
  | { readonly apar: "metrics?"; readonly id: number; readonly own: MetricsJson }
  | { readonly apar: "metrics"; readonly id: number; readonly text: string }
  | { readonly apar: "metrics-json?"; readonly id: number }
  | { readonly apar: "metrics-json"; readonly id: number; readonly metrics: MetricsJson };

const isMessage = (m: unknown): m is Message =>
  typeof m === "object" && m !== null && typeof (m as { apar?: unknown }).apar === "string";

/** How long a scrape waits for the other processes; one that has not answered by then is left out. */
const ANSWER_MS = 5_000;

/**
 * In a cluster worker: answers the primary's requests for this process's metrics, and gives the text of every
 * process's metrics together (for `/metrics`).
 */
export const clusterMetricsWorker = (registry: Registry): { text(): Promise<string> } => {
  const waiting = new Map<number, (text: string) => void>();
  let next = 0;
  process.on("message", (m: unknown) => {
    if (!isMessage(m)) return;
    if (m.apar === "metrics-json?")
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ apar: "metrics-json", id: m.id, metrics }));
    else if (m.apar === "metrics") {
      waiting.get(m.id)?.(m.text);
      waiting.delete(m.id);
    }
  });
  return {
    async text() {
      const own = (await registry.getMetricsAsJSON()) as MetricsJson;
      const id = next++;
      return new Promise<string>((resolve) => {
        // Without an answer (the primary stopping), this process's own metrics.
        const alone = setTimeout(() => {
          waiting.delete(id);
          void registry.metrics().then(resolve);
        }, ANSWER_MS * 2);
        alone.unref();
        waiting.set(id, (text) => {
          clearTimeout(alone);
          resolve(text);
        });
        process.send?.({ apar: "metrics?", id, own });
      });
    },
  };
};

/** In the primary: gathers the metrics of every worker for the one a scrape reached. */
export const clusterMetricsPrimary = (workers: () => readonly ClusterWorker[]): ((worker: ClusterWorker) => void) => {
  let next = 0;
  const askFor = (worker: ClusterWorker): Promise<MetricsJson | undefined> =>
    new Promise((resolve) => {
      const id = next++;
      const onMessage = (m: unknown) => {
        if (!isMessage(m) || m.apar !== "metrics-json" || m.id !== id) return;
        done(m.metrics);
      };
      const done = (metrics: MetricsJson | undefined) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        resolve(metrics);
      };
      const timer = setTimeout(() => done(undefined), ANSWER_MS);
      worker.on("message", onMessage);
      try {
        worker.send({ apar: "metrics-json?", id });
      } catch {
        done(undefined);
      }
    });
  return (worker) =>
    worker.on("message", (m: unknown) => {
      if (!isMessage(m) || m.apar !== "metrics?") return;
      const others = workers().filter((w) => w !== worker && w.isConnected());
      void Promise.all(others.map(askFor)).then(async (answers) => {
        const registry = AggregatorRegistry.aggregate([m.own, ...answers.filter((a) => a !== undefined)]);
        const text = await registry.metrics();
        if (worker.isConnected()) worker.send({ apar: "metrics", id: m.id, text });
      });
    });
};
