import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { ROOT } from "../../helpers/host-process.js";
import { type BillHarness, startBillHarness } from "./bill-harness.js";

// End to end with the host's own reader (no fake): a text-layer PDF and a UBL e-invoice from the fixtures.
let h: BillHarness;
test.before(async () => {
  h = await startBillHarness({ reader: "real" });
});
test.after.always(async () => {
  await h?.dispose();
});

type Truth = { supplierName: string; invoiceNumber: string; currency: string; totalAmount: string };

for (const [file, reader] of [
  ["pdf/pdf-0-en-classic", "pdf-text"],
  ["ubl/ubl-0-en", "einvoice"],
] as const) {
  test.serial(`${file} is read by the real reader into PendingReview with its fields`, async (t) => {
    const ext = file.startsWith("pdf") ? "pdf" : "xml";
    const bytes = readFileSync(join(ROOT, `fixtures/bills/${file}.${ext}`));
    const truth = JSON.parse(readFileSync(join(ROOT, `fixtures/bills/${file}.json`), "utf8")) as Truth;
    const uploaded = await h.upload(bytes, { filename: `${file.split("/")[1]}.${ext}` });
    t.is(uploaded.status, 202);
    const bill = await h.settled(String((uploaded.json as { id: string }).id));
    t.is(bill.state, "PendingReview", JSON.stringify(bill.readFailure));
    t.is(bill.reader, reader);
    t.is(bill.invoiceNumber, truth.invoiceNumber);
    t.is(bill.supplierName, truth.supplierName);
    t.is(bill.currency, truth.currency);
    t.is(bill.totalAmount, truth.totalAmount);
  });
}
