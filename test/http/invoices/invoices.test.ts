import { readEinvoiceXml } from "@apar/adapters/reading/index";
import { openPdf, pageLines } from "@apar/adapters/reading/pdf-document";
import test from "ava";
import { eventually } from "../../helpers/eventually.js";
import { type BillHarness, startBillHarness } from "../bills/bill-harness.js";
import { checkedFetch } from "../support/client.js";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.js";

type Json = Record<string, unknown>;
let h: BillHarness;
let smtp: SmtpSink;

test.before(async () => {
  smtp = await startSmtpSink();
  h = await startBillHarness({
    vars: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, APAR_PUBLIC_URL: "https://pay.example.test" },
  });
});
test.after.always(async () => {
  await h?.dispose();
  await smtp?.close();
});

const title = (a: { json: unknown }) => (a.json as { title?: unknown }).title;
const fields = (a: { json: unknown }) =>
  ((a.json as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
const eventTypes = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "invoice", id)).map((e) => e.envelope.type);
const pdfText = async (bytes: Uint8Array) => {
  // A copy: pdfjs may take the buffer over, and a Buffer's may be a shared pool.
  const pdf = await openPdf(Uint8Array.from(bytes));
  const lines: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) lines.push(...(await pageLines(await pdf.getPage(i))));
  return lines.join("\n");
};

/** The body of a GET as bytes (the JSON client decodes text). */
const bytesOf = async (path: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> => {
  const r = await checkedFetch(`http://127.0.0.1:${h.app.port}${path}`, { headers: h.headers });
  return { status: r.status, type: r.headers.get("content-type"), bytes: new Uint8Array(await r.arrayBuffer()) };
};

const aCustomer = async (over: Json = {}) => {
  const a = await h.call("POST", "/v1/customers", {
    body: {
      name: "Globex Corporation",
      email: `ap-${Math.random().toString(36).slice(2)}@globex.example`,
      currency: "EUR",
      country: "de",
      ...over,
    },
  });
  if (a.status !== 201) throw new Error(a.text);
  return a.json as Json;
};

const aDraft = async (customerId: string, over: Json = {}) => {
  const a = await h.call("POST", "/v1/invoices", {
    body: {
      customerId,
      issueDate: "2026-03-01",
      lineItems: [
        { description: "Design work", quantity: "12.5", unitPrice: "96", discountPercent: "10", taxRate: "20" },
        { description: "Licence", unitPrice: "250" },
      ],
      ...over,
    },
  });
  if (a.status !== 201) throw new Error(a.text);
  return a.json as Json;
};

test.serial("customers and products: create, read, change, list with q, fuzzy search, delete", async (t) => {
  const c = await aCustomer({ name: "Wayne Enterprises", taxNumber: "US-99" });
  t.is(c.country, "DE");
  await aCustomer({ name: "Stark Industries" });
  t.is((await h.call("GET", `/v1/customers/${c.id}`)).status, 200);
  const patched = await h.call("PATCH", `/v1/customers/${c.id}`, { body: { address: "1007 Mountain Drive" } });
  t.is((patched.json as Json).address, "1007 Mountain Drive");
  const listed = await h.call("GET", "/v1/customers?q=wayne");
  t.deepEqual(
    ((listed.json as Json).data as Json[]).map((x) => x.name),
    ["Wayne Enterprises"],
  );
  // A typo still finds the customer; unrelated text finds nothing.
  const fuzzy = await h.call("GET", "/v1/customers/search?q=Wanye%20Enterprize&limit=5");
  t.is(fuzzy.status, 200);
  t.is(((fuzzy.json as Json).data as Json[])[0]?.name, "Wayne Enterprises");
  t.deepEqual((await h.call("GET", "/v1/customers/search?q=zzzzqqq")).json, {
    data: [],
    nextCursor: null,
    hasMore: false,
  });
  t.is((await h.call("GET", "/v1/customers/search")).status, 400);

  const p = await h.call("POST", "/v1/products", {
    body: { name: "Consulting hour", unitPrice: "120.50", taxRate: "19", sku: "CONS-1" },
  });
  t.is(p.status, 201);
  t.is((p.json as Json).unitPrice, "120.5");
  t.is((await h.call("POST", "/v1/products", { body: { name: "Bad", unitPrice: "-1" } })).status, 400);
  const productSearch = await h.call("GET", "/v1/products/search?q=consultng");
  t.is(((productSearch.json as Json).data as Json[]).length, 1);
  // A line made from the product takes its description, price and tax rate.
  const draft = await aDraft(String(c.id), { lineItems: [{ productId: (p.json as Json).id, quantity: "2" }] });
  const line = (draft.lineItems as Json[])[0] as Json;
  t.like(line, { description: "Consulting hour", unitPrice: "120.50", taxRate: "19", netAmount: "241.00" });
  t.is(draft.totalAmount, "286.79");

  t.is((await h.call("DELETE", `/v1/products/${(p.json as Json).id}`)).status, 204);
  t.is((await h.call("DELETE", `/v1/customers/${c.id}`)).status, 204);
  t.is(title(await h.call("GET", `/v1/customers/${c.id}`)), "Customer.NotFound");
  // The draft keeps the customer as it was.
  t.is(((await h.call("GET", `/v1/invoices/${draft.id}`)).json as Json).customerName, "Wayne Enterprises");
});

test.serial(
  "an invoice: draft, edit, send (number, link, mail with the PDF), no edits after, PDF and e-invoice",
  async (t) => {
    const customer = await aCustomer();
    const draft = await aDraft(String(customer.id), { memo: "Thank you" });
    t.is(draft.status, "Draft");
    t.is(draft.documentNumber, null);
    t.is(draft.paymentUrl, null);
    t.is(draft.dueDate, "2026-03-31");
    t.like(draft, { subTotal: "1330.00", taxAmount: "216.00", totalAmount: "1546.00", outstanding: "1546.00" });

    const edited = await h.call("PATCH", `/v1/invoices/${draft.id}`, { body: { dueDate: "2026-04-15" } });
    t.is(edited.status, 200);
    t.is((edited.json as Json).dueDate, "2026-04-15");
    t.is((await h.call("PATCH", `/v1/invoices/${draft.id}`, { body: { dueDate: "2026-01-01" } })).status, 400);

    const sent = await h.call("POST", `/v1/invoices/${draft.id}/send`);
    t.is(sent.status, 200, sent.text);
    const invoice = sent.json as Json;
    t.is(invoice.status, "Sent");
    t.regex(String(invoice.documentNumber), /^INV-\d{6}$/);
    t.regex(String(invoice.paymentUrl), /^https:\/\/pay\.example\.test\/i\/[A-Za-z0-9_-]{43}$/);

    const again = await h.call("PATCH", `/v1/invoices/${draft.id}`, { body: { memo: "late change" } });
    t.is(again.status, 409);
    t.is(title(again), "Invoice.InvalidTransition");
    t.is((again.json as Json).detail, "An invoice in state Sent cannot be updated.");
    t.is(title(await h.call("POST", `/v1/invoices/${draft.id}/send`)), "Invoice.InvalidTransition");
    t.deepEqual(await eventTypes(String(draft.id)), ["invoice.created", "invoice.updated", "invoice.sent"]);

    const mail = await smtp.waitFor(String(customer.email));
    t.is(mail.subject, `Invoice ${invoice.documentNumber} from Bills org`);
    t.true(mail.text?.includes(String(invoice.paymentUrl)));
    const attachment = mail.attachments[0];
    t.is(attachment?.contentType, "application/pdf");
    t.is(attachment?.filename, `${invoice.documentNumber}.pdf`);
    const attached = await pdfText(new Uint8Array(attachment?.content ?? []));
    for (const s of [String(invoice.documentNumber), "Globex Corporation", "1546.00 EUR", String(invoice.paymentUrl)]) {
      t.true(attached.includes(s), `the mailed PDF lacks ${s}`);
    }

    const pdf = await bytesOf(`/v1/invoices/${draft.id}/pdf`);
    t.is(pdf.status, 200);
    t.is(pdf.type, "application/pdf");
    t.true((await pdfText(pdf.bytes)).includes("Design work"));

    for (const format of ["ubl", "cii"]) {
      const xml = await bytesOf(`/v1/invoices/${draft.id}/einvoice?format=${format}`);
      t.is(xml.status, 200);
      const read = readEinvoiceXml(xml.bytes);
      if (typeof read === "string") return t.fail(read);
      t.like(read.fields, {
        invoiceNumber: invoice.documentNumber,
        totalAmount: "1546.00",
        currency: "EUR",
        dueDate: "2026-04-15",
      });
    }
    t.is((await h.call("GET", `/v1/invoices/${draft.id}/einvoice?format=pdf`)).status, 400);

    const history = await h.call("GET", `/v1/invoices/${draft.id}/history`);
    const entries = (history.json as { data: Json[] }).data;
    t.deepEqual(
      entries.map((e) => e.status),
      ["Draft", "Draft", "Sent"],
    );
    t.true(((entries[1] as Json).changes as Json[]).some((c) => c.field === "dueDate"));
  },
);

test.serial("payments: partial, overpayment refused, Idempotency-Key replay, paid in full (terminal)", async (t) => {
  const customer = await aCustomer();
  const draft = await aDraft(String(customer.id));
  t.is(
    title(await h.call("POST", `/v1/invoices/${draft.id}/payments`, { body: { amount: "1", paidAt: "2026-03-02" } })),
    "Invoice.InvalidTransition",
  );
  await h.call("POST", `/v1/invoices/${draft.id}/send`);
  const path = `/v1/invoices/${draft.id}/payments`;
  const first = await h.call("POST", path, {
    body: { amount: "546", paidAt: "2026-03-05", notes: "wire", method: "BankTransfer", reference: "R-1" },
    headers: { "idempotency-key": "pay-1" },
  });
  t.is(first.status, 201, first.text);
  t.like(first.json as Json, {
    amount: "546.00",
    currency: "EUR",
    notes: "wire",
    method: "BankTransfer",
    reference: "R-1",
  });
  const replay = await h.call("POST", path, {
    body: { amount: "546", paidAt: "2026-03-05", notes: "wire", method: "BankTransfer", reference: "R-1" },
    headers: { "idempotency-key": "pay-1" },
  });
  t.is(replay.status, 201);
  t.is(replay.headers["idempotent-replayed"], "true");
  t.deepEqual(replay.json, first.json);
  const reused = await h.call("POST", path, {
    body: { amount: "5", paidAt: "2026-03-05" },
    headers: { "idempotency-key": "pay-1" },
  });
  t.is(title(reused), "Idempotency.KeyReused");
  t.like((await h.call("GET", `/v1/invoices/${draft.id}`)).json as Json, {
    status: "PartiallyPaid",
    amountPaid: "546.00",
    outstanding: "1000.00",
  });

  const over = await h.call("POST", path, { body: { amount: "1000.01", paidAt: "2026-03-06" } });
  t.is(over.status, 409);
  t.is(title(over), "Invoice.Overpayment");
  t.regex(String((over.json as Json).detail), /1000\.01 EUR is more than the 1000\.00 EUR outstanding/);
  t.is((await h.call("POST", path, { body: { amount: "0", paidAt: "2026-03-06" } })).status, 400);
  t.is((await h.call("POST", path, { body: { amount: "0.001", paidAt: "2026-03-06" } })).status, 400);

  const rest = await h.call("POST", path, { body: { amount: "1000", paidAt: "2026-03-07T10:00:00Z" } });
  t.is(rest.status, 201);
  t.like((await h.call("GET", `/v1/invoices/${draft.id}`)).json as Json, { status: "Paid", outstanding: "0.00" });
  const listed = await h.call("GET", path);
  t.deepEqual(
    ((listed.json as Json).data as Json[]).map((p) => p.amount),
    ["546.00", "1000.00"],
  );
  t.is(title(await h.call("POST", `/v1/invoices/${draft.id}/void`)), "Invoice.InvalidTransition");
  t.deepEqual((await eventTypes(String(draft.id))).slice(2), ["invoice.partially_paid", "invoice.paid"]);
});

test.serial("void: a draft or a sent invoice; the record stays readable and its link goes", async (t) => {
  const customer = await aCustomer();
  const draft = await aDraft(String(customer.id));
  await h.call("POST", `/v1/invoices/${draft.id}/send`);
  const voided = await h.call("POST", `/v1/invoices/${draft.id}/void`, { body: { reason: "Wrong customer" } });
  t.is(voided.status, 200);
  t.like(voided.json as Json, { status: "Void", voidReason: "Wrong customer", paymentUrl: null });
  t.is(((await h.call("GET", `/v1/invoices/${draft.id}`)).json as Json).status, "Void");
  t.is((await h.call("GET", `/v1/invoices/${draft.id}/pdf`)).status, 200);
  t.is(title(await h.call("POST", `/v1/invoices/${draft.id}/void`)), "Invoice.InvalidTransition");
  const other = await aDraft(String(customer.id));
  t.is(((await h.call("POST", `/v1/invoices/${other.id}/void`)).json as Json).status, "Void");
});

test.serial(
  "credit notes: draft, issue (numbered), over the creditable amount refused, owed back, Credited",
  async (t) => {
    const customer = await aCustomer();
    const draft = await aDraft(String(customer.id));
    t.is(
      title(await h.call("POST", `/v1/invoices/${draft.id}/credit-notes`, { body: { amount: "10" } })),
      "Invoice.InvalidTransition",
    );
    await h.call("POST", `/v1/invoices/${draft.id}/send`);
    await h.call("POST", `/v1/invoices/${draft.id}/payments`, { body: { amount: "1000", paidAt: "2026-03-05" } });
    const base = `/v1/invoices/${draft.id}/credit-notes`;
    t.is(title(await h.call("POST", base, { body: { amount: "1546.01" } })), "CreditNote.ExceedsInvoice");
    const small = await h.call("POST", base, { body: { amount: "46", reason: "Goodwill" } });
    t.is(small.status, 201, small.text);
    t.like(small.json as Json, { status: "Draft", documentNumber: null, amount: "46.00" });
    const issued = await h.call("POST", `${base}/${(small.json as Json).id}/issue`);
    t.is(issued.status, 200, issued.text);
    t.regex(String((issued.json as Json).documentNumber), /^CN-\d{6}$/);
    t.like((await h.call("GET", `/v1/invoices/${draft.id}`)).json as Json, {
      status: "PartiallyPaid",
      amountCredited: "46.00",
      outstanding: "500.00",
    });
    t.is(title(await h.call("POST", `${base}/${(small.json as Json).id}/issue`)), "CreditNote.InvalidTransition");

    // The rest of the total (1500) credited: 500 was outstanding, 1000 was paid and is owed back.
    const rest = await h.call("POST", base, { body: { amount: "1500" } });
    const restIssued = await h.call("POST", `${base}/${(rest.json as Json).id}/issue`);
    t.like(restIssued.json as Json, { status: "Issued", amountOwedBack: "1000.00" });
    t.like((await h.call("GET", `/v1/invoices/${draft.id}`)).json as Json, {
      status: "Credited",
      outstanding: "0.00",
      amountOwedBack: "1000.00",
    });
    t.deepEqual((await eventTypes(String(draft.id))).slice(-2), ["invoice.credited", "invoice.credited"]);
    const noteEvents = await h.app.database.stores.events.ofSubject(
      h.clientId,
      "credit_note",
      String((rest.json as Json).id),
    );
    t.deepEqual(
      noteEvents.map((e) => e.envelope.type),
      ["credit_note.issued"],
    );

    const list = await h.call("GET", `/v1/credit-notes?InvoiceId=${draft.id}`);
    t.is(((list.json as Json).data as Json[]).length, 2);
    t.is((await h.call("GET", `/v1/credit-notes/${(rest.json as Json).id}`)).status, 200);
    const pdf = await bytesOf(`/v1/credit-notes/${(rest.json as Json).id}/pdf`);
    t.true((await pdfText(pdf.bytes)).includes("1000.00 EUR"));
    t.is(title(await h.call("POST", `/v1/invoices/${draft.id}/credit-notes/${draft.id}/issue`)), "CreditNote.NotFound");
  },
);

test.serial("numbers: invoices sent at once get consecutive numbers without gaps or duplicates", async (t) => {
  const customer = await aCustomer({ email: null });
  const drafts = await Promise.all(Array.from({ length: 8 }, () => aDraft(String(customer.id))));
  const sent = await Promise.all(drafts.map((d) => h.call("POST", `/v1/invoices/${d.id}/send`)));
  t.true(sent.every((a) => a.status === 200));
  const numbers = sent.map((a) => Number(String((a.json as Json).documentNumber).slice(4))).sort((a, b) => a - b);
  const highest = Math.max(0, ...(await allNumbers()).filter((n) => !numbers.includes(n)));
  t.deepEqual(
    numbers,
    Array.from({ length: 8 }, (_, i) => highest + 1 + i),
  );
});

const allNumbers = async (): Promise<number[]> => {
  const out: number[] = [];
  let cursor: string | null = null;
  do {
    const page: { json: unknown } = await h.call(
      "GET",
      `/v1/invoices?Limit=100${cursor === null ? "" : `&Cursor=${cursor}`}`,
    );
    const body = page.json as { data: Json[]; nextCursor: string | null };
    for (const i of body.data) if (i.documentNumber !== null) out.push(Number(String(i.documentNumber).slice(4)));
    cursor = body.nextCursor;
  } while (cursor !== null);
  return out;
};

test.serial("GET /v1/invoices filters by Status, CustomerId and issue dates, by cursor pages", async (t) => {
  const customer = await aCustomer();
  const a = await aDraft(String(customer.id), { issueDate: "2025-01-10" });
  const b = await aDraft(String(customer.id), { issueDate: "2025-02-10" });
  await h.call("POST", `/v1/invoices/${b.id}/send`);
  const ids = async (query: string) =>
    (((await h.call("GET", `/v1/invoices?${query}`)).json as Json).data as Json[]).map((i) => i.id);
  t.deepEqual(await ids(`CustomerId=${customer.id}`), [a.id, b.id]);
  t.deepEqual(await ids(`CustomerId=${customer.id}&Status=Sent`), [b.id]);
  t.deepEqual(await ids(`customerid=${customer.id}&issueDateFrom=2025-02-01&IssueDateTo=2025-02-28`), [b.id]);
  const first = (await h.call("GET", `/v1/invoices?CustomerId=${customer.id}&Limit=1`)).json as Json;
  t.true(first.hasMore);
  const second = (await h.call("GET", `/v1/invoices?CustomerId=${customer.id}&Limit=1&Cursor=${first.nextCursor}`))
    .json as Json;
  t.deepEqual(
    (second.data as Json[]).map((i) => i.id),
    [b.id],
  );
  t.is((await h.call("GET", "/v1/invoices?Status=Open")).status, 400);
  t.is((await h.call("GET", "/v1/invoices?IssueDateFrom=2025-13-01")).status, 400);
  // A draft needs a customer of the organisation and a currency.
  t.is(
    (await h.call("POST", "/v1/invoices", { body: { customerId: "01900000-0000-7000-8000-000000000000" } })).status,
    400,
  );
  const noCurrency = await aCustomer({ currency: null });
  t.is((await h.call("POST", "/v1/invoices", { body: { customerId: noCurrency.id } })).status, 400);
  const empty = await h.call("POST", "/v1/invoices", { body: { customerId: noCurrency.id, currency: "JPY" } });
  t.is(title(await h.call("POST", `/v1/invoices/${(empty.json as Json).id}/send`)), "Invoice.Empty");
});

test.serial(
  "a renamed organisation with a seller identity: mails, reminders and the PDF name the seller, replies go to its contact",
  async (t) => {
    const org = await h.call("POST", "/v1/organisations", { body: { name: "Default organisation" } });
    const headers = { ...h.headers, "x-service-organisation-id": String((org.json as Json).id) };
    const call = (method: string, path: string, body?: unknown) => h.call(method, path, { headers, body });
    const renamed = await call("PATCH", `/v1/organisations/${(org.json as Json).id}`, { name: "Müller Maschinenbau" });
    t.is(renamed.status, 200, renamed.text);
    const identity = await call("PUT", "/v1/seller-identity", {
      legalName: "Müller Maschinenbau GmbH",
      tradingName: "Müller Antriebe",
      addressLines: ["Industriestraße 7"],
      city: "Stuttgart",
      postcode: "70565",
      countryCode: "DE",
      vatNumber: "DE123456789",
      contactEmail: "buchhaltung@mueller.example",
      defaultPaymentTermsDays: 14,
      bankAccounts: [{ iban: "DE89370400440532013000" }],
    });
    t.is(identity.status, 200, identity.text);
    const email = `einkauf-${Math.random().toString(36).slice(2)}@kunde.example`;
    const customer = await call("POST", "/v1/customers", { name: "Kunde AG", email, currency: "EUR", country: "de" });
    const draft = await call("POST", "/v1/invoices", {
      customerId: (customer.json as Json).id,
      issueDate: "2026-12-02",
      lineItems: [{ description: "Getriebe", unitPrice: "120" }],
    });
    const sent = await call("POST", `/v1/invoices/${(draft.json as Json).id}/send`);
    t.is(sent.status, 200, sent.text);
    const number = String((sent.json as Json).documentNumber);

    const mail = await smtp.waitFor(email);
    t.is(mail.subject, `Invoice ${number} from Müller Antriebe`);
    t.is(mail.replyTo?.value[0]?.address, "buchhaltung@mueller.example");
    t.true(mail.text?.includes(`from Müller Antriebe for`));
    t.true(mail.text?.trimEnd().endsWith("Kind regards,\nMüller Antriebe"), mail.text);
    t.false(`${mail.subject} ${mail.text}`.includes("organisation"));
    const attached = await pdfText(new Uint8Array(mail.attachments[0]?.content ?? []));
    t.true(attached.includes("Müller Antriebe"), attached);
    t.false(attached.includes("Default organisation"));

    // One rule for the terms: the seller identity's 14 days here, printed as they are dated.
    t.is((sent.json as Json).dueDate, "2026-12-16");
    t.true(attached.includes("Net 14 days, due 2026-12-16"), attached);
    for (const format of ["ubl", "cii"]) {
      const xml = await checkedFetch(
        `http://127.0.0.1:${h.app.port}/v1/invoices/${(draft.json as Json).id}/einvoice?format=${format}`,
        { headers },
      );
      const read = readEinvoiceXml(new Uint8Array(await xml.arrayBuffer()));
      if (typeof read === "string") return t.fail(read);
      t.like(read.fields, { dueDate: "2026-12-16" });
      t.regex(String(read.fields.paymentTerms), /^Net 14 days; due 2026-12-16/);
    }
    // The customer's own terms come first; a due date set by hand is printed as the days it makes.
    const ten = await call("POST", "/v1/customers", { name: "Zehn GmbH", currency: "EUR", paymentTermsDays: 10 });
    t.like(ten.json, { paymentTermsDays: 10 });
    const own = await call("POST", "/v1/invoices", {
      customerId: (ten.json as Json).id,
      issueDate: "2026-12-02",
      lineItems: [{ description: "Welle", unitPrice: "80" }],
    });
    t.is((own.json as Json).dueDate, "2026-12-12");
    const byHand = await call("PATCH", `/v1/invoices/${(own.json as Json).id}`, { dueDate: "2027-01-01" });
    t.is(byHand.status, 200);
    const pdf = await checkedFetch(`http://127.0.0.1:${h.app.port}/v1/invoices/${(own.json as Json).id}/pdf`, {
      headers,
    });
    const printed = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    t.true(printed.includes("Net 30 days, due 2027-01-01"), printed);
    t.false(printed.includes("Net 14 days"));
    t.deepEqual(fields(await call("POST", "/v1/customers", { name: "Zu lang", paymentTermsDays: 400 })), [
      "paymentTermsDays",
    ]);

    const reminder = await call("POST", `/v1/invoices/${(draft.json as Json).id}/reminders`);
    t.is(reminder.status, 201, reminder.text);
    const reminded = await eventually(
      () => smtp.received.find((m) => m.subject?.startsWith(`Reminder: invoice ${number}`)),
      "the reminder mail",
    );
    t.is(reminded.subject, `Reminder: invoice ${number} from Müller Antriebe`);
    t.is(reminded.replyTo?.value[0]?.address, "buchhaltung@mueller.example");
  },
);
