import { BILL_STATES } from "@apar/core";
import test from "ava";
import { type BillHarness, bankDetailsOf, pdfWith, SAMPLES, startBillHarness } from "./bill-harness.js";

let h: BillHarness;
test.before(async () => {
  h = await startBillHarness({ vars: { APAR_MAX_UPLOAD_BYTES: "4096" } });
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
const title = (a: { json: unknown }) => (a.json as { title?: unknown }).title;
const eventsOf = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).map((e) => e.envelope);

test.serial("every supported type uploads: 202 in Extracting at once, bill.created, then PendingReview", async (t) => {
  for (const [mediaType, bytes] of Object.entries(SAMPLES)) {
    const a = await h.upload(bytes, { filename: `bill.${mediaType.split("/")[1]}` });
    t.is(a.status, 202, mediaType);
    const bill = a.json as Json;
    t.is(bill.state, "Extracting");
    t.is(bill.confidence, null);
    t.is((bill.document as Json).mediaType, mediaType);
    t.is(a.headers.location, `/v1/bills/${bill.id}`);
    const read = await h.settled(String(bill.id));
    t.is(read.state, "PendingReview", mediaType);
    t.is(read.confidence, 0.9);
    const types = (await eventsOf(String(bill.id))).map((e) => e.type);
    t.deepEqual(types.slice(0, 2), ["bill.created", "bill.pending_review"], mediaType);
  }
});

test.serial("413 past the limit, 415 for an unknown type, 400 for empty or missing file", async (t) => {
  const big = await h.upload(Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(5000, 0x41)]));
  t.is(big.status, 413);
  t.is(title(big), "Request.TooLarge");
  const text = await h.upload(Buffer.from("just some text"));
  t.is(text.status, 415);
  t.is(title(text), "Bill.UnsupportedDocumentType");
  const empty = await h.upload(Buffer.alloc(0));
  t.is(empty.status, 400);
  t.is(title(empty), "Bill.EmptyDocument");
  const other = await h.upload(SAMPLES["application/pdf"], { part: "attachment" });
  t.is(other.status, 400);
  t.is(title(other), "Bill.MissingDocument");
  const json = await h.call("POST", "/v1/bills", { body: { file: "x" } });
  t.is(json.status, 415);
});

test.serial("Idempotency-Key: same key and file answers the first answer; another file is 409", async (t) => {
  const file = pdfWith({ invoiceNumber: "IDEM-1" });
  const key = { "idempotency-key": `key-${Math.random()}` };
  const first = await h.upload(file, { headers: key });
  const again = await h.upload(file, { headers: key });
  t.is(first.status, 202);
  t.is(again.status, 202);
  t.deepEqual(again.json, first.json);
  t.is(again.headers["idempotent-replayed"], "true");
  const other = await h.upload(pdfWith({ invoiceNumber: "IDEM-2" }), { headers: key });
  t.is(other.status, 409);
  t.is(title(other), "Idempotency.KeyReused");
  const list = await h.call("GET", "/v1/bills?Limit=100");
  const ids = (list.json as { data: Json[] }).data.filter((b) => b.id === (first.json as Json).id);
  t.is(ids.length, 1);
});

test.serial("a failed read goes to ExtractionFailed with bill.ocr_failed; retry, void and their 409s", async (t) => {
  const a = await h.upload(Buffer.from("%PDF-1.4 UNREADABLE"));
  const id = String((a.json as Json).id);
  const failed = await h.settled(id);
  t.is(failed.state, "ExtractionFailed");
  t.is((failed.readFailure as Json).reason, "unreadable");
  const patch = await h.call("PATCH", `/v1/bills/${id}`, { body: { invoiceNumber: "X" } });
  t.is(patch.status, 409);
  t.is(title(patch), "Bill.InvalidTransition");
  t.regex(String((patch.json as Json).detail), /ExtractionFailed/);
  const dismiss = await h.call("POST", `/v1/bills/${id}/dismiss-duplicate`);
  t.is(dismiss.status, 409);
  const retry = await h.call("POST", `/v1/bills/${id}/retry-ocr`);
  t.is(retry.status, 200);
  t.is((retry.json as Json).state, "Extracting");
  t.is((await h.settled(id)).state, "ExtractionFailed");
  const voided = await h.call("POST", `/v1/bills/${id}/void`, { body: { reason: "  scanner junk " } });
  t.is(voided.status, 200);
  t.is((voided.json as Json).state, "Voided");
  t.is((voided.json as Json).voidReason, "scanner junk");
  t.is((voided.json as Json).amountDue, "0", "a voided bill owes nothing (no currency was read: no minor digits)");
  t.is((await h.call("POST", `/v1/bills/${id}/void`)).status, 409);
  t.is((await h.call("POST", `/v1/bills/${id}/retry-ocr`)).status, 409);
  const types = (await eventsOf(id)).map((e) => e.type);
  t.deepEqual(types, ["bill.created", "bill.ocr_failed", "bill.ocr_failed", "bill.voided"]);
});

test.serial("PATCH in PendingReview: validated partial update, bill.updated, same JSON in event and GET", async (t) => {
  const a = await h.upload(
    pdfWith({ supplierName: "Patch Co", invoiceNumber: "PT-1", currency: "EUR", totalAmount: "10.5" }),
  );
  const id = String((a.json as Json).id);
  const read = await h.settled(id);
  t.is(read.totalAmount, "10.50");
  const bad = await h.call("PATCH", `/v1/bills/${id}`, { body: { totalAmount: 12, currency: "XXQ", nope: 1 } });
  t.is(bad.status, 400);
  t.deepEqual(((bad.json as { errors: Json[] }).errors.map((e) => e.field) as string[]).sort(), [
    "currency",
    "nope",
    "totalAmount",
  ]);
  const ok = await h.call("PATCH", `/v1/bills/${id}`, {
    body: {
      totalAmount: "12.3",
      dueDate: "2026-12-31",
      lineItems: [{ description: "Widget", quantity: "2", unitPrice: "6.15", amount: "12.30" }],
    },
  });
  t.is(ok.status, 200);
  const bill = ok.json as Json;
  t.is(bill.state, "PendingReview");
  t.is(bill.totalAmount, "12.30");
  t.is(bill.dueDate, "2026-12-31");
  t.is(bill.invoiceNumber, "PT-1");
  t.is((bill.fieldConfidence as Json).totalAmount, 1);
  const got = (await h.call("GET", `/v1/bills/${id}`)).json as Json;
  t.deepEqual(got, bill);
  const events = await eventsOf(id);
  const updated = events.at(-1);
  t.is(updated?.type, "bill.updated");
  t.deepEqual((updated?.data as { bill: Json } | undefined)?.bill, got);
  t.is(updated?.actor.type, "api_key");
  const history = (await h.call("GET", `/v1/bills/${id}/history`)).json as { data: Json[] };
  t.deepEqual(
    history.data.map((e) => e.type),
    ["bill.created", "bill.pending_review", "bill.updated"],
  );
  const changes = ((history.data[2]?.changes ?? []) as Json[]).map((c) => c.field);
  t.true(changes.includes("totalAmount") && changes.includes("dueDate") && changes.includes("lineItems"));
  // The reader's confidence changed too (the corrected fields are sure now), but it is no field anyone set.
  t.false(
    history.data.some((e) => (e.changes as Json[]).some((c) => c.field === "fieldConfidence")),
    JSON.stringify(history.data.map((e) => e.changes)),
  );
  t.deepEqual(history.data[0]?.changes, [{ field: "state", from: null, to: "Extracting" }]);
});

test.serial("the original document comes back as uploaded, with its type", async (t) => {
  const bytes = SAMPLES["image/png"] as Buffer;
  const a = await h.upload(bytes, { filename: "scan.png" });
  const id = String((a.json as Json).id);
  const doc = await h.call("GET", `/v1/bills/${id}/document`);
  t.is(doc.status, 200);
  t.is(doc.headers["content-type"], "image/png");
  t.is(doc.text, bytes.toString("utf8"));
  t.is((await h.call("GET", "/v1/bills/00000000-0000-0000-0000-000000000000/document")).status, 404);
  t.is((await h.call("GET", "/v1/bills/not-a-uuid")).status, 404);
});

test.serial("duplicates: SupplierId, SupplierName and the same file; dismiss resolves", async (t) => {
  const supplier = await h.call("POST", "/v1/suppliers", {
    body: { name: "Dup Supplies Ltd", taxNumber: "GB 123 456" },
  });
  t.is(supplier.status, 201);
  const supplierId = (supplier.json as Json).id;
  const upload = async (fields: Json) => String(((await h.upload(pdfWith(fields))).json as Json).id);
  // By supplier record: the tax number matches the record, the names differ.
  // Each first copy is read before its second is uploaded: readings run in parallel, and a bill is compared
  // with the bills read before it.
  const a1 = await upload({ supplierName: "DUP SUPPLIES", supplierTaxNumber: "GB123456", invoiceNumber: "INV-0007" });
  t.is((await h.settled(a1)).supplierId, supplierId);
  const a2 = await upload({
    supplierName: "Dup Supplies Limited",
    supplierTaxNumber: "gb-123-456",
    invoiceNumber: "inv 7",
  });
  const dup = await h.settled(a2);
  t.is(dup.duplicateOfBillId, a1);
  t.is(dup.duplicateMatchBasis, "SupplierId");
  const detected = (await eventsOf(a2)).find((e) => e.type === "bill.duplicate_detected");
  t.deepEqual(
    { ...(detected?.data as Json), bill: undefined },
    { bill: undefined, duplicateOfBillId: a1, matchBasis: "SupplierId" },
  );
  // By name only (no supplier record).
  const b1 = await upload({ supplierName: "Nameonly GmbH", invoiceNumber: "N-1" });
  await h.settled(b1);
  const b2 = await upload({ supplierName: "NAMEONLY", invoiceNumber: "N-0001" });
  const byName = await h.settled(b2);
  t.is(byName.duplicateOfBillId, b1);
  t.is(byName.duplicateMatchBasis, "SupplierName");
  // The same file, with nothing else in common.
  const file = pdfWith({ supplierName: `Unique ${Math.random()}`, invoiceNumber: null });
  const c1 = String(((await h.upload(file)).json as Json).id);
  await h.settled(c1);
  const c2 = String(((await h.upload(file)).json as Json).id);
  const same = await h.settled(c2);
  t.is(same.duplicateOfBillId, c1);
  const sameEvent = (await eventsOf(c2)).find((e) => e.type === "bill.duplicate_detected");
  t.is((sameEvent?.data as Json | undefined)?.sameFile, true);
  // A different invoice number of the same supplier is no duplicate.
  const d = await h.settled(await upload({ supplierName: "Nameonly GmbH", invoiceNumber: "N-2" }));
  t.is(d.duplicateOfBillId, null);
  // Dismissing clears the flag (bill.updated); a second dismiss is 409.
  const dismissed = await h.call("POST", `/v1/bills/${a2}/dismiss-duplicate`);
  t.is(dismissed.status, 200);
  t.is((dismissed.json as Json).duplicateOfBillId, null);
  t.is((await h.call("POST", `/v1/bills/${a2}/dismiss-duplicate`)).status, 409);
});

test.serial("list: cursor pagination and filters (state, supplier, invoice dates)", async (t) => {
  const marker = `Lister${Math.random().toString(36).slice(2, 7)}`;
  for (const [i, date] of ["2026-01-10", "2026-02-10", "2026-03-10"].entries())
    await h.settled(
      String(
        (
          (await h.upload(pdfWith({ supplierName: `${marker} Ltd`, invoiceNumber: `L-${i}`, invoiceDate: date })))
            .json as Json
        ).id,
      ),
    );
  const page1 = (await h.call("GET", `/v1/bills?Supplier=${marker.toLowerCase()}&Limit=2`)).json as {
    data: Json[];
    nextCursor: string;
    hasMore: boolean;
  };
  t.is(page1.data.length, 2);
  t.true(page1.hasMore);
  const page2 = (await h.call("GET", `/v1/bills?Supplier=${marker}&Limit=2&Cursor=${page1.nextCursor}`)).json as {
    data: Json[];
    hasMore: boolean;
  };
  t.is(page2.data.length, 1);
  t.false(page2.hasMore);
  const ranged = (
    await h.call("GET", `/v1/bills?supplier=${marker}&InvoiceDateFrom=2026-02-01&InvoiceDateTo=2026-03-01`)
  ).json as { data: Json[] };
  t.deepEqual(
    ranged.data.map((b) => b.invoiceDate),
    ["2026-02-10"],
  );
  const voided = (await h.call("GET", "/v1/bills?State=Voided")).json as { data: Json[] };
  t.true(voided.data.length >= 1 && voided.data.every((b) => b.state === "Voided"));
  const bad = await h.call("GET", "/v1/bills?State=Nope&InvoiceDateFrom=2026-13-01&supplierId=x");
  t.is(bad.status, 400);
  // Each bad filter named as the document names its parameter, whatever case the request used.
  t.deepEqual((bad.json as { errors: unknown[] }).errors, [
    { field: "State", code: "enum", message: `State must be one of ${BILL_STATES.join(", ")}` },
    { field: "SupplierId", code: "uuid", message: "SupplierId must be a UUID" },
    { field: "InvoiceDateFrom", code: "date", message: "InvoiceDateFrom must be YYYY-MM-DD" },
  ]);
});

test.serial("suppliers: create, read, update, search, delete", async (t) => {
  const created = await h.call("POST", "/v1/suppliers", {
    body: {
      name: "Search Me AG",
      taxNumber: "DE999",
      email: "ap@searchme.example",
      bankDetails: { iban: "DE89370400440532013000" },
    },
  });
  t.is(created.status, 201);
  const s = created.json as Json;
  t.is((s.bankDetails as Json).iban, "DE89370400440532013000");
  t.is((s.bankDetails as Json).sortCode, null);
  t.is((await h.call("POST", "/v1/suppliers", { body: { name: "" } })).status, 400);
  const got = await h.call("GET", `/v1/suppliers/${s.id}`);
  t.deepEqual(got.json, s);
  const patched = await h.call("PATCH", `/v1/suppliers/${s.id}`, { body: { address: "1 Main St" } });
  t.is((patched.json as Json).address, "1 Main St");
  t.is((patched.json as Json).name, "Search Me AG");
  for (const q of ["search me", "de999", "SEARCHME.example"]) {
    const found = (await h.call("GET", `/v1/suppliers?q=${encodeURIComponent(q)}`)).json as { data: Json[] };
    t.deepEqual(
      found.data.map((x) => x.id),
      [s.id],
      q,
    );
  }
  t.is(((await h.call("GET", "/v1/suppliers?q=zzzznothing")).json as { data: Json[] }).data.length, 0);
  t.is((await h.call("DELETE", `/v1/suppliers/${s.id}`)).status, 204);
  t.is((await h.call("GET", `/v1/suppliers/${s.id}`)).status, 404);
  t.is((await h.call("DELETE", `/v1/suppliers/${s.id}`)).status, 404);
});

test.serial(
  "read bank details: kept canonical when valid; a failing IBAN, or an account other than the supplier's, is flagged (confidence 0)",
  async (t) => {
    const supplier = await h.call("POST", "/v1/suppliers", {
      body: { name: "Steady Bank Supplies", taxNumber: "DE811907980", bankDetails: { iban: "DE89370400440532013000" } },
    });
    t.is(supplier.status, 201);
    const read = async (fields: Json) => h.settled(String(((await h.upload(pdfWith(fields))).json as Json).id));
    const bank = bankDetailsOf;
    const same = await read({
      supplierName: "Steady Bank Supplies",
      supplierTaxNumber: "DE811907980",
      invoiceNumber: "SB-1",
      bankDetails: bank("de89 3704 0044 0532 0130 00"),
    });
    t.is(same.supplierId, (supplier.json as Json).id);
    t.like(same.bankDetails as Json, { iban: "DE89370400440532013000", country: "DE" });
    t.is((same.fieldConfidence as Json).bankDetails, undefined, "the supplier's own account is not flagged");
    const invalid = await read({
      supplierName: "Someone Else",
      invoiceNumber: "SE-1",
      bankDetails: bank("DE89370400440532013001"),
    });
    t.is((invalid.bankDetails as Json).iban, "DE89370400440532013001", "kept as read, for the reviewer");
    t.is((invalid.fieldConfidence as Json).bankDetails, 0);
    const moved = await read({
      supplierName: "Steady Bank Supplies",
      supplierTaxNumber: "DE811907980",
      invoiceNumber: "SB-2",
      bankDetails: bank("GB82WEST12345698765432"),
    });
    t.is(moved.supplierId, (supplier.json as Json).id);
    t.is((moved.fieldConfidence as Json).bankDetails, 0, "an account other than the supplier's is flagged");
  },
);
