import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { simpleParser } from "mailparser";
import { eventually } from "../../helpers/eventually.js";
import { type BillHarness, startBillHarness } from "../bills/bill-harness.js";

// Without SMTP_URL the invoice mail is an .eml file in the data folder's outbox.
let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const outbox = () => join(h.env.dataDir, "outbox");

const emlFiles = (): string[] => {
  try {
    return readdirSync(outbox()).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
};

test("sending an invoice writes its mail to the outbox: the customer, the PDF, the public link", async (t) => {
  const customer = await h.call("POST", "/v1/customers", {
    body: { name: "Initech", email: "billing@initech.example", currency: "GBP" },
  });
  const draft = await h.call("POST", "/v1/invoices", {
    body: {
      customerId: (customer.json as { id: string }).id,
      lineItems: [{ description: "TPS reports", unitPrice: "99.99" }],
    },
  });
  const sent = await h.call("POST", `/v1/invoices/${(draft.json as { id: string }).id}/send`);
  t.is(sent.status, 200);
  const invoice = sent.json as { documentNumber: string; paymentUrl: string };
  t.regex(invoice.paymentUrl, /^http:\/\/localhost:\d+\/i\//);
  // The worker in this process is woken by the send; the file appears once it has run.
  const files = await eventually(() => emlFiles().length > 0 && emlFiles(), "the .eml file");
  t.is(files.length, 1);
  const mail = await simpleParser(readFileSync(join(outbox(), files[0] ?? "")));
  t.is(mail.subject, `Invoice ${invoice.documentNumber} from Bills org`);
  t.true(JSON.stringify(mail.to).includes("billing@initech.example"));
  t.true(mail.text?.includes(invoice.paymentUrl));
  t.true(mail.text?.includes("99.99 GBP"));
  t.is(mail.attachments[0]?.contentType, "application/pdf");
  t.true(mail.attachments[0]?.content.subarray(0, 5).toString() === "%PDF-");
});
