// Six real e-invoice renderings (fixtures/bills/corpus, with their licences) read from the page, their embedded
// XML ignored: the layouts the reader failed on before issue 11 (an Oracle Reports letter dated "München, den",
// a Word invoice whose sender is named only by its footer e-mail, a FeRD EXTENDED with cash-discount terms, an
// FNFE invoice whose totals row stands under its labels, a weclapp letter whose seller is named only by the
// envelope's sender line, a FeRD partial invoice whose number goes on in words).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createDocumentReader } from "@apar/adapters/reading/index";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { FIXTURES } from "./accuracy.js";

const folder = join(FIXTURES, "corpus");
const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, readAttachedEinvoice: false });
test.after.always(() => reader.close());

for (const file of readdirSync(folder).filter((f) => f.endsWith(".pdf"))) {
  test(`${file}: total, supplier, number and dates as the page prints them`, async (t) => {
    const { unsure = [], ...truth } = JSON.parse(
      readFileSync(join(folder, file.replace(/\.pdf$/, ".json")), "utf8"),
    ) as {
      unsure?: string[];
    } & Record<string, string | null>;
    const bytes = new Uint8Array(readFileSync(join(folder, file)));
    const r = await reader.read({ bytes, mediaType: "application/pdf", filename: file }, { method: "ocr" });
    if (E.isLeft(r)) return t.fail(`${r.left.reason}: ${r.left.detail}`);
    const { fields, fieldConfidence, reader: kind } = r.right;
    t.is(kind, "pdf-text");
    const checked = ["totalAmount", "supplierName", "invoiceNumber", "invoiceDate", "dueDate", "currency"] as const;
    t.like(fields, Object.fromEntries(checked.filter((f) => !unsure.includes(f)).map((f) => [f, truth[f]])));
    // A field the page leaves open (the number goes on in words after its digits) is not claimed at 0.9.
    for (const f of unsure) t.true((fieldConfidence[f as (typeof checked)[number]] ?? 0) < 0.9, f);
    // A total at 0.9 or more is one subtotal + tax confirms.
    if ((fieldConfidence.totalAmount ?? 0) >= 0.9) t.truthy(fields.subTotal && fields.taxAmount);
  });
}
