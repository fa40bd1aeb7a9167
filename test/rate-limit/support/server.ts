import { Agent, request } from "node:http";
import { Writable } from "node:stream";
import { type Authenticator, createHttpServer, type HttpServer, type RouteDef } from "@apar/adapters/http/index";
import { createRateLimiter, type RateLimiterOptions } from "@apar/adapters/rate-limit/index";
import { domainError, type RequestAuth } from "@apar/core";
import { pino } from "pino";

/** A server with one dummy route per kind of limit, its handler calls counted by path template. */
export interface LimitedServer {
  readonly http: HttpServer;
  readonly port: number;
  readonly calls: Map<string, number>;
  /** Total handler calls. */
  handled(): number;
  close(): Promise<void>;
}

const route = (
  calls: Map<string, number>,
  method: RouteDef["method"],
  path: string,
  extra: Partial<RouteDef> = {},
): RouteDef => ({
  method,
  path,
  operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z]/g, "")}`,
  summary: path,
  tags: ["test"],
  responses: { "200": { description: "Counted." } },
  ...(method === "POST" ? { requestBody: { schema: { type: "object" }, required: false } } : {}),
  handler: async () => {
    calls.set(path, (calls.get(path) ?? 0) + 1);
    return { status: 200, body: { ok: true } };
  },
  ...extra,
});

/** The one API key the test server accepts on routes that need one (the code route). */
export const VALID_KEY = "apar_valid_key";

/** Accepts every request, except a route that needs an API key without `VALID_KEY` (401). */
const authenticate: Authenticator = async (headers, access) =>
  access.scope === "client" && headers["x-service-api-key"] !== VALID_KEY
    ? { error: domainError("Unauthenticated", "Auth.InvalidApiKey", "Unknown API key.") }
    : ({} as RequestAuth);

/** Starts a server on 127.0.0.1 with the rate-limit hook built from `options` (memory store by default). */
export const startLimited = async (options: Partial<RateLimiterOptions> = {}): Promise<LimitedServer> => {
  const calls = new Map<string, number>();
  const limiter = createRateLimiter({ store: { kind: "memory" }, ...options });
  const http = createHttpServer({
    logger: pino({ level: "silent" }, new Writable({ write: (_c, _e, cb) => cb() })),
    routes: [
      route(calls, "GET", "/v1/things"),
      route(calls, "POST", "/v1/things"),
      route(calls, "POST", "/v1/auth/codes", { limit: "auth", access: { scope: "client", credentials: "api_key" } }),
      route(calls, "POST", "/auth/exchange", { limit: "auth", limitKeyMember: "code" }),
      route(calls, "POST", "/portal/sign-in/link", {
        limit: "auth",
        limitKeyMember: "email",
        requestBody: { mediaType: "application/x-www-form-urlencoded", schema: { type: "object" } },
      }),
      route(calls, "GET", "/i/{token}", { limit: "public-token" }),
      route(calls, "POST", "/public/bills/{approvalToken}/approve", {
        limit: "public-token",
        limitKeyParam: "approvalToken",
      }),
      route(calls, "POST", "/v1/mcp", { limit: "mcp" }),
      route(calls, "POST", "/inbound/email", { limit: "inbound" }),
    ],
    beforeRoute: [limiter.hook],
    afterAuthenticate: [limiter.afterAuthenticate],
    afterBody: [limiter.afterBody],
    authenticate,
    ready: async () => true,
    maxBodyBytes: 64 * 1024,
    version: "0.0.0-test",
  });
  const { port } = await http.listen(0, "127.0.0.1");
  return {
    http,
    port,
    calls,
    handled: () => [...calls.values()].reduce((a, b) => a + b, 0),
    close: () => http.close(),
  };
};

/** An answer read in full. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

type HitOptions = { method?: string; ip?: string; headers?: Record<string, string>; body?: string };

/**
 * One request over keep-alive sockets; `ip` is sent as X-Forwarded-For. A pooled socket the server closed for
 * idling just as it was reused (the waits between windows are seconds long) is reset before the server reads
 * anything: that request is sent again once, on a new socket, as Node's documentation advises.
 */
export const hit = (port: number, path: string, options: HitOptions = {}): Promise<Answer> =>
  hitOnce(port, path, options).catch((error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
    if (error.reusedSocket === true && error.code === "ECONNRESET") return hitOnce(port, path, options);
    throw error;
  });

/**
 * One request on a connection of its own, never sent twice: what counts requests (`hits`, `burst`) sends so, as
 * a request sent again after a reset could be one the limiter had counted already.
 */
const hitFresh = (port: number, path: string, options: HitOptions = {}): Promise<Answer> =>
  hitOnce(port, path, options, false);

const hitOnce = (port: number, path: string, options: HitOptions, via: Agent | false = agent): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.ip !== undefined) headers["x-forwarded-for"] = options.ip;
    if (options.body !== undefined) headers["content-type"] ??= "application/json";
    const req = request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path, headers, agent: via },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(options.body);
  });

/** Sends `count` requests one after another and answers their statuses. */
export const hits = async (
  count: number,
  port: number,
  path: string,
  options: (i: number) => Parameters<typeof hit>[2] = () => ({}),
): Promise<number[]> => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await hitFresh(port, path, options(i))).status);
  return statuses;
};

/** How many of each status: `{ 200: 120, 429: 1 }`. */
export const tally = (statuses: readonly number[]): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
};

/** A random private IPv4 address, so that tests and runs sharing a store do not share a key. */
export const randomIp = (): string =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Sends `count` requests over `concurrency` parallel lanes and answers their statuses (in no order). */
export const burst = async (
  count: number,
  port: number,
  path: string,
  options: Parameters<typeof hit>[2] = {},
  concurrency = 8,
): Promise<number[]> => {
  const statuses: number[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      next += 1;
      statuses.push((await hitFresh(port, path, options)).status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return statuses;
};
