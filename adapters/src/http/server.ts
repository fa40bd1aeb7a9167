import type { AddressInfo } from "node:net";
import {
  authorise,
  type DomainError,
  domainError,
  headerNames,
  isDomainError,
  type PermissionTable,
  SYSTEM_ACTOR,
  validationError,
} from "@apar/core";
import type { Logger } from "pino";
import restify, { type Request, type Response, type Server } from "restify";
import { asActor } from "../audit/context.js";
import { type Authenticator, isAuthFailure } from "./auth/authenticate.js";
import { readBody } from "./body.js";
import { answerClientErrors } from "./client-error.js";
import { unknownMembers } from "./closed-body.js";
import { applyCors, type CorsOptions } from "./cors.js";
import { createHttpMetrics, type HttpMetrics, observeRequest } from "./metrics.js";
import { buildOpenApi, type OpenApiDocument } from "./openapi.js";
import { OPERATOR_TAG_DESCRIPTION, operatorRoutes } from "./operator-routes.js";
import { formatProblemJson, internalProblem, PROBLEM_JSON, problem, problemOf, sendProblem } from "./problem.js";
import { queryParams } from "./query.js";
import { sendReply } from "./reply.js";
import { REQUEST_ID_HEADER, requestIdFrom } from "./request-id.js";
import { requestLineWriter } from "./request-line.js";
import { accessOf, checkRoutes, type HttpReply, type RouteContext, type RouteDef, toRestifyPath } from "./route.js";

/** What a `beforeRoute` hook sees: the request before any work, and its route when one matched. */
export interface BeforeRouteContext {
  readonly req: Request;
  readonly res: Response;
  readonly requestId: string;
  readonly log: Logger;
  readonly route: RouteDef | undefined;
}

/** A hook run before any work on each request (the seam for rate limiting); a reply ends the request. */
export type BeforeRouteHook = (ctx: BeforeRouteContext) => Promise<HttpReply | undefined>;

const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

/** What an `afterBody` hook sees: the request once its body is read, with the parsed JSON or form (if any). */
export interface AfterBodyContext extends BeforeRouteContext {
  readonly json: unknown;
  /** The fields of an `application/x-www-form-urlencoded` body (the portal's forms). */
  readonly form?: URLSearchParams;
}

/** A hook run once the body is read, before the handler (budgets counted by what the body holds). */
export type AfterBodyHook = (ctx: AfterBodyContext) => Promise<HttpReply | undefined>;

/** Options of `createHttpServer`. */
export interface HttpServerOptions {
  readonly logger: Logger;
  readonly routes: readonly RouteDef[];
  /** Readiness (database reachable, migrations applied) for `/readyz`. */
  readonly ready: () => Promise<boolean>;
  /** Metrics to count into; created when absent (the host passes its own to set queue gauges). */
  readonly metrics?: HttpMetrics;
  /** Refreshes gauges (queue depth, outbox lag) before `/metrics` is scraped. */
  readonly extraMetrics?: () => Promise<void>;
  /** What `/metrics` answers instead of `metrics` alone (every process of a cluster together). */
  readonly metricsText?: () => Promise<string>;
  /** Body limit, counted on decompressed bytes. */
  readonly maxBodyBytes: number;
  /** `info.version` of the OpenAPI document. */
  readonly version: string;
  /** The brand word in header names (`x-service-api-key`). Default `service`. */
  readonly headerPrefix?: string;
  readonly tagDescriptions?: Readonly<Record<string, string>>;
  /** Run before any work on every request except routes with `rateLimited: false`. */
  readonly beforeRoute?: readonly BeforeRouteHook[];
  /**
   * Run once the route's credential (if it needs one) is accepted, before the body is read, on the same routes
   * as `beforeRoute`: budgets that only valid callers may spend.
   */
  readonly afterAuthenticate?: readonly BeforeRouteHook[];
  /**
   * Run once the JSON body is read and before the handler, on the same routes as `beforeRoute`: budgets spent
   * per what the body holds (an MCP batch's messages, an auth code).
   */
  readonly afterBody?: readonly AfterBodyHook[];
  /**
   * Resolves credentials and tenancy headers for each route's `access`, after the `beforeRoute` hooks and
   * before the body is read. Without it, routes that declare an access needing a credential answer 401.
   */
  readonly authenticate?: Authenticator;
  /**
   * Who may do each operation (core's `PERMISSIONS`): checked once the credential and tenancy are resolved, before
   * the body is read. A caller holding none of an operation's roles, or an operation without a row, answers 403.
   * Without it (servers of tests built from a few routes), a resolved credential may call every route.
   */
  readonly permissions?: PermissionTable;
  /** Browser origins allowed to call the API (preflight answered before routing). */
  readonly cors?: CorsOptions;
  /** How long `close()` waits for in-flight requests before cutting connections. Default 8000 ms. */
  readonly closeTimeoutMs?: number;
}

/** A running (or ready to run) HTTP server. */
export interface HttpServer {
  readonly server: Server;
  readonly metrics: HttpMetrics;
  /** Every route the server registered, operator routes included. */
  readonly routes: readonly RouteDef[];
  readonly document: () => OpenApiDocument;
  listen(port: number, host?: string): Promise<{ port: number }>;
  /** Stops intake, lets in-flight requests finish (within `closeTimeoutMs`), closes idle keep-alive sockets. */
  close(): Promise<void>;
}

/** A request's own state; its logger (with the request id bound) is made only when something logs. */
class RequestState {
  route: RouteDef | undefined = undefined;
  #log: Logger | undefined;
  constructor(
    readonly requestId: string,
    readonly startedAt: bigint,
    private readonly logger: Logger,
  ) {}
  get log(): Logger {
    this.#log ??= this.logger.child({ reqId: this.requestId });
    return this.#log;
  }
}

/** restify's `first` hooks: run before restify touches a request, outside its handler chain (not in its types). */
type FirstHook = (req: Request, res: Response) => boolean | undefined;

const pathOf = (req: Request): string => req.getPath();

const routeNotFound = (req: Request) =>
  problem(404, "Route.NotFound", `No route matches ${req.method} ${pathOf(req)}.`, pathOf(req));

/** Builds the REST server: routes, problem bodies, request ids, logs, metrics and the operator routes. */
export const createHttpServer = (options: HttpServerOptions): HttpServer => {
  const { logger } = options;
  const metrics = options.metrics ?? createHttpMetrics();
  const hooks = options.beforeRoute ?? [];
  const afterAuthHooks = options.afterAuthenticate ?? [];
  const afterBodyHooks = options.afterBody ?? [];
  const state = new WeakMap<Request, RequestState>();
  let document: OpenApiDocument | undefined;
  // Built on first use: the document lists every route, its own route included.
  const documentOf = (): OpenApiDocument => {
    document ??= buildOpenApi(routes, {
      version: options.version,
      ...(options.headerPrefix === undefined ? {} : { headerPrefix: options.headerPrefix }),
      tags: { operator: OPERATOR_TAG_DESCRIPTION, ...options.tagDescriptions },
    });
    return document;
  };
  const routes: RouteDef[] = [
    ...options.routes,
    ...operatorRoutes({
      ready: options.ready,
      metrics,
      ...(options.extraMetrics === undefined ? {} : { refreshMetrics: options.extraMetrics }),
      ...(options.metricsText === undefined ? {} : { metricsText: options.metricsText }),
      document: documentOf,
    }),
  ];

  checkRoutes(routes);

  const server = restify.createServer({
    name: "",
    log: logger.child({ component: "restify" }),
    formatters: { [PROBLEM_JSON]: formatProblemJson },
  } as unknown as restify.ServerOptions);
  answerClientErrors(server.server, logger);
  const requestLine = requestLineWriter(logger);
  let closing = false;
  let inFlight = 0;
  // Route handlers running: a request whose client has left is no longer a connection, but its handler still
  // reads and writes; close() waits for those too (within its bound) before the database behind them closes.
  let handlers = 0;
  let handlersDone: (() => void) | undefined;

  /**
   * A response's end (its 'close', emitted once): the metrics and the request line. One function for every
   * response, registered with `on` (a `once` wraps each listener in a closure of its own and unhooks it).
   */
  function requestEnded(this: Response): void {
    const req = this.req as Request; // node's ServerResponse keeps its request
    const st = state.get(req);
    if (st === undefined) return;
    inFlight -= 1;
    const seconds = Number(process.hrtime.bigint() - st.startedAt) / 1e9;
    const route = st.route?.path ?? "unmatched";
    const status = this.statusCode;
    const method = req.method ?? "";
    observeRequest(metrics, { method, route, status }, seconds);
    requestLine({ reqId: st.requestId, method, route, status, durationMs: Math.round(seconds * 1e4) / 10 });
  }

  // Every request's state, its id and its log line are set up in a `first` hook: plain node req/res, before
  // restify's own chain (one handler step and one tick fewer per request than a `pre` handler).
  const first: FirstHook = (req, res) => {
    const st = new RequestState(requestIdFrom(req.headers[REQUEST_ID_HEADER]), process.hrtime.bigint(), logger);
    state.set(req, st);
    inFlight += 1;
    res.setHeader(REQUEST_ID_HEADER, st.requestId);
    if (closing) res.setHeader("Connection", "close");
    res.on("close", requestEnded);
    // A preflight answered here goes no further (false stops restify).
    return options.cors !== undefined && applyCors(options.cors, req, res) ? false : undefined;
  };
  (server as unknown as { first(hook: FirstHook): void }).first(first);

  /** What a hook sees (the logger is made only when it logs). */
  const hookContext = (
    req: Request,
    res: Response,
    st: RequestState,
    json?: unknown,
    form?: URLSearchParams,
  ): AfterBodyContext => ({
    req,
    res,
    requestId: st.requestId,
    get log() {
      return st.log;
    },
    route: st.route,
    json,
    ...(form === undefined ? {} : { form }),
  });

  /** Runs the hooks in order; true when one of them answered. */
  const runHooks = async (
    req: Request,
    res: Response,
    st: RequestState,
    list: readonly BeforeRouteHook[] = hooks,
  ): Promise<boolean> => {
    for (const hook of list) {
      const reply = await hook(hookContext(req, res, st));
      if (reply !== undefined) {
        sendReply(res, reply);
        return true;
      }
    }
    return false;
  };

  const answerError = (
    req: Request,
    res: Response,
    error: DomainError,
    headers?: Readonly<Record<string, string>>,
  ): void => {
    // The body was not read to its end: close rather than let the rest be taken for a next request.
    if (!req.readableEnded) res.setHeader("Connection", "close");
    sendProblem(res, problemOf(error, pathOf(req)), headers);
  };

  const organisationHeader = headerNames(options.headerPrefix ?? "service").organisationId;
  /** True when a path parameter is empty. */
  const anEmptyParam = (params: Readonly<Record<string, string>>): boolean => {
    for (const name in params) if (params[name] === "") return true;
    return false;
  };
  const handle = (route: RouteDef) => {
    const access = accessOf(route);
    return async function routeHandler(req: Request, res: Response): Promise<void> {
      const st = state.get(req);
      if (st === undefined) throw new Error("request without state: the pre handler did not run");
      const params = { ...(req.params as Record<string, string>) };
      handlers += 1;
      try {
        // find-my-way matches `/v1/echo/` to `/v1/echo/{id}` with an empty id: no route has that path.
        if (anEmptyParam(params)) {
          if (!(await runHooks(req, res, st))) sendProblem(res, routeNotFound(req));
          return;
        }
        st.route = route;
        if (route.rateLimited !== false && hooks.length > 0 && (await runHooks(req, res, st))) return;
        let auth: RouteContext["auth"];
        // Routes without a declared access keep working on servers built without an authenticator (tests).
        if (access.scope !== "none" && (options.authenticate !== undefined || route.access !== undefined)) {
          const resolved =
            options.authenticate === undefined
              ? { error: domainError("Unauthenticated", "Auth.Unauthenticated", "No credential can be checked.") }
              : await options.authenticate(
                  access.organisationParam === undefined
                    ? req.headers
                    : { ...req.headers, [organisationHeader]: params[access.organisationParam] },
                  access,
                );
          if (isAuthFailure(resolved)) return answerError(req, res, resolved.error, resolved.headers);
          const refused =
            options.permissions === undefined ? undefined : authorise(options.permissions, route.operationId, resolved);
          if (refused !== undefined) return answerError(req, res, refused);
          auth = resolved;
        }
        if (route.rateLimited !== false && afterAuthHooks.length > 0 && (await runHooks(req, res, st, afterAuthHooks)))
          return;
        let rawBody: Buffer = Buffer.alloc(0);
        let json: unknown;
        if (route.requestBody !== undefined && route.stream !== true) {
          const body = await readBody(req, {
            maxBytes: options.maxBodyBytes,
            mediaType: route.requestBody.mediaType ?? "application/json",
            required: route.requestBody.required ?? true,
          });
          if (isDomainError(body)) return answerError(req, res, body);
          rawBody = body.raw;
          json = body.json;
          if (route.rateLimited !== false) {
            const form =
              route.requestBody.mediaType === FORM_MEDIA_TYPE
                ? new URLSearchParams(rawBody.toString("utf8"))
                : undefined;
            for (const hook of afterBodyHooks) {
              const reply = await hook(hookContext(req, res, st, json, form));
              if (reply !== undefined) return sendReply(res, reply);
            }
          }
          const strangers = json === undefined ? [] : unknownMembers(route.requestBody.schema, json);
          if (strangers.length > 0)
            return answerError(
              req,
              res,
              validationError(strangers, "The body has members this operation does not know."),
            );
        }
        const ctx: RouteContext = {
          requestId: st.requestId,
          operationId: route.operationId,
          get log() {
            return st.log;
          },
          params,
          query: queryParams(req.url ?? ""),
          headers: req.headers,
          rawBody,
          json,
          req,
          res,
          auth,
        };
        // Changes the handler makes are the caller's (public routes: the system's, unless the use case names one).
        const caller = { actor: auth?.actor ?? SYSTEM_ACTOR, requestId: st.requestId };
        const result = await asActor(
          auth?.client === undefined ? caller : { ...caller, clientId: auth.client.id },
          () => route.handler(ctx),
        );
        if (res.headersSent) return; // a streaming handler answered itself
        if (isDomainError(result)) answerError(req, res, result);
        else sendReply(res, result);
      } catch (e) {
        // A store may refuse with a DomainError it throws (a list filter too broad to answer: stores/paging.ts).
        if (isDomainError(e) && !res.headersSent) return answerError(req, res, e);
        st.log.error({ err: e, route: route.path }, "unhandled error in route handler");
        if (!res.headersSent) sendProblem(res, internalProblem(pathOf(req)));
        else res.destroy();
      } finally {
        handlers -= 1;
        if (handlers === 0) handlersDone?.();
      }
    };
  };

  for (const route of routes) {
    const mount = { path: toRestifyPath(route.path), name: route.operationId };
    server[route.method === "DELETE" ? "del" : (route.method.toLowerCase() as "get")](mount, handle(route));
  }

  // restify's own errors (unknown route, wrong method, anything a handler let escape) become problems.
  server.on("restifyError", (req: Request, res: Response, err: Error & { statusCode?: number }, cb: () => void) => {
    const st = state.get(req);
    void (async () => {
      if (res.headersSent) return;
      const instance = pathOf(req);
      if (err.name === "ResourceNotFoundError" || err.name === "MethodNotAllowedError") {
        if (st !== undefined && (await runHooks(req, res, st))) return;
        if (err.name === "ResourceNotFoundError") {
          sendProblem(res, routeNotFound(req));
        } else {
          sendProblem(res, problem(405, "Route.MethodNotAllowed", `${req.method} is not allowed here.`, instance));
        }
        return;
      }
      (st?.log ?? logger).error({ err }, "error outside a route handler");
      sendProblem(res, internalProblem(instance));
    })()
      .catch((e: unknown) => {
        logger.error({ err: e }, "error while answering an error");
        if (!res.headersSent) sendProblem(res, internalProblem(pathOf(req)));
      })
      .finally(() => {
        // Replies are written with node's own writeHead/end (reply.ts); restify answers an error itself unless
        // its marker of a sent response (set by its own send) is up.
        if (res.headersSent) (res as { _sent?: boolean })._sent = true;
        cb();
      });
  });

  const listen = (port: number, host?: string): Promise<{ port: number }> =>
    new Promise((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, host, () => {
        server.server.off("error", reject);
        resolve({ port: (server.address() as AddressInfo).port });
      });
    });

  const close = async (): Promise<void> => {
    if (!server.server.listening) return;
    closing = true;
    const http = server.server;
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    // A keep-alive socket becomes idle only after its response; sweep until the server has closed.
    const sweep = setInterval(() => http.closeIdleConnections(), 25);
    const bound = options.closeTimeoutMs ?? 8000;
    const deadline = Date.now() + bound;
    const cut = setTimeout(() => {
      logger.warn({ inFlight }, "closing: cutting connections of requests still running");
      http.closeAllConnections();
    }, bound);
    http.closeIdleConnections();
    try {
      await closed;
      if (handlers > 0) {
        let bounded: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          handlersDone = resolve;
          bounded = setTimeout(
            () => {
              logger.warn({ handlers }, "closing: handlers of requests whose clients left still run");
              resolve();
            },
            Math.max(0, deadline - Date.now()),
          );
        });
        clearTimeout(bounded);
      }
    } finally {
      handlersDone = undefined;
      clearInterval(sweep);
      clearTimeout(cut);
      closing = false;
    }
  };

  return { server, metrics, routes, document: documentOf, listen, close };
};
