import { toJsonSchema } from "@apar/core";
import { closedSchema } from "./closed-body.js";
import { FieldErrorView, PROBLEM_JSON, ProblemView } from "./problem.js";
import { pathParameterNames, type ResponseDef, type RouteDef, securityOf } from "./route.js";

/** What the document says about the service beyond its routes. */
export interface OpenApiOptions {
  readonly title?: string;
  readonly version: string;
  readonly description?: string;
  /** The brand word in header names: `x-<prefix>-api-key`. Default `service`. */
  readonly headerPrefix?: string;
  /** Descriptions of the tags the routes use. */
  readonly tags?: Readonly<Record<string, string>>;
  /** Default `/` (the document is served by the API it describes). */
  readonly serverUrl?: string;
}

/** An OpenAPI 3.1 document (kept loose: it is data we write, not read). */
export type OpenApiDocument = Readonly<Record<string, unknown>> & {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
};

/** The document's problem schema, for answers that may be a problem in another media type. */
export const problemRef = { $ref: "#/components/schemas/Problem" };

const problemResponse = (description: string) => ({ description, content: { [PROBLEM_JSON]: { schema: problemRef } } });

// Every error but 429 is a problem, so an error response needs no schema of its own.
const responseObject = (r: ResponseDef, status: string) => {
  const isProblem = Number(status) >= 400 && status !== "429";
  if (r.schema === undefined) return isProblem ? problemResponse(r.description) : { description: r.description };
  const mediaType = r.mediaType ?? (isProblem ? PROBLEM_JSON : "application/json");
  const others = Object.fromEntries(Object.entries(r.alternatives ?? {}).map(([type, schema]) => [type, { schema }]));
  return { description: r.description, content: { [mediaType]: { schema: r.schema }, ...others } };
};

/** The answers every route of a kind may give, whether or not its handler says so. */
const implicitResponses = (route: RouteDef): Record<string, object> => {
  const out: Record<string, object> = {};
  if (route.requestBody !== undefined || (route.parameters?.length ?? 0) > 0) {
    out["400"] = problemResponse("The request is malformed or not valid.");
  }
  if (securityOf(route) === "credential") {
    out["401"] = problemResponse("No valid credential was given (missing, invalid, expired or revoked).");
    out["403"] = problemResponse("The credential does not allow this operation (role, module or organisation).");
  }
  const scope = route.access?.scope;
  if (scope === "client" || scope === "organisation") {
    out["400"] = problemResponse("The request is malformed, or a required tenancy header is missing.");
    out["404"] = problemResponse("Not found; a client or organisation outside the credential answers the same.");
  }
  if (route.requestBody !== undefined) {
    out["413"] = problemResponse("The body is larger than the limit (counted after decompression).");
    out["415"] = problemResponse("The body's media type or content encoding is not accepted.");
  }
  if (route.rateLimited !== false) out["429"] = { description: "Rate limited; the body is empty. Wait 60 seconds." };
  out["500"] = problemResponse("An unexpected error; details are in the server's log.");
  return out;
};

/** The tenancy headers a route reads, as OpenAPI header parameters. */
const tenancyHeaders = (route: RouteDef, prefix: string) => {
  const scope = route.access?.scope;
  if (scope !== "client" && scope !== "organisation") return [];
  const uuid = { type: "string", format: "uuid" };
  return [
    {
      name: `x-${prefix}-client-id`,
      in: "header",
      required: false,
      description:
        "The client to act for. Required when the credential covers more than one client; omit it when it covers one.",
      schema: uuid,
    },
    ...(scope === "organisation" && route.access?.organisationParam === undefined
      ? [
          {
            name: `x-${prefix}-organisation-id`,
            in: "header",
            required: true,
            description: "The organisation the request acts in; the caller must be a member or a client administrator.",
            schema: uuid,
          },
        ]
      : []),
  ];
};

/** The credentials a route takes: API keys only for operator routes and API-key-only routes. */
const securityRequirements = (route: RouteDef) => {
  if (securityOf(route) === "none") return [];
  const keyOnly = route.access?.scope === "operator" || route.access?.credentials === "api_key";
  return keyOnly ? [{ apiKey: [] }] : [{ apiKey: [] }, { bearer: [] }];
};

const operation = (route: RouteDef, prefix: string) => {
  const declared = route.parameters ?? [];
  const pathParams = pathParameterNames(route.path)
    .filter((name) => !declared.some((p) => p.in === "path" && p.name === name))
    .map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const parameters = [
    ...pathParams,
    ...declared.map((p) => ({ ...p, required: p.in === "path" ? true : (p.required ?? false) })),
    ...tenancyHeaders(route, prefix),
  ];
  const responses: Record<string, object> = implicitResponses(route);
  for (const [status, r] of Object.entries(route.responses)) responses[status] = responseObject(r, status);
  const body = route.requestBody;
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    tags: [...route.tags],
    // The module the client's plan must include; without it every call answers 403 Module.NotEntitled.
    ...(route.access?.module === undefined ? {} : { "x-module": route.access.module }),
    security: securityRequirements(route),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(body === undefined
      ? {}
      : {
          requestBody: {
            required: body.required ?? true,
            ...(body.description === undefined ? {} : { description: body.description }),
            content: { [body.mediaType ?? "application/json"]: { schema: closedSchema(body.schema) } },
          },
        }),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
};

/** Builds the OpenAPI 3.1 document of a set of routes. */
export const buildOpenApi = (routes: readonly RouteDef[], options: OpenApiOptions): OpenApiDocument => {
  const paths: Record<string, Record<string, unknown>> = {};
  const prefix = options.headerPrefix ?? "service";
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const item = paths[route.path] ?? {};
    item[route.method.toLowerCase()] = operation(route, prefix);
    paths[route.path] = item;
  }
  const tagNames = [...new Set(routes.flatMap((r) => r.tags))].sort();
  return {
    openapi: "3.1.0",
    info: {
      title: options.title ?? "apar",
      version: options.version,
      description: options.description ?? "Self-hosted accounts payable and accounts receivable.",
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: options.serverUrl ?? "/" }],
    tags: tagNames.map((name) => {
      const description = options.tags?.[name];
      return description === undefined ? { name } : { name, description };
    }),
    paths,
    components: {
      schemas: { Problem: toJsonSchema(ProblemView), FieldError: toJsonSchema(FieldErrorView) },
      // Declared only when used: an unused scheme is a lint warning.
      ...(routes.some((r) => securityOf(r) === "credential")
        ? {
            securitySchemes: {
              apiKey: { type: "apiKey", in: "header", name: `x-${prefix}-api-key`, description: "An API key." },
              ...(routes.some((r) => securityRequirements(r).length === 2)
                ? {
                    bearer: {
                      type: "http",
                      scheme: "bearer",
                      bearerFormat: "JWT",
                      description: "A user's access token (POST /v1/auth/codes, then POST /v1/auth/exchange).",
                    },
                  }
                : {}),
            },
          }
        : {}),
    },
  };
};
