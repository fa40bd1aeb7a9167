import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

/** One request a receiver got. */
export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on loopback: records every request; each path answers the status set for it (default 200). */
export interface Receiver {
  readonly url: (path: string) => string;
  readonly received: Received[];
  on(path: string): Received[];
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export const startReceiver = async (): Promise<Receiver> => {
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = statuses.get(path) ?? 200;
      res.end("ok");
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    on: (path) => received.filter((r) => r.path === path),
    answer: (path, status) => statuses.set(path, status),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
