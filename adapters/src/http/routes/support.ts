import { createHash } from "node:crypto";
import {
  type Client,
  closedType,
  type DomainError,
  decode,
  domainError,
  isUuid,
  Limit,
  ListBody,
  pageRequest,
  type RequestAuth,
  toJsonSchema,
  validationError,
} from "@apar/core";
import type { CompanyVisibility, OperationIdempotency } from "@apar/core/app";
import type { OrgScope, PageRequest } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import type { HttpReply, JsonSchema, ParameterDef, RouteContext } from "../route.js";
import type { RouteDeps } from "./deps.js";

export { wholeList } from "@apar/core";

/** What the tenancy and auth routes use (the one route deps shape, `RouteDeps`). */
export type TenancyRouteDeps = RouteDeps<"db" | "clock" | "ids" | "randomBytes" | "bearerTokens">;

/** An object with required and optional members; any other member is a 400 (`unknown_field`). */
export const body = <R extends t.Props, O extends t.Props>(required: R, optional: O) => closedType(required, optional);

/** `A` or null. */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** A codec for one of a fixed list of strings. */
export const oneOf = <S extends string>(values: readonly S[], name: string) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<S, null>, name);

/** Decodes the JSON body with `codec` and runs `run` on it; answers the validation problem otherwise. */
export const withBody = <A>(
  codec: t.Decoder<unknown, A>,
  ctx: RouteContext,
  run: (a: A) => Promise<HttpReply | DomainError>,
): Promise<HttpReply | DomainError> => {
  const decoded = decode(codec, ctx.json);
  return E.isLeft(decoded) ? Promise.resolve(decoded.left) : run(decoded.right);
};

/** Decodes the JSON body, or the validation problem. */
export const decodeBody = <A>(codec: t.Decoder<unknown, A>, ctx: RouteContext): E.Either<DomainError, A> =>
  decode(codec, ctx.json);

/** The `Cursor` and `Limit` query parameters as a page request (Limit 1 to 100, default 20). */
export const pageOf = (ctx: RouteContext): E.Either<DomainError, PageRequest> => {
  const limit = decode(Limit, ctx.query.get("limit"), "Limit");
  return E.isLeft(limit) ? limit : pageRequest(ctx.query.get("cursor"), limit.right);
};

/** A path id that is a UUID (lower-cased), or undefined: a malformed id answers like a missing one. */
export const pathId = (ctx: RouteContext, name = "id"): string | undefined => {
  const id = ctx.params[name];
  return isUuid(id) ? id.toLowerCase() : undefined;
};

/** The id no record has: what a malformed path id is looked up as, so it answers exactly like a missing one. */
const NIL_ID = "00000000-0000-0000-0000-000000000000";

/** A path id (lower-cased), or the nil id when it is not a UUID (the lookup then answers NotFound). */
export const idOf = (ctx: RouteContext, name = "id"): string => pathId(ctx, name) ?? NIL_ID;

/** The auth and organisation scope of an organisation-scoped route (the server resolved both). */
export const orgScope = (ctx: RouteContext): { auth: RequestAuth; scope: OrgScope } => {
  const auth = ctx.auth;
  if (auth?.client === undefined || auth.organisation === undefined)
    throw new Error("route declared without an organisation scope reads the organisation");
  return { auth, scope: { clientId: auth.client.id, organisationId: auth.organisation.id } };
};

/** The auth and client of a client- or organisation-scoped route (the server resolved both). */
export const clientAuth = (ctx: RouteContext): { auth: RequestAuth; client: Client } => {
  const auth = ctx.auth;
  if (auth?.client === undefined) throw new Error("route declared without a client scope reads the client");
  return { auth, client: auth.client };
};

/**
 * The companies a caller may read: every one for client administrators (and API keys), else those linked to
 * the organisations of the caller's token.
 */
export const companyVisibility = (auth: RequestAuth): CompanyVisibility =>
  auth.clientAdministrator || auth.principal.kind !== "user"
    ? undefined
    : auth.principal.claims.memberships.map((m) => m.organisationId);

/** Runs a use case and answers its value with `status`, or its DomainError. */
export const reply = async <A>(
  task: TE.TaskEither<DomainError, A>,
  status: number,
  view: (a: A) => unknown,
  headers?: Readonly<Record<string, string>>,
): Promise<HttpReply | DomainError> => {
  const result = await task();
  if (E.isLeft(result)) return result.left;
  return { status, body: view(result.right), ...(headers === undefined ? {} : { headers }) };
};

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The `Idempotency-Key` header (undefined without one), or the problem of a malformed one. */
export const idempotencyKeyOf = (ctx: RouteContext): E.Either<DomainError, string | undefined> => {
  const header = ctx.headers["idempotency-key"];
  const key = Array.isArray(header) ? header.join(",") : header;
  return key === undefined || IDEMPOTENCY_KEY.test(key)
    ? E.right(key)
    : E.left(
        validationError([
          {
            field: "Idempotency-Key",
            code: "format",
            message: "Idempotency-Key must be 1 to 255 visible ASCII characters",
          },
        ]),
      );
};

/** The `Idempotency-Key` request header of a money POST. */
export const IDEMPOTENCY_KEY_PARAMETER: ParameterDef = {
  name: "Idempotency-Key",
  in: "header",
  description: "Repeats with the same key and body answer the first answer (Idempotent-Replayed: true).",
  schema: { type: "string", maxLength: 255 },
};

/** A 403 for a caller whose role does not allow the operation. */
export const forbidden = (code: string, detail: string): DomainError => domainError("Forbidden", code, detail);

/** Headers for answers that carry a secret (a raw key, a token): never cached. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The `Cursor` and `Limit` query parameters of a list route. */
export const LIST_PARAMETERS: readonly ParameterDef[] = [
  {
    name: "Cursor",
    in: "query",
    description: "The nextCursor of the previous page.",
    schema: { type: "string" },
  },
  {
    name: "Limit",
    in: "query",
    description: "Items per page, 1 to 100 (default 20); also accepted as an integer string.",
    schema: { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 20 },
  },
];

/** The schema of a list body whose items are `item`'s, generated from core's `ListBody`. */
export const listSchema = (item: t.Mixed): JsonSchema => toJsonSchema(ListBody(item));

/** JSON Schema shorthands. */
export const S = {
  uuid: { type: "string", format: "uuid" },
  dateTime: { type: "string", format: "date-time" },
  nullableDateTime: { type: ["string", "null"], format: "date-time" },
  string: { type: "string" },
  nullableString: { type: ["string", "null"] },
} as const;

/**
 * The Idempotency-Key of a money POST as the use case takes it: the key, a hash of the path and body (what "the
 * same request" means), the operation and the status it answers; undefined without a key; the problem of a bad one.
 */
export const operationKeyOf = (
  ctx: RouteContext,
  operation: string,
  status: number,
): E.Either<DomainError, OperationIdempotency | undefined> => {
  const key = idempotencyKeyOf(ctx);
  if (E.isLeft(key) || key.right === undefined) return key as E.Either<DomainError, undefined>;
  const requestHash = createHash("sha256")
    .update(JSON.stringify([ctx.params, ctx.json ?? null]))
    .digest("hex");
  return E.right({ key: key.right, requestHash, operation, status });
};
