import { createServer, type Server } from "node:http";

/** A loopback receiver that answers 200 after `delayMs`, recording each request's event id as it arrives and when answered. */
export interface SlowReceiver {
  readonly url: string;
  /** Event ids of requests that arrived, in order (with repeats). */
  readonly arrived: string[];
  /** Event ids of requests answered 2xx, in order (with repeats). */
  readonly answered: string[];
  /** Requests that arrived and are not answered yet. */
  inFlight(): number;
  /** Resolves once the condition holds (checked at every arrival and answer), or rejects after 30 s. */
  when(condition: () => boolean): Promise<void>;
  /** Resolves once every id was answered at least once, or rejects after `timeoutMs`. */
  answeredAll(ids: readonly string[], timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const eventIdOf = (headers: Record<string, string | string[] | undefined>): string => {
  const name = Object.keys(headers).find((h) => h.endsWith("-event-id"));
  return String(name === undefined ? "" : headers[name]);
};

export const startSlowReceiver = async (delayMs: number): Promise<SlowReceiver> => {
  const arrived: string[] = [];
  const answered: string[] = [];
  let open = 0;
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const w of [...waiters]) w();
  };
  const server: Server = createServer((req, res) => {
    const id = eventIdOf(req.headers);
    arrived.push(id);
    open += 1;
    changed();
    // A killed sender resets the connection: that is the test, not an error of the receiver.
    req.on("error", () => {});
    res.on("error", () => {});
    req.resume();
    req.on("end", () => {
      setTimeout(() => {
        open -= 1;
        // The sender died meanwhile: nobody hears this answer, so it does not count as answered.
        if (res.destroyed || req.socket.destroyed) return;
        answered.push(id);
        res.statusCode = 200;
        res.end("ok");
        changed();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const until = (done: () => boolean, timeoutMs: number, what: () => string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(what()));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrived,
    answered,
    inFlight: () => open,
    when: (condition) =>
      until(condition, 30_000, () => `condition not met: ${arrived.length} arrived, ${answered.length} answered`),
    answeredAll: (ids, timeoutMs) => {
      const missing = () => {
        const got = new Set(answered);
        return ids.filter((id) => !got.has(id));
      };
      return until(
        () => missing().length === 0,
        timeoutMs,
        () => `${missing().length} of ${ids.length} events never answered`,
      );
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
