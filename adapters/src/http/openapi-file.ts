import { writeFileSync } from "node:fs";
import { pino } from "pino";
import { createHttpMetrics } from "./metrics.js";
import type { OpenApiDocument } from "./openapi.js";
import type { RouteDef } from "./route.js";
import { createHttpServer } from "./server.js";

/** The document a server with these routes serves (operator routes included), without listening. */
export const openApiDocumentOf = (
  routes: readonly RouteDef[],
  options: { version: string; headerPrefix?: string; tagDescriptions?: Readonly<Record<string, string>> },
): OpenApiDocument =>
  createHttpServer({
    logger: pino({ enabled: false }),
    routes,
    ready: async () => true,
    metrics: createHttpMetrics({ defaultMetrics: false }),
    maxBodyBytes: 1,
    ...options,
  }).document();

/** Writes the document as JSON to `file`. */
export const writeOpenApiDocument = (file: string, document: OpenApiDocument): void =>
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
