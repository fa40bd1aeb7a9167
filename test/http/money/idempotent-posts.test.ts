import test from "ava";
import { type BillHarness, pdfWith, startBillHarness } from "../bills/bill-harness.js";

// Retries are safe on every POST that creates money or moves it: each is sent twice with one Idempotency-Key and
// the second answers the first (same status, same body), nothing made twice; the same key with another body is
// 409 Idempotency.KeyReused. Payment runs are covered by payment-run-approvals.test.ts (their own proposal rules).

type Json = Record<string, unknown>;
let h: BillHarness;

test.before(async () => {
  h = await startBillHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const keyed = (method: string, path: string, key: string, body?: unknown) =>
  h.call(method, path, { headers: { "idempotency-key": key }, ...(body === undefined ? {} : { body }) });

const sentInvoice = async (): Promise<string> => {
  const customer = await h.call("POST", "/v1/customers", { body: { name: "Retry Ltd", email: "ap@retry.example" } });
  const draft = await h.call("POST", "/v1/invoices", {
    body: {
      customerId: (customer.json as Json).id,
      currency: "EUR",
      lineItems: [{ description: "W", unitPrice: "100" }],
    },
  });
  const sent = await h.call("POST", `/v1/invoices/${(draft.json as Json).id}/send`);
  if (sent.status !== 200) throw new Error(sent.text);
  return String((sent.json as Json).id);
};

const supplierWithBill = async (): Promise<{ supplierId: string; billId: string }> => {
  const supplier = await h.call("POST", "/v1/suppliers", { body: { name: `Retry Supplier ${Math.random()}` } });
  const supplierId = String((supplier.json as Json).id);
  const up = await h.upload(
    pdfWith({ supplierName: "x", invoiceNumber: `R-${Math.random()}`, currency: "EUR", totalAmount: "80" }),
  );
  const billId = String((await h.settled(String((up.json as Json).id))).id);
  await h.call("PATCH", `/v1/bills/${billId}`, { body: { supplierId } });
  return { supplierId, billId };
};

/** Every money POST but payment runs: how to reach it (a fresh path and body each time) and its status. */
const MONEY_POSTS: readonly { name: string; status: number; make: () => Promise<{ path: string; body?: unknown }> }[] =
  [
    {
      name: "POST /v1/invoices/{id}/payments",
      status: 201,
      make: async () => ({
        path: `/v1/invoices/${await sentInvoice()}/payments`,
        body: { amount: "10", paidAt: "2026-03-01", method: "BankTransfer" },
      }),
    },
    {
      name: "POST /v1/invoices/{invoiceId}/credit-notes",
      status: 201,
      make: async () => ({ path: `/v1/invoices/${await sentInvoice()}/credit-notes`, body: { amount: "10" } }),
    },
    {
      name: "POST /v1/invoices/{invoiceId}/credit-notes/{creditNoteId}/issue",
      status: 200,
      make: async () => {
        const invoiceId = await sentInvoice();
        const note = await h.call("POST", `/v1/invoices/${invoiceId}/credit-notes`, { body: { amount: "10" } });
        return { path: `/v1/invoices/${invoiceId}/credit-notes/${(note.json as Json).id}/issue` };
      },
    },
    {
      name: "POST /v1/suppliers/{supplierId}/credit-notes",
      status: 201,
      make: async () => ({
        path: `/v1/suppliers/${(await supplierWithBill()).supplierId}/credit-notes`,
        body: { amount: "20", currency: "EUR", number: "SCN-1" },
      }),
    },
    {
      name: "POST /v1/supplier-credit-notes/{id}/issue",
      status: 200,
      make: async () => {
        const { supplierId } = await supplierWithBill();
        const note = await h.call("POST", `/v1/suppliers/${supplierId}/credit-notes`, {
          body: { amount: "20", currency: "EUR", number: "SCN-2" },
        });
        return { path: `/v1/supplier-credit-notes/${(note.json as Json).id}/issue` };
      },
    },
    {
      name: "POST /v1/supplier-credit-notes/{id}/applications",
      status: 200,
      make: async () => {
        const { supplierId, billId } = await supplierWithBill();
        const note = await h.call("POST", `/v1/suppliers/${supplierId}/credit-notes`, {
          body: { amount: "20", currency: "EUR", number: "SCN-3" },
        });
        await h.call("POST", `/v1/supplier-credit-notes/${(note.json as Json).id}/issue`);
        return {
          path: `/v1/supplier-credit-notes/${(note.json as Json).id}/applications`,
          body: { billId, amount: "5" },
        };
      },
    },
  ];

for (const post of MONEY_POSTS)
  test.serial(`${post.name}: a retry with the same Idempotency-Key replays the first answer`, async (t) => {
    const { path, body } = await post.make();
    const key = `retry-${Math.random().toString(36).slice(2)}`;
    const first = await keyed("POST", path, key, body);
    t.is(first.status, post.status, first.text);
    const again = await keyed("POST", path, key, body);
    t.is(again.status, post.status, again.text);
    t.deepEqual(again.json, first.json, "the same answer, nothing made or moved twice");
    const unkeyed = await h.call("POST", path, body === undefined ? {} : { body });
    t.not(unkeyed.status, 500);
    if (body !== undefined) {
      const other = await keyed("POST", path, key, { ...(body as Json), note: "another request" });
      t.true([400, 409].includes(other.status), other.text);
    }
  });

test.serial("a credit note draft sent twice with one key is one draft", async (t) => {
  const invoiceId = await sentInvoice();
  const path = `/v1/invoices/${invoiceId}/credit-notes`;
  await keyed("POST", path, "one-draft", { amount: "5" });
  await keyed("POST", path, "one-draft", { amount: "5" });
  const listed = (await h.call("GET", `/v1/credit-notes?InvoiceId=${invoiceId}`)).json as { data: Json[] };
  t.is(listed.data.length, 1);
  const reused = await keyed("POST", path, "one-draft", { amount: "6" });
  t.is(reused.status, 409);
  t.is((reused.json as Json).title, "Idempotency.KeyReused");
});
