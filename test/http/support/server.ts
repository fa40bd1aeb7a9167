import { Writable } from "node:stream";
import { createHttpServer, type HttpServer, type HttpServerOptions } from "@apar/adapters/http/index";
import { pino } from "pino";
import { eventually } from "../../helpers/eventually.js";
import { routes, tagDescriptions } from "./routes.js";

/** A started server on a loopback port, with its log lines. */
export interface Started {
  readonly http: HttpServer;
  readonly base: string;
  readonly port: number;
  readonly logs: Record<string, unknown>[];
}

/** Starts a server with the dummy routes on 127.0.0.1, port 0. */
export const start = async (overrides: Partial<HttpServerOptions> = {}): Promise<Started> => {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString("utf8").split("\n")) if (line !== "") logs.push(JSON.parse(line));
      cb();
    },
  });
  const http = createHttpServer({
    logger: pino({ level: "info" }, sink),
    routes,
    ready: async () => true,
    maxBodyBytes: 64 * 1024,
    version: "0.1.0-test",
    tagDescriptions,
    ...overrides,
  });
  const { port } = await http.listen(0, "127.0.0.1");
  return { http, base: `http://127.0.0.1:${port}`, port, logs };
};

/** Waits until a log line matches (the request line is written when the response closes, after the client has it). */
export const logLine = (
  logs: readonly Record<string, unknown>[],
  match: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> => eventually(() => logs.find(match), "a matching log line");
