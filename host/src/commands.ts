// The apar command line, started by cli.ts once the Node version is right: operator tasks against the configured
// database (same variables as the server).

import { parseArgs } from "node:util";
import { openApiDocumentOf } from "@apar/adapters/http/index";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { type DomainError, MODULES, type Module } from "@apar/core";
import {
  createApiKey,
  createClient,
  createOrganisation,
  createUser,
  renameOrganisation,
  revokeApiKey,
  verifyAuditLog,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { pino } from "pino";
import { type Config, loadConfig } from "./config.js";
import { buildContainer } from "./container.js";
import { permissionsMarkdown } from "./permissions-doc.js";
import { TAG_DESCRIPTIONS } from "./tag-descriptions.js";
import { TOKENS } from "./tokens.js";
import { APP_VERSION } from "./version.js";

const HELP = `usage: apar <command> [options]

commands:
  migrate                                   apply pending database migrations
  client create --name <name> [--sandbox] [--modules ap,ar,...]
  org create --client <clientId> --name <name> [--time-zone <IANA zone>]
  org rename --client <clientId> --org <orgId> --name <name>
  user create --client <clientId> --email <email> --name <name> [--org <orgId>] [--role Admin|Member|Approver] [--owner|--admin]
  api-key create (--client <clientId> [--client <id2> ...] | --operator) [--name <name>] [--expires <ISO date-time>]
  api-key revoke <keyId>
  audit verify [--organisation <orgId>]     check the audit log's hash chains (all, or an organisation's and its
                                            client's); exit 1 naming the first broken entry
  openapi                                   print the OpenAPI document of every route
  permissions                               print who may do what (the README's table of roles)

Configuration comes from the same environment variables as the server (see README.md).
Output is JSON on stdout; exit code 0 on success, 1 on a refused request, 2 on bad usage or configuration.`;

class Usage extends Error {}

const print = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};

const required = (values: Record<string, unknown>, name: string): string => {
  const v = values[name];
  if (typeof v !== "string" || v.trim() === "") throw new Usage(`--${name} is required`);
  return v;
};

const run = async (argv: readonly string[], config: Config): Promise<number> => {
  const [command, sub, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "help" || sub === "--help") {
    process.stdout.write(`${HELP}\n`);
    return command === undefined ? 2 : 0;
  }
  const logger = pino({ level: "warn" }, pino.destination(2));
  // The command line serves no request, so it holds no keys; its writes still drop the servers' (stamp, Redis).
  const container = buildContainer({ ...config, keyCache: "off" }, logger);
  if (command === "openapi") {
    print(
      openApiDocumentOf(container.get(TOKENS.Routes), {
        version: APP_VERSION,
        headerPrefix: config.headerPrefix,
        tagDescriptions: TAG_DESCRIPTIONS,
      }),
    );
    return 0;
  }
  if (command === "permissions") {
    process.stdout.write(`${permissionsMarkdown()}\n`);
    return 0;
  }
  const database = await container.getAsync(TOKENS.Database);
  try {
    await database.migrate();
    const deps = {
      db: database,
      clock: container.get(TOKENS.Clock),
      ids: container.get(TOKENS.Ids),
      randomBytes: secureRandomBytes,
    };
    const finish = <A>(result: E.Either<DomainError, A>, show: (a: A) => unknown): number => {
      if (E.isLeft(result)) {
        process.stderr.write(`apar: ${result.left.code}: ${result.left.detail}\n`);
        for (const e of result.left.errors ?? []) process.stderr.write(`  ${e.field}: ${e.message}\n`);
        return 1;
      }
      print(show(result.right));
      return 0;
    };
    const key = `${command} ${sub ?? ""}`.trim();
    switch (key) {
      case "migrate":
        print({ migrated: true, database: database.dialect });
        return 0;
      case "client create": {
        const { values } = parseArgs({
          args: rest,
          options: { name: { type: "string" }, sandbox: { type: "boolean" }, modules: { type: "string" } },
        });
        const modules = values.modules?.split(",").map((m) => m.trim());
        if (modules?.some((m) => !(MODULES as readonly string[]).includes(m)))
          throw new Usage(`--modules takes a list of ${MODULES.join(", ")}`);
        return finish(
          await createClient(deps)({
            name: required(values, "name"),
            type: values.sandbox === true ? "Sandbox" : "Live",
            ...(modules === undefined ? {} : { modules: modules as Module[] }),
          })(),
          (c) => c,
        );
      }
      case "org create": {
        const { values } = parseArgs({
          args: rest,
          options: { client: { type: "string" }, name: { type: "string" }, "time-zone": { type: "string" } },
        });
        return finish(
          await createOrganisation(deps)({
            clientId: required(values, "client"),
            name: required(values, "name"),
            ...(values["time-zone"] === undefined ? {} : { timeZone: values["time-zone"] }),
          })(),
          (o) => o,
        );
      }
      case "org rename": {
        const { values } = parseArgs({
          args: rest,
          options: { client: { type: "string" }, org: { type: "string" }, name: { type: "string" } },
        });
        return finish(
          await renameOrganisation(deps)({
            clientId: required(values, "client"),
            id: required(values, "org"),
            name: required(values, "name"),
          })(),
          (o) => o,
        );
      }
      case "user create": {
        const { values } = parseArgs({
          args: rest,
          options: {
            client: { type: "string" },
            email: { type: "string" },
            name: { type: "string" },
            org: { type: "string" },
            role: { type: "string", multiple: true },
            owner: { type: "boolean" },
            admin: { type: "boolean" },
          },
        });
        const roles = values.role ?? ["Member"];
        if (roles.some((r) => !["Admin", "Member", "Approver"].includes(r)))
          throw new Usage("--role takes Admin, Member or Approver");
        return finish(
          await createUser(deps)({
            clientId: required(values, "client"),
            email: required(values, "email"),
            name: required(values, "name"),
            clientRoles: [
              ...(values.owner === true ? ["Owner" as const] : []),
              ...(values.admin === true ? ["Admin" as const] : []),
            ],
            ...(values.org === undefined
              ? {}
              : { organisation: { id: values.org, roles: roles as ("Admin" | "Member" | "Approver")[] } }),
          })(),
          (u) => u,
        );
      }
      case "api-key create": {
        const { values } = parseArgs({
          args: rest,
          options: {
            client: { type: "string", multiple: true },
            operator: { type: "boolean" },
            name: { type: "string" },
            expires: { type: "string" },
          },
        });
        if ((values.operator === true) === (values.client !== undefined))
          throw new Usage("give either --client <id> (one or more) or --operator");
        const expiresAt = values.expires === undefined ? null : new Date(values.expires);
        if (expiresAt !== null && Number.isNaN(expiresAt.getTime()))
          throw new Usage("--expires takes an ISO date-time");
        return finish(
          await createApiKey(deps)({
            scope:
              values.operator === true ? { kind: "operator" } : { kind: "clients", clientIds: values.client ?? [] },
            name: values.name ?? null,
            expiresAt,
          })(),
          ({ apiKey, rawKey }) => ({
            id: apiKey.id,
            rawKey,
            keyPrefix: apiKey.keyPrefix,
            name: apiKey.name,
            scope: apiKey.scope,
            createdAt: apiKey.createdAt,
            expiresAt: apiKey.expiresAt,
          }),
        );
      }
      case "api-key revoke": {
        const id = rest[0];
        if (id === undefined) throw new Usage("give the key id: apar api-key revoke <keyId>");
        return finish(await revokeApiKey(deps)({ id })(), (k) => ({ id: k.id, revokedAt: k.revokedAt }));
      }
      case "audit verify": {
        const { values } = parseArgs({ args: rest, options: { organisation: { type: "string" } } });
        const chains: { chainId: string; entries: number; ok: boolean }[] = [];
        const verdicts = await verifyAuditLog(database.stores.auditLog, values.organisation, (v) =>
          chains.push({ chainId: v.chainId, entries: v.entries, ok: v.broken === undefined }),
        );
        const broken = verdicts.find((v) => v.broken !== undefined)?.broken;
        print({ verified: broken === undefined, chains, ...(broken === undefined ? {} : { broken }) });
        if (broken === undefined) return 0;
        process.stderr.write(
          `apar: audit chain ${broken.chainId} is broken at entry ${broken.seq}` +
            `${broken.id === null ? "" : ` (${broken.id})`}: ${broken.reason}\n`,
        );
        return 1;
      }
      default:
        throw new Usage(`unknown command: ${key}`);
    }
  } finally {
    await database.close();
    await (await container.getAsync(TOKENS.KeyCacheBus)).close();
  }
};

const decoded = loadConfig(process.env);
if (E.isLeft(decoded)) {
  for (const line of decoded.left) process.stderr.write(`apar: bad configuration: ${line}\n`);
  process.exit(2);
}
run(process.argv.slice(2), decoded.right).then(
  // Exit once stdout has drained: a large document written to a pipe would otherwise be cut short.
  (code) => process.stdout.write("", () => process.exit(code)),
  (error: unknown) => {
    if (error instanceof Usage || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`apar: ${(error as Error).message}\n\n${HELP}\n`);
      process.exit(2);
    }
    process.stderr.write(`apar: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
