import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UNREAD_BILL } from "@apar/core";
import test from "ava";
import { TOKENS } from "../../../host/src/tokens.js";
import { aBill } from "../../contracts/bill-fixtures.js";
import {
  encryptedPdfWithBombPage,
  hugePng,
  oversizeXml,
  pdfWithBombAttachment,
  pdfWithBombPage,
} from "../../helpers/bombs.js";
import { send } from "../support/client.js";
import { type BillHarness, startBillHarness } from "./bill-harness.js";

// The real reader, in its child processes, behind the real host; the bombs are made here.
let h: BillHarness;
test.before(async () => {
  h = await startBillHarness({ reader: "real", vars: { APAR_READ_PROCESSES: "1" } });
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
const state = async (id: string) => ((await h.call("GET", `/v1/bills/${id}`)).json as Json).state;
const healthz = () => send(h.app.port ?? 0, { method: "GET", path: "/healthz", headers: {} });

const settle = async (id: string): Promise<Json> => {
  for (;;) {
    const bill = (await h.call("GET", `/v1/bills/${id}`)).json as Json;
    if (bill.state !== "Extracting") return bill;
    await new Promise((r) => setTimeout(r, 50));
  }
};

const bombs: [string, () => Promise<Buffer>, string, RegExp][] = [
  ["a PDF whose attached e-invoice is a GiB of compressed zeros", pdfWithBombAttachment, "bill.pdf", /stream decodes/],
  ["a PDF whose page content is a GiB of compressed zeros", pdfWithBombPage, "bill.pdf", /stream decodes/],
  [
    "an encrypted PDF whose page content is a GiB of compressed zeros",
    encryptedPdfWithBombPage,
    "bill.pdf",
    /MiB of memory/,
  ],
  ["an XML e-invoice over the size cap", async () => oversizeXml(17 * 2 ** 20), "bill.xml", /XML is more than/],
  ["a PNG claiming 100,000 x 100,000 pixels", async () => hugePng(), "bill.png", /pixels is more than/],
];

for (const [name, make, filename, detail] of bombs) {
  test.serial(
    `${name}: /healthz answers while it is read; the bill ends ExtractionFailed with bill.ocr_failed`,
    async (t) => {
      const upload = await h.upload(await make(), { filename });
      t.is(upload.status, 202);
      const id = String((upload.json as Json).id);
      // Health answers while the document is being read (for the slow bombs, before the read has ended).
      const health = await healthz();
      t.is(health.status, 200);
      if (filename === "bill.pdf") t.is(await state(id), "Extracting");
      const bill = await settle(id);
      t.is(bill.state, "ExtractionFailed");
      t.is((bill.readFailure as Json).reason, "too-large");
      t.regex(String((bill.readFailure as Json).detail), detail);
      const events = (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).map((e) => e.envelope);
      t.deepEqual(
        events.map((e) => e.type),
        ["bill.created", "bill.ocr_failed"],
      );
      t.regex(JSON.stringify(events[1]?.data), /too-large/);
      t.is((await healthz()).status, 200);
    },
  );
}

// Nothing waits for ever: a bill no job will read, and a file nobody references, are swept.
test.serial(
  "a scheduler tick queues the sweeps: a bill no job will read fails, an unreferenced old file goes",
  async (t) => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const scope = { clientId: h.clientId, organisationId: h.organisationId };
    const stuck = aBill(scope, { ...UNREAD_BILL, createdAt: hourAgo, updatedAt: hourAgo });
    await h.app.database.stores.bills.add(stuck);
    const orphan = "e".repeat(64);
    const dir = join(h.env.dataDir, "documents", orphan.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, orphan), "left by a killed upload");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000);
    utimesSync(join(dir, orphan), twoDaysAgo, twoDaysAgo);

    const scheduler = await h.app.container.getAsync(TOKENS.Scheduler);
    t.true((await scheduler.tick()) >= 2);
    let bill: Json = {};
    for (;;) {
      bill = (await h.call("GET", `/v1/bills/${stuck.id}`)).json as Json;
      if (bill.state !== "Extracting" && !existsSync(join(dir, orphan))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    t.is(bill.state, "ExtractionFailed");
    t.deepEqual(bill.readFailure, { reason: "unreadable", detail: "no reading of this bill is left to run" });
    const events = await h.app.database.stores.events.ofSubject(h.clientId, "bill", stuck.id);
    t.deepEqual(
      events.map((e) => e.envelope.type),
      ["bill.ocr_failed"],
    );
    // Within the same windows a second tick queues nothing.
    t.is(await scheduler.tick(), 0);
  },
);
