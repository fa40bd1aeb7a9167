import { createAuthenticator, createHttpServer, type HttpServer, type RouteDef } from "@apar/adapters/http/index";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import type { Client, ClientRole, KeyScope, Module, Organisation, OrganisationRole, User } from "@apar/core";
import { type CreatedApiKey, createApiKey, createClient, createOrganisation, createUser } from "@apar/core/app";
import type { Clock, Database } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { pino } from "pino";
import { type RunningApp, startApp } from "../../../host/src/app.js";
import { loadConfig } from "../../../host/src/config.js";
import { TOKENS } from "../../../host/src/tokens.js";
import { type HostEnvironment, hostEnvironment } from "../../helpers/host-process.js";
import { type Answer, send } from "../support/client.js";

/** A clock tests move forward (starts at the real time, so stored rows look ordinary). */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export const testClock = (): TestClock => {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
};

/** A request: JSON body, headers as given. */
export interface Call {
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** Raw body text (for malformed JSON). */
  readonly raw?: string;
}

/** A running host (the real composition root) plus a probe server sharing its authenticator and database. */
export interface Harness {
  readonly app: RunningApp;
  readonly db: Database;
  readonly clock: TestClock;
  readonly env: HostEnvironment;
  /** The first-start admin key (scoped to the first-start client) and that client. */
  readonly firstKey: string;
  readonly firstClient: Client;
  call(method: string, path: string, call?: Call): Promise<Answer>;
  /** The same, against the probe server (routes given to `startHarness`). */
  probe(method: string, path: string, call?: Call): Promise<Answer>;
  /** Stops the host (the database and data folder stay until `dispose`). */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

const sendJson = (port: number, method: string, path: string, call: Call = {}): Promise<Answer> => {
  const text = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  return send(port, {
    method,
    path,
    headers: { ...(text === undefined ? {} : { "content-type": "application/json" }), ...call.headers },
    ...(text === undefined ? {} : { body: Buffer.from(text) }),
  });
};

/** Starts the host from configuration (rate limits off) on the environment's database. */
export const startHarness = async (
  options: {
    env?: HostEnvironment;
    vars?: Record<string, string>;
    probeRoutes?: readonly RouteDef[];
    clock?: TestClock;
  } = {},
): Promise<Harness> => {
  const env = options.env ?? (await hostEnvironment());
  const decoded = loadConfig({
    ...env.env,
    APAR_ROLES: "api",
    APAR_RATE_LIMITS: "off",
    APAR_LOG_LEVEL: "silent",
    ...options.vars,
  });
  if (E.isLeft(decoded)) throw new Error(decoded.left.join("; "));
  const config = decoded.right;
  const clock = options.clock ?? testClock();
  const app = await startApp(config, pino({ level: "silent" }), { clock });
  const port = app.port;
  if (port === undefined) throw new Error("the api role did not start");
  const db = app.database;
  let probe: HttpServer | undefined;
  let probePort = 0;
  if (options.probeRoutes !== undefined) {
    probe = createHttpServer({
      logger: pino({ level: "silent" }),
      routes: options.probeRoutes,
      ready: async () => true,
      maxBodyBytes: 64 * 1024,
      version: "test",
      headerPrefix: config.headerPrefix,
      authenticate: createAuthenticator({
        stores: db.stores,
        clock,
        tokens: await app.container.getAsync(TOKENS.BearerTokens),
        headerPrefix: config.headerPrefix,
      }),
    });
    probePort = (await probe.listen(0, "127.0.0.1")).port;
  }
  const [firstClient] = (await db.stores.clients.list({ limit: 1 })).items;
  if (firstClient === undefined) throw new Error("no first-start client");
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await probe?.close();
    await app.stop();
  };
  return {
    app,
    db,
    clock,
    env,
    // Only the start that created the client shows its key (a restart on the same database shows none).
    firstKey: app.firstStart?.key.rawKey ?? "",
    firstClient,
    call: (method, path, call) => sendJson(port, method, path, call),
    probe: (method, path, call) => sendJson(probePort, method, path, call),
    stop,
    dispose: async () => {
      await stop();
      await env.dispose();
    },
  };
};

const deps = (h: Harness) => ({
  db: h.db,
  clock: h.clock,
  ids: h.app.container.get(TOKENS.Ids),
  randomBytes: secureRandomBytes,
});

const orThrow = <A>(r: E.Either<{ code: string }, A>): A => {
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};

/** Seeds a client (modules default all). */
export const seedClient = async (h: Harness, modules?: readonly Module[]): Promise<Client> =>
  orThrow(await createClient(deps(h))({ name: "Seeded client", ...(modules === undefined ? {} : { modules }) })());

/** Seeds an organisation of the client. */
export const seedOrganisation = async (h: Harness, clientId: string, name = "Seeded org"): Promise<Organisation> =>
  orThrow(await createOrganisation(deps(h))({ clientId, name })());

/** Seeds a user, optionally a member of an organisation. */
export const seedUser = async (
  h: Harness,
  clientId: string,
  options: { organisationId?: string; roles?: OrganisationRole[]; clientRoles?: ClientRole[] } = {},
): Promise<User> =>
  orThrow(
    await createUser(deps(h))({
      clientId,
      email: `user-${Math.random().toString(36).slice(2)}@example.com`,
      name: "Seeded user",
      clientRoles: options.clientRoles ?? [],
      ...(options.organisationId === undefined
        ? {}
        : { organisation: { id: options.organisationId, roles: options.roles ?? ["Member"] } }),
    })(),
  );

/** Seeds an API key. */
export const seedKey = async (h: Harness, scope: KeyScope, expiresAt?: Date): Promise<CreatedApiKey> =>
  orThrow(await createApiKey(deps(h))({ scope, ...(expiresAt === undefined ? {} : { expiresAt }) })());

/** The header of an API key (default brand word). */
export const key = (raw: string, extra: Record<string, string> = {}): Record<string, string> => ({
  "x-service-api-key": raw,
  ...extra,
});

/** The header of a bearer token. */
export const bearer = (token: string, extra: Record<string, string> = {}): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

/** A bearer token for a user, through the real code and exchange routes. */
export const tokenFor = async (h: Harness, apiKey: string, userId: string, organisationId: string): Promise<string> => {
  const code = await h.call("POST", "/v1/auth/codes", { headers: key(apiKey), body: { userId, organisationId } });
  if (code.status !== 201) throw new Error(`code: ${code.status} ${code.text}`);
  const exchanged = await h.call("POST", "/v1/auth/exchange", { body: { code: (code.json as { code: string }).code } });
  if (exchanged.status !== 200) throw new Error(`exchange: ${exchanged.status} ${exchanged.text}`);
  return (exchanged.json as { token: string }).token;
};

/** The `title` (code) of a problem answer. */
export const codeOf = (a: Answer): unknown => (a.json as { title?: unknown } | undefined)?.title;
