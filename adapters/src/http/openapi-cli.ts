import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openApiDocumentOf, writeOpenApiDocument } from "./openapi-file.js";
import type { RouteDef } from "./route.js";

const USAGE = `usage: openapi-cli <out.json> [routes-module] [--version=<v>]
Writes the OpenAPI document of the operator routes plus the routes that routes-module exports
(as \`routes\`, \`tagDescriptions\` optional), for \`npx redocly lint --config adapters/src/http/redocly.yaml <out.json>\`.`;

const main = async (args: readonly string[]): Promise<number> => {
  const version = args.find((a) => a.startsWith("--version="))?.slice("--version=".length) ?? "0.0.0-dev";
  const [out, modulePath] = args.filter((a) => !a.startsWith("--"));
  if (out === undefined || args.includes("--help")) {
    process.stderr.write(`${USAGE}\n`);
    return out === undefined ? 2 : 0;
  }
  const mod: { routes?: RouteDef[]; tagDescriptions?: Record<string, string> } =
    modulePath === undefined ? {} : await import(pathToFileURL(resolve(modulePath)).href);
  const document = openApiDocumentOf(mod.routes ?? [], {
    version,
    ...(mod.tagDescriptions === undefined ? {} : { tagDescriptions: mod.tagDescriptions }),
  });
  writeOpenApiDocument(out, document);
  return 0;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
