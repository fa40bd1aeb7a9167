import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  fileDocumentFiles,
  folderSweepableStore,
  type StreamingDocumentFiles,
  type SweepableStore,
  s3Client,
  s3DocumentFiles,
  s3SweepableStore,
  sweepDocuments,
} from "@apar/adapters/documents/index";
import test, { type ExecutionContext } from "ava";
import { type LocalS3, startLocalS3 } from "../../helpers/s3-server.js";

// The document store's contract, held by the folder and by an S3 bucket (a local server speaking the S3 wire
// format, which the AWS SDK talks to unchanged): content-addressed, whole or nothing, streams bounded.

interface Store {
  readonly files: StreamingDocumentFiles;
  readonly sweepable: SweepableStore;
}

let s3: LocalS3 | undefined;
let prefixes = 0;
test.before(async () => {
  s3 = await startLocalS3();
});
test.after.always(async () => {
  await s3?.close();
});

const kinds: Record<string, (t: ExecutionContext) => Store> = {
  folder: (t) => {
    const dir = mkdtempSync(join(tmpdir(), "apar-docs-"));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    return { files: fileDocumentFiles(dir), sweepable: folderSweepableStore(dir) };
  },
  s3: () => {
    if (s3 === undefined) throw new Error("no local S3 server");
    // A prefix of its own per test: the bucket is shared.
    const location = { bucket: s3.bucket, prefix: `t${prefixes++}/` };
    const client = s3Client({ ...location, endpoint: s3.endpoint, credentials: s3.credentials });
    // Parts of S3's smallest size, so that a 6 MiB stream is a multipart upload.
    const files = s3DocumentFiles(client, location, { partBytes: PART });
    return { files, sweepable: s3SweepableStore(client, location) };
  },
};

const documentFilesTest = (title: string, body: (t: ExecutionContext, store: Store) => Promise<void>): void => {
  // One at a time: several multi-megabyte uploads at once on a busy machine outlast ava's idle timeout.
  for (const [kind, make] of Object.entries(kinds)) test.serial(`${kind}: ${title}`, (t) => body(t, make(t)));
};

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = (n: number) => new Uint8Array(randomBytes(n));
const MiB = 1024 * 1024;
const PART = 5 * MiB;
const LATER = () => new Date(Date.now() + 2 * 24 * 3_600_000);

/** Every content file and temporary file the store holds (aged as if two days had passed). */
const contents = async (store: Store): Promise<string[]> => {
  const found: string[] = [];
  for await (const sha256 of store.sweepable.oldFiles(LATER(), 0)) found.push(sha256);
  return found.sort();
};

documentFilesTest(
  "put then get answers the bytes under their sha-256; the same bytes are kept once",
  async (t, store) => {
    const bytes = new TextEncoder().encode("%PDF-1.7 a bill");
    const stored = await store.files.put(bytes);
    t.deepEqual(stored, { sha256: sha(bytes), size: bytes.byteLength });
    t.deepEqual(await store.files.get(stored.sha256), bytes);
    t.deepEqual(await store.files.put(bytes), stored);
    t.deepEqual(await contents(store), [stored.sha256]);
  },
);

documentFilesTest("get answers undefined for an unknown hash and for what is not a hash", async (t, store) => {
  await store.files.put(new TextEncoder().encode("something"));
  t.is(await store.files.get("0".repeat(64)), undefined);
  t.is(await store.files.get("../../etc/passwd"), undefined);
  t.is(await store.files.get("ABC"), undefined);
});

documentFilesTest("putStream writes a stream as it comes: hash, size and first 4096 bytes", async (t, store) => {
  const bytes = bytesOf(10_000);
  const stored = await store.files.putStream(Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]), 20_000);
  t.deepEqual(stored, { sha256: sha(bytes), size: 10_000, head: bytes.subarray(0, 4096) });
  t.deepEqual(await store.files.get(sha(bytes)), bytes);
});

documentFilesTest("putStream of a stream longer than one part (6 MiB) keeps every byte", async (t, store) => {
  const bytes = bytesOf(6 * MiB);
  const chunks = Array.from({ length: 6 }, (_, i) => bytes.subarray(i * MiB, (i + 1) * MiB));
  const stored = await store.files.putStream(Readable.from(chunks), 20 * MiB);
  t.like(stored, { sha256: sha(bytes), size: 6 * MiB });
  t.deepEqual(await store.files.get(sha(bytes)), bytes);
  t.deepEqual(await contents(store), [sha(bytes)]);
  t.is(await store.sweepable.removeAbandonedTemp(LATER(), 0), 0, "no temporary file is left");
});

documentFilesTest(
  "putStream past maxBytes answers too-large and keeps nothing, after one part or within it",
  async (t, store) => {
    const big = bytesOf(7 * MiB);
    const chunks = Array.from({ length: 7 }, (_, i) => big.subarray(i * MiB, (i + 1) * MiB));
    t.is(await store.files.putStream(Readable.from(chunks), PART + MiB / 2), "too-large");
    t.is(await store.files.putStream(Readable.from([bytesOf(5000)]), 4999), "too-large");
    t.deepEqual(await contents(store), []);
    t.is(await store.sweepable.removeAbandonedTemp(LATER(), 0), 0, "no temporary file is left");
    t.is(await store.files.get(sha(big)), undefined);
  },
);

documentFilesTest("putStream rejects when the stream fails, and keeps nothing", async (t, store) => {
  const failing = new Readable({
    read() {
      this.push(bytesOf(1000));
      this.destroy(new Error("client went away"));
    },
  });
  await t.throwsAsync(store.files.putStream(failing, 10_000), { message: "client went away" });
  t.deepEqual(await contents(store), []);
});

documentFilesTest("the sweep removes old unreferenced files, keeps referenced and young ones", async (t, store) => {
  const [held, orphan] = await Promise.all([
    store.files.put(new TextEncoder().encode("held by a bill")),
    store.files.put(new TextEncoder().encode("left by a killed upload")),
  ]);
  const referenced = async (hashes: readonly string[]) => new Set(hashes.filter((h) => h === held.sha256));
  t.deepEqual(await sweepDocuments({ store: store.sweepable, now: new Date(), referenced }), {
    contentFiles: 0,
    tempFiles: 0,
  });
  t.deepEqual(await sweepDocuments({ store: store.sweepable, now: LATER(), referenced }), {
    contentFiles: 1,
    tempFiles: 0,
  });
  t.truthy(await store.files.get(held.sha256));
  t.is(await store.files.get(orphan.sha256), undefined);
  t.deepEqual(await contents(store), [held.sha256]);
});
