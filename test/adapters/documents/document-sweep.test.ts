import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileDocumentFiles, folderSweepableStore, sweepDocuments } from "@apar/adapters/documents/index";
import { UNREAD_BILL } from "@apar/core";
import { referencedDocuments } from "@apar/core/app";
import { aBill, aScope } from "../../contracts/bill-fixtures.js";
import { contractTest } from "../../contracts/contract.js";
import { newId } from "../../contracts/fixtures.js";

const DAY = 24 * 3_600_000;

contractTest("document sweep: unreferenced files older than a day and abandoned temp files go", async (t, db) => {
  const dir = mkdtempSync(join(tmpdir(), "apar-docs-"));
  try {
    const files = fileDocumentFiles(dir);
    const put = (text: string) => files.put(new TextEncoder().encode(text));
    const [billed, waiting, orphan, young] = await Promise.all([
      put("billed"),
      put("waiting"),
      put("orphan"),
      put("young"),
    ]);
    const document = (sha256: string) => ({ sha256, mediaType: "application/pdf", filename: null, size: 1 });
    await db.stores.bills.add(aBill(aScope(), { document: document(billed.sha256) }));
    const now = new Date();
    await db.stores.companyBills.add({
      ...UNREAD_BILL,
      id: newId(),
      clientId: newId(),
      companyId: newId(),
      document: document(waiting.sha256),
      createdAt: now,
      updatedAt: now,
    });
    const path = (sha256: string) => join(dir, sha256.slice(0, 2), sha256);
    const twoDaysAgo = new Date(now.getTime() - 2 * DAY);
    for (const f of [billed, waiting, orphan]) utimesSync(path(f.sha256), twoDaysAgo, twoDaysAgo);
    // A write abandoned by a killed process, and one still under way.
    writeFileSync(join(dir, "tmp", "abandoned"), "partial");
    utimesSync(join(dir, "tmp", "abandoned"), twoDaysAgo, twoDaysAgo);
    writeFileSync(join(dir, "tmp", "in-flight"), "partial");

    const swept = await sweepDocuments({
      store: folderSweepableStore(dir),
      now,
      referenced: referencedDocuments(db.stores),
    });
    t.deepEqual(swept, { contentFiles: 1, tempFiles: 1 });
    t.false(existsSync(path(orphan.sha256)));
    for (const f of [billed, waiting, young]) t.true(existsSync(path(f.sha256)));
    t.false(existsSync(join(dir, "tmp", "abandoned")));
    t.true(existsSync(join(dir, "tmp", "in-flight")));
    t.deepEqual(
      await sweepDocuments({ store: folderSweepableStore(dir), now, referenced: referencedDocuments(db.stores) }),
      {
        contentFiles: 0,
        tempFiles: 0,
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
