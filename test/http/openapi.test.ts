import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { buildOpenApi, openApiDocumentOf, type RouteDef, toTemplatePath } from "@apar/adapters/http/index";
import test from "ava";
import { checkedFetch } from "./support/client.js";
import { routes } from "./support/routes.js";
import { start } from "./support/server.js";

const run = promisify(execFile);
const root = join(import.meta.dirname, "../..");
type Doc = { paths: Record<string, Record<string, Record<string, unknown>>>; components: Record<string, unknown> };

test("the document lists every registered route and nothing else", async (t) => {
  const s = await start();
  t.teardown(() => s.http.close());
  const doc = (await (await checkedFetch(`${s.base}/openapi.json`)).json()) as Doc;
  const registered = Object.values(s.http.server.router.getRoutes() as unknown as Record<string, RouteLike>)
    .map((r) => `${r.method} ${toTemplatePath(r.path)}`)
    .sort();
  const documented = Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
  t.deepEqual(documented, registered);
  for (const op of [
    "GET /healthz",
    "GET /readyz",
    "GET /metrics",
    "GET /openapi.json",
    "GET /v1/echo/{id}",
    "POST /v1/echo",
  ]) {
    t.true(registered.includes(op), op);
  }
  t.is(registered.length, routes.length + 4);
});

interface RouteLike {
  readonly method: string;
  readonly path: string;
}

test("operations carry their parameters, bodies, security and problem answers", (t) => {
  const doc = buildOpenApi(routes, { version: "9.9.9", headerPrefix: "acme" }) as unknown as Doc & {
    info: { version: string };
  };
  t.is(doc.info.version, "9.9.9");
  const get = doc.paths["/v1/echo/{id}"]?.get as Record<string, unknown>;
  t.deepEqual(get.parameters, [
    { name: "id", in: "path", required: true, schema: { type: "string" } },
    { name: "Limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100 } },
  ]);
  t.deepEqual(get.security, [{ apiKey: [] }, { bearer: [] }]);
  t.deepEqual(Object.keys(get.responses as object), ["200", "400", "401", "403", "429", "500"]);
  const post = doc.paths["/v1/echo"]?.post as Record<string, Record<string, unknown>>;
  t.deepEqual(Object.keys(post.responses as object), ["201", "400", "401", "403", "409", "413", "415", "429", "500"]);
  t.deepEqual(post.responses?.["409"], {
    description: "Asked to conflict.",
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  });
  t.deepEqual(post.responses?.["429"], { description: "Rate limited; the body is empty. Wait 60 seconds." });
  t.like(doc.components, { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-acme-api-key" } } });
  const none = buildOpenApi(
    routes.filter((r: RouteDef) => r.security === "none"),
    { version: "1" },
  ) as unknown as Doc;
  t.is(none.components.securitySchemes, undefined);
});

test("the document passes redocly lint (recommended) offline, via the CLI that CI runs", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "apar-openapi-"));
  const file = join(dir, "openapi.json");
  await run(
    process.execPath,
    [
      "--conditions=source",
      "--import=tsx",
      join(root, "adapters/src/http/openapi-cli.ts"),
      file,
      join(root, "test/http/support/routes.ts"),
      "--version=1.0.0",
    ],
    { cwd: root },
  );
  const written = JSON.parse(readFileSync(file, "utf8")) as Doc;
  t.deepEqual(written.paths, (openApiDocumentOf(routes, { version: "1.0.0" }) as unknown as Doc).paths);
  const cli = join(dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin/cli.js");
  const { stdout, stderr } = await run(
    process.execPath,
    [cli, "lint", "--config", join(root, "adapters/src/http/redocly.yaml"), "--format=json", file],
    { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  ).catch((e: { stdout: string; stderr: string }) => e);
  const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
  t.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 } as never, JSON.stringify(report.problems) + stderr);
});
