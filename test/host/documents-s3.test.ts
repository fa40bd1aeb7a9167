import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { s3Client, s3SweepableStore } from "@apar/adapters/documents/index";
import test from "ava";
import { eventually } from "../helpers/eventually.js";
import { hostEnvironment, ROOT, startHost } from "../helpers/host-process.js";
import { startLocalS3 } from "../helpers/s3-server.js";

// With APAR_DOCUMENTS_S3_BUCKET the host keeps uploads in the bucket (a local server speaking the S3 wire format)
// and its worker reads them from there; the data folder holds no document.

test("APAR_DOCUMENTS_S3_BUCKET: an uploaded bill's file lands in the bucket and the worker reads it from there", async (t) => {
  const s3 = await startLocalS3();
  t.teardown(() => s3.close());
  const environment = await hostEnvironment({
    APAR_RATE_LIMITS: "off",
    APAR_DOCUMENTS_S3_BUCKET: s3.bucket,
    APAR_DOCUMENTS_S3_ENDPOINT: s3.endpoint,
    APAR_DOCUMENTS_S3_PREFIX: "apar/",
    AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
  });
  t.teardown(() => environment.dispose());
  const host = await startHost(environment.env);
  t.teardown(() => host.child.kill("SIGKILL"));
  const base = `http://127.0.0.1:${host.port}`;
  const key = /apar_[a-z2-7]{8}_[a-z2-7]{52}/.exec(host.stdout())?.[0] ?? "";
  const organisationId = /organisation id:\s+([0-9a-f-]{36})/.exec(host.stdout())?.[1] ?? "";
  const headers = { "x-service-api-key": key, "x-service-organisation-id": organisationId };

  const pdf = readFileSync(join(ROOT, "fixtures/readme/acme-service.pdf"));
  const form = new FormData();
  form.append("file", new Blob([pdf], { type: "application/pdf" }), "acme-service.pdf");
  const uploaded = await fetch(`${base}/v1/bills`, { method: "POST", headers, body: form });
  t.is(uploaded.status, 202, await uploaded.clone().text());
  const { id } = (await uploaded.json()) as { id: string };
  const bill = await eventually(async () => {
    const got = (await (await fetch(`${base}/v1/bills/${id}`, { headers })).json()) as { state: string };
    return got.state === "Extracting" ? undefined : got;
  }, "the bill to be read");
  t.is(bill.state, "PendingReview");

  const client = s3Client({ bucket: s3.bucket, endpoint: s3.endpoint, credentials: s3.credentials });
  const store = s3SweepableStore(client, { bucket: s3.bucket, prefix: "apar/" });
  const kept: string[] = [];
  for await (const sha256 of store.oldFiles(new Date(Date.now() + 86_400_000), 0)) kept.push(sha256);
  t.deepEqual(kept, [createHash("sha256").update(pdf).digest("hex")]);
  host.child.kill("SIGTERM");
  t.is(await host.exited, 0);
});
