import { domainError, oneOf, toJsonSchema } from "@apar/core";
import * as t from "io-ts";
import type { HttpMetrics } from "./metrics.js";
import type { OpenApiDocument } from "./openapi.js";
import type { RouteDef } from "./route.js";

/** What the operator routes read. */
export interface OperatorDeps {
  readonly ready: () => Promise<boolean>;
  readonly metrics: HttpMetrics;
  /** Runs before each scrape, to refresh gauges such as queue depth and outbox lag. */
  readonly refreshMetrics?: () => Promise<void>;
  readonly document: () => OpenApiDocument;
  /** The text `/metrics` answers when not this registry's alone (every process of a cluster together). */
  readonly metricsText?: () => Promise<string>;
}

const TAG = "operator";

const statusSchema = toJsonSchema(t.type({ status: oneOf(["ok"] as const, "Status") }, "Health"));

/** `/healthz`, `/readyz`, `/openapi.json` and `/metrics`: no credential, never rate limited. */
export const operatorRoutes = (deps: OperatorDeps): RouteDef[] => [
  {
    method: "GET",
    path: "/healthz",
    operationId: "getHealth",
    summary: "Liveness: 200 while the process runs",
    tags: [TAG],
    security: "none",
    rateLimited: false,
    responses: { "200": { description: "The process is alive.", schema: statusSchema } },
    handler: async () => ({ status: 200, body: { status: "ok" } }),
  },
  {
    method: "GET",
    path: "/readyz",
    operationId: "getReadiness",
    summary: "Readiness: 200 when the database is reachable and migrated",
    tags: [TAG],
    security: "none",
    rateLimited: false,
    responses: {
      "200": { description: "Ready to serve.", schema: statusSchema },
      "503": { description: "Not ready (database unreachable or migrations pending)." },
    },
    handler: async (ctx) => {
      const ready = await deps.ready().catch((e: unknown) => {
        ctx.log.warn({ err: e }, "readiness check failed");
        return false;
      });
      return ready
        ? { status: 200, body: { status: "ok" } }
        : domainError("Unavailable", "Service.NotReady", "The service is not ready to serve requests.");
    },
  },
  {
    method: "GET",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI 3.1 document",
    tags: [TAG],
    security: "none",
    rateLimited: false,
    responses: { "200": { description: "The document.", schema: toJsonSchema(t.record(t.string, t.unknown)) } },
    handler: async () => ({ status: 200, body: deps.document() }),
  },
  {
    method: "GET",
    path: "/metrics",
    operationId: "getMetrics",
    summary: "Prometheus metrics",
    tags: [TAG],
    security: "none",
    rateLimited: false,
    responses: {
      "200": {
        description: "Metrics in the Prometheus text format.",
        schema: { type: "string" },
        mediaType: "text/plain",
      },
    },
    handler: async (ctx) => {
      // A failed refresh (database down) must not hide the other metrics.
      await deps.refreshMetrics?.().catch((e: unknown) => ctx.log.warn({ err: e }, "metrics refresh failed"));
      return {
        status: 200,
        body: await (deps.metricsText?.() ?? deps.metrics.registry.metrics()),
        contentType: deps.metrics.registry.contentType,
      };
    },
  },
];

/** The description of the operator tag, for the document. */
export const OPERATOR_TAG_DESCRIPTION =
  "Health, readiness, metrics and this document, for operators and orchestrators.";
