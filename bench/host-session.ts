// A real host started as its own process for a bench, signed in with its first-start key, and /healthz watched.
import { type HostEnvironment, type HostProcess, hostEnvironment, startHost } from "../test/helpers/host-process.js";

export interface BenchHost {
  readonly env: HostEnvironment;
  readonly host: HostProcess;
  readonly base: string;
  /** The first-start API key's header, and the organisation's. */
  readonly headers: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The host from source (or built: APAR_TEST_HOST=dist) with rate limits off, its key and first organisation; `extra`
 * adds to its environment (`NODE_OPTIONS`, say).
 */
export const startBenchHost = async (extra: Record<string, string> = {}): Promise<BenchHost> => {
  const env = await hostEnvironment({ APAR_RATE_LIMITS: "off", ...extra });
  const host = await startHost(env.env);
  const base = `http://127.0.0.1:${host.port}`;
  const key = /apar_[A-Za-z0-9_-]+/.exec(host.stdout())?.[0];
  if (key === undefined) throw new Error("no first-start key in the host's output");
  const auth = { "x-service-api-key": key };
  const orgs = (await (await fetch(`${base}/v1/organisations`, { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const headers = { ...auth, "x-service-organisation-id": orgs.data[0]?.id ?? "" };
  return {
    env,
    host,
    base,
    headers,
    stop: async () => {
      host.child.kill("SIGTERM");
      await host.exited;
      await env.dispose();
    },
  };
};

/** Calls /healthz back to back until `stop.done`, pushing each latency (ms) into `into`. */
export const healthLoop = (base: string, stop: { done: boolean }, into: number[]): Promise<void> =>
  (async () => {
    while (!stop.done) {
      const started = performance.now();
      const r = await fetch(`${base}/healthz`);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`/healthz answered ${r.status}`);
      into.push(performance.now() - started);
    }
  })();

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
