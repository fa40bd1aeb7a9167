import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import test from "ava";
import { hostEnvironment, startHost } from "../helpers/host-process.js";

const getJson = async (port: number, path: string, headers: Record<string, string>) =>
  (await fetch(`http://127.0.0.1:${port}${path}`, { headers })).json() as Promise<{ data: { id: string }[] }>;

test("kill -9 during an upload leaves a temporary file; the next start removes it once it is abandoned", async (t) => {
  const environment = await hostEnvironment({ APAR_RATE_LIMITS: "off" });
  t.teardown(() => environment.dispose());
  const first = await startHost(environment.env);
  const key = /apar_[a-z2-7]{8}_[a-z2-7]{52}/.exec(first.stdout())?.[0] ?? "";
  const orgs = await getJson(first.port, "/v1/organisations", { "x-service-api-key": key });
  const tmp = join(environment.dataDir, "documents", "tmp");
  const temps = () => {
    try {
      return readdirSync(tmp);
    } catch {
      return [];
    }
  };

  // An upload that sends half of its document and waits: its temporary file is being written.
  const boundary = "----aparkill";
  const req = request({
    host: "127.0.0.1",
    port: first.port,
    method: "POST",
    path: "/v1/bills",
    headers: {
      "x-service-api-key": key,
      "x-service-organisation-id": orgs.data[0]?.id ?? "",
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(4 * 2 ** 20),
    },
  });
  req.on("error", () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bill.pdf"\r\n` +
      "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n",
  );
  req.write(Buffer.alloc(2 * 2 ** 20, 0x20));
  while (temps().length === 0) await new Promise((r) => setTimeout(r, 50));
  first.child.kill("SIGKILL");
  await first.exited;
  req.destroy();
  const abandoned = temps();
  t.is(abandoned.length, 1);

  // An hour later the killed upload's file is abandoned; another instance's upload under way is not.
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const name of abandoned) utimesSync(join(tmp, name), hourAgo, hourAgo);
  writeFileSync(join(tmp, "another-instance-upload"), "partial");
  const second = await startHost(environment.env);
  t.deepEqual(temps(), ["another-instance-upload"]);
  t.regex(second.stdout(), /"abandoned":1,"msg":"abandoned temporary document files removed"/);
  second.child.kill("SIGTERM");
  t.is(await second.exited, 0);
});
