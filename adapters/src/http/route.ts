import { type Access, type DomainError, type RequestAuth, toJsonSchema } from "@apar/core";
import * as t from "io-ts";
import type { Logger } from "pino";
import type { Request, Response } from "restify";

/** The HTTP methods a route may answer. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** A declared query, header or path parameter (path parameters not declared are added as strings). */
export interface ParameterDef {
  readonly name: string;
  readonly in: "query" | "header" | "path";
  readonly description?: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
}

/**
 * The body a route accepts. JSON media types (`application/json`, `*+json`) are parsed. A JSON body is stated
 * once, as the io-ts codec the handler decodes it with; its schema is generated from that codec (`jsonBody`),
 * never written by hand (test/architecture/request-schemas.test.ts).
 */
export interface RequestBodyDef {
  readonly schema: JsonSchema;
  /** The codec the handler decodes a JSON body with; `schema` is `toJsonSchema(codec)`. */
  readonly codec?: t.Mixed;
  /** Default `application/json`. */
  readonly mediaType?: string;
  /** Default true: an empty body answers 400. */
  readonly required?: boolean;
  readonly description?: string;
}

/** One documented answer of a route. A response without a schema has no body. */
export interface ResponseDef {
  readonly description: string;
  readonly schema?: JsonSchema;
  /** Default `application/json` when there is a schema. */
  readonly mediaType?: string;
  /** Other media types the same answer may come in (content negotiation), each with its schema. */
  readonly alternatives?: Readonly<Record<string, JsonSchema>>;
}

/** What a handler answers. An object body is sent as JSON unless `contentType` says otherwise. */
export interface HttpReply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly contentType?: string;
}

/** Query parameters, matched case-insensitively (`Limit` and `limit` are one name). */
export interface QueryParams {
  get(name: string): string | undefined;
  getAll(name: string): readonly string[];
}

/** What a handler is given for one request. */
export interface RouteContext {
  readonly requestId: string;
  /** The route's operationId: the row of the permissions table it answers to. */
  readonly operationId: string;
  readonly log: Logger;
  /** Path parameters, decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: QueryParams;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body after content decoding; empty when the route declares none or streams. */
  readonly rawBody: Buffer;
  /** The parsed JSON body on JSON routes, else undefined. */
  readonly json: unknown;
  /** For routes that stream (`stream: true`) or need the socket; most handlers never touch these. */
  readonly req: Request;
  readonly res: Response;
  /** The resolved credential and tenancy (routes whose access needs a credential); undefined on public routes. */
  readonly auth: RequestAuth | undefined;
}

/**
 * A route: the single source for the restify registration and the OpenAPI operation.
 * The handler answers a reply or an expected failure (a DomainError, sent as a problem);
 * anything it throws is a defect (500).
 */
export interface RouteDef {
  readonly method: HttpMethod;
  /** OpenAPI template form: `/v1/bills/{id}`. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Default `credential` (an API key or a bearer token). Derived from `access` when that is given. */
  readonly security?: "none" | "credential";
  /**
   * Who may call and in which tenancy: enforced before the body is read (credential 401, client 400/404,
   * module 403, client administrator 403, organisation header 400/404/403) and documented in the OpenAPI.
   */
  readonly access?: Access;
  readonly parameters?: readonly ParameterDef[];
  readonly requestBody?: RequestBodyDef;
  /** Status code (`"200"`) to its documentation. */
  readonly responses: Readonly<Record<string, ResponseDef>>;
  /** False for routes no limiter may touch (the operator routes); `beforeRoute` hooks are skipped. */
  readonly rateLimited?: boolean;
  /**
   * The narrower limit of the spec's Limits table this route also counts toward: `auth` (codes, exchange,
   * registration, invite acceptance: per source IP, and per credential once it is accepted, or per the body's
   * `limitKeyMember` on routes that take none), `public-token` (public pages, per token: see `limitKeyParam`), `mcp`
   * (per API key or bearer token, each message of a JSON-RPC batch counted), or `inbound` (third-party
   * receivers: their own per-IP budget, outside the general per-IP limit and its block). Absent: the general
   * limit only.
   */
  readonly limit?: "auth" | "public-token" | "inbound" | "mcp";
  /** For `limit: "public-token"`: the path parameter holding the token. Default `token`. */
  readonly limitKeyParam?: string;
  /**
   * For `limit: "auth"` on a route without a credential: the body member (a string; a JSON member or a form field)
   * whose value keeps its own budget (the exchange's `code`, a sign-in link's `email`), so strangers sending other
   * values never spend a valid caller's.
   */
  readonly limitKeyMember?: string;
  /** True: the server does not read the body; the handler streams it from `ctx.req` (multipart). */
  readonly stream?: boolean;
  readonly handler: (ctx: RouteContext) => Promise<HttpReply | DomainError>;
}

/**
 * A JSON request body stated once: `codec` decodes it (in core, `core/src/app/<domain>/inputs.ts`) and the
 * document's schema is generated from it. Example: `requestBody: jsonBody(MatchGroupBody)`.
 */
export const jsonBody = (
  codec: t.Mixed,
  options: Pick<RequestBodyDef, "required" | "description" | "mediaType"> = {},
): RequestBodyDef => ({ ...options, codec, schema: toJsonSchema(codec) });

/**
 * A form body (`application/x-www-form-urlencoded`): the required fields are strings, `optional` names the codecs
 * of the others; its schema is generated from them.
 */
export const formBody = (required: readonly string[], optional: t.Props = {}): RequestBodyDef => ({
  mediaType: "application/x-www-form-urlencoded",
  schema: toJsonSchema(
    t.intersection([t.type(Object.fromEntries(required.map((name) => [name, t.string]))), t.partial(optional)]),
  ),
});

/** `/v1/bills/{id}` -> `/v1/bills/:id` (restify's form). */
export const toRestifyPath = (template: string): string => template.replace(/\{([^}/]+)\}/g, ":$1");

/** `/v1/bills/:id` -> `/v1/bills/{id}` (OpenAPI's form). */
export const toTemplatePath = (restifyPath: string): string => restifyPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** Names of the `{placeholders}` of a path template, in order. */
export const pathParameterNames = (template: string): string[] =>
  [...template.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1] ?? "");

/** Throws when routes cannot all be served and documented: a repeated operationId or method and path. */
export const checkRoutes = (routes: readonly RouteDef[]): void => {
  const seen = new Set<string>();
  for (const r of routes) {
    for (const key of [`operationId ${r.operationId}`, `route ${r.method} ${r.path}`]) {
      if (seen.has(key)) throw new Error(`two routes have the same ${key}`);
      seen.add(key);
    }
  }
};

/** The access a route enforces: its `access`, else public for `security: "none"`, else any credential. */
export const accessOf = (route: RouteDef): Access =>
  route.access ?? (route.security === "none" ? { scope: "none" } : { scope: "credential" });

/** Whether the route takes a credential (for the OpenAPI document). */
export const securityOf = (route: RouteDef): "none" | "credential" =>
  route.access === undefined ? (route.security ?? "credential") : route.access.scope === "none" ? "none" : "credential";
