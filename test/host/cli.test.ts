import { existsSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { hostEnvironment, spawnHost, startHost } from "../helpers/host-process.js";

const run = async (env: Record<string, string>, args: string[]) => {
  const cli = spawnHost("cli", env, args);
  const code = await cli.exited;
  return { code, out: cli.stdout(), err: cli.stderr() };
};

test("openapi prints the served document without touching the database", async (t) => {
  const environment = await hostEnvironment();
  t.teardown(() => environment.dispose());
  const printed = await run(environment.env, ["openapi"]);
  t.is(printed.code, 0, printed.err);
  t.false(existsSync(join(environment.dataDir, "apar.sqlite")), "no database was created");
  const document = JSON.parse(printed.out) as { openapi: string; paths: Record<string, object> };
  t.regex(document.openapi, /^3\.1/);

  const host = await startHost(environment.env);
  t.teardown(() => host.child.kill("SIGKILL"));
  const served = (await (await fetch(`http://127.0.0.1:${host.port}/openapi.json`)).json()) as typeof document;
  t.deepEqual(Object.keys(document.paths).sort(), Object.keys(served.paths).sort());
  host.child.kill("SIGTERM");
  t.is(await host.exited, 0);
});

test("client, organisation, user and API keys from the command line; bad usage exits 2", async (t) => {
  const environment = await hostEnvironment();
  t.teardown(() => environment.dispose());
  const client = await run(environment.env, ["client", "create", "--name", "CLI client", "--modules", "ap,inbox"]);
  t.is(client.code, 0, client.err);
  const clientId = (JSON.parse(client.out) as { id: string; modules: string[] }).id;
  t.deepEqual((JSON.parse(client.out) as { modules: string[] }).modules, ["ap", "inbox"]);

  const org = await run(environment.env, ["org", "create", "--client", clientId, "--name", "CLI org"]);
  t.is(org.code, 0, org.err);
  const orgId = (JSON.parse(org.out) as { id: string }).id;
  const renamed = await run(environment.env, [
    "org",
    "rename",
    "--client",
    clientId,
    "--org",
    orgId,
    "--name",
    "Müller GmbH",
  ]);
  t.is(renamed.code, 0, renamed.err);
  t.like(JSON.parse(renamed.out), { id: orgId, name: "Müller GmbH" });
  const elsewhere = await run(environment.env, ["org", "rename", "--client", orgId, "--org", orgId, "--name", "X"]);
  t.is(elsewhere.code, 1);
  t.regex(elsewhere.err, /Organisation\.NotFound/);
  const user = await run(environment.env, [
    "user",
    "create",
    "--client",
    clientId,
    "--email",
    "Ada@Example.com",
    "--name",
    "Ada",
    "--org",
    orgId,
    "--role",
    "Approver",
  ]);
  t.is(user.code, 0, user.err);
  t.is((JSON.parse(user.out) as { email: string }).email, "ada@example.com");

  const key = await run(environment.env, ["api-key", "create", "--client", clientId, "--name", "backend"]);
  t.is(key.code, 0, key.err);
  const created = JSON.parse(key.out) as { id: string; rawKey: string };
  t.regex(created.rawKey, /^apar_[a-z2-7]{8}_[a-z2-7]{52}$/);
  const revoked = await run(environment.env, ["api-key", "revoke", created.id]);
  t.is(revoked.code, 0, revoked.err);
  t.truthy((JSON.parse(revoked.out) as { revokedAt: string | null }).revokedAt);

  const refused = await run(environment.env, ["org", "create", "--client", clientId, "--name", "x".repeat(201)]);
  t.is(refused.code, 1);
  t.regex(refused.err, /Request\.Invalid/);
  t.is((await run(environment.env, ["api-key", "create"])).code, 2);
  t.is((await run(environment.env, ["teleport"])).code, 2);
  const help = await run(environment.env, ["--help"]);
  t.is(help.code, 0);
  t.regex(help.out, /api-key create/);
});
