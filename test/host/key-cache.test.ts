import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { type HostProcess, hostEnvironment, startHost } from "../helpers/host-process.js";
import { redisMissing, suiteNeeding } from "../helpers/services.js";

// The key caches of several processes: one process's revocation is seen by the next request another serves,
// through the stamp file in the shared data folder (processes of one host) or Redis (instances on other hosts).

const FIRST_KEY = /shown only this once:\s+(apar_[a-z2-7]{8}_[a-z2-7]{52})/;
const REDIS_URL = "redis://127.0.0.1:6379/0";
const onMysql = /^(mysql|mariadb):\/\//i.test(process.env.APAR_TEST_DATABASE_URL ?? "");

// Instances on other hosts share a MySQL/MariaDB database, not a data folder (SQLite's file is in it): MySQL runs
// only, where a missing Redis skips (fails under APAR_TEST_REQUIRE_SERVICES=1).
// (Awaited before any test is declared, as ava asks.)
const acrossInstances = onMysql
  ? suiteNeeding(test, "key cache across instances", await redisMissing(process.env.REDIS_URL ?? REDIS_URL))
  : test.skip;

const call = async (host: HostProcess, method: string, path: string, apiKey: string) => {
  const response = await fetch(`http://127.0.0.1:${host.port}${path}`, {
    method,
    headers: { "x-service-api-key": apiKey, "content-type": "application/json" },
    ...(method === "POST" ? { body: JSON.stringify({ name: "shared" }) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>) };
};

/** Two hosts on one database: a key made and revoked through the first, used through the second in between. */
const revokeAcross = async (
  t: { is: (a: unknown, b: unknown, m?: string) => void; teardown: (f: () => unknown) => void },
  first: HostProcess,
  startSecond: () => Promise<HostProcess>,
) => {
  const admin = FIRST_KEY.exec(first.stdout())?.[1] ?? "";
  const second = await startSecond();
  t.teardown(() => second.child.kill("SIGKILL"));
  const created = await call(first, "POST", "/v1/api-keys", admin);
  t.is(created.status, 201);
  const { id, rawKey } = created.json as { id: string; rawKey: string };
  // Held by the second host now.
  for (let i = 0; i < 3; i += 1) t.is((await call(second, "GET", "/v1/client-settings", rawKey)).status, 200);
  t.is((await call(first, "DELETE", `/v1/api-keys/${id}`, admin)).status, 204);
  const next = await call(second, "GET", "/v1/client-settings", rawKey);
  t.is(next.status, 401, "refused by the other process on its very next request");
  t.is(next.json?.title, "Auth.ApiKeyRevoked");
};

test("a key revoked in one process is refused by another process of the host sharing the data folder", async (t) => {
  // On MySQL, `on` (auto caches there only with REDIS_URL): the stamp file alone carries the change.
  const environment = await hostEnvironment({ APAR_ROLES: "api", APAR_RATE_LIMITS: "off", APAR_KEY_CACHE: "on" });
  t.teardown(() => environment.dispose());
  const first = await startHost(environment.env);
  t.teardown(() => first.child.kill("SIGKILL"));
  await revokeAcross(t, first, () => startHost(environment.env));
});

acrossInstances(
  "a key revoked on one instance is refused by another instance (its own data folder) through Redis",
  async (t) => {
    const environment = await hostEnvironment({
      APAR_ROLES: "api",
      APAR_RATE_LIMITS: "off",
      REDIS_URL: process.env.REDIS_URL ?? REDIS_URL,
    });
    t.teardown(() => environment.dispose());
    const first = await startHost(environment.env);
    t.teardown(() => first.child.kill("SIGKILL"));
    const otherData = mkdtempSync(join(tmpdir(), "apar-host-"));
    t.teardown(() => rmSync(otherData, { recursive: true, force: true }));
    await revokeAcross(t, first, () => startHost({ ...environment.env, APAR_DATA_DIR: otherData }));
  },
);
