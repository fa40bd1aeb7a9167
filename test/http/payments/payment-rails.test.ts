import test from "ava";
import { type RailRule, railViolations, readPain001 } from "../../helpers/pain001-rules.js";
import { pain001SchemaErrors as schemaErrors } from "../../helpers/pain001-schema.js";
import {
  type BillHarness,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { approveAndRelease, readyToPay } from "./run-support.js";

// Files a bank can route, one rail at a time over real HTTP: a run with one bill to a supplier's confirmed account
// produces a file that passes the ISO 20022 schema and the rail's own rules (the sort code of a UK account under
// GBDSC, the ABA routing number of a US one under USABA, ...); text is in the rail's character set whatever the
// supplier's name holds; a bill whose rail apar cannot write is refused when it enters a run, with the reason.

type Json = Record<string, unknown>;
let h: BillHarness;
let approver = "";

test.before(async () => {
  h = await startBillHarness();
  approver = (await userWithToken(h, "Approver")).token;
  await readyToPay(h, "Zahler & Töchter AG");
});
test.after.always(async () => {
  await h?.dispose();
});

/** A supplier with a confirmed account, and an Approved bill of it in `currency`. */
const billTo = async (name: string, bankDetails: Json, currency: string, extra: Json = {}): Promise<string> => {
  const supplier = await h.call("POST", "/v1/suppliers", { body: { name, bankDetails } });
  if (supplier.status !== 201) throw new Error(`supplier: ${supplier.status} ${supplier.text}`);
  await confirmSupplierAccount(h, String((supplier.json as Json).id));
  const up = await h.upload(
    pdfWith({ supplierName: name, invoiceNumber: `R-${Math.random().toString(36).slice(2, 8)}`, currency, ...extra }),
  );
  const id = String((up.json as Json).id);
  await h.settled(id);
  const patched = await h.call("PATCH", `/v1/bills/${id}`, { body: { supplierId: (supplier.json as Json).id } });
  if (patched.status !== 200) throw new Error(`patch: ${patched.status} ${patched.text}`);
  const submitted = await h.call("POST", `/v1/bills/${id}/submit`);
  if ((submitted.json as Json).state !== "Approved") throw new Error(`submit: ${submitted.text}`);
  return id;
};

/** The released file of a run paying the one bill. */
const fileFor = async (billId: string): Promise<string> => {
  const made = await h.call("POST", "/v1/payment-runs", { body: { billIds: [billId] } });
  if (made.status !== 201) throw new Error(`run: ${made.status} ${made.text}`);
  return approveAndRelease(h, approver, String(((made.json as { data: Json[] }).data[0] as Json).id));
};

const RAILS: readonly { rail: RailRule; currency: string; bankDetails: Json; expect: Json }[] = [
  {
    rail: "SEPA",
    currency: "EUR",
    bankDetails: { iban: "FR1420041010050500013M02606" },
    expect: { iban: "FR1420041010050500013M02606", clearingSystem: null },
  },
  {
    rail: "GBDSC",
    currency: "GBP",
    bankDetails: { sortCode: "08-99-99", accountNumber: "66374958", country: "GB" },
    expect: { clearingSystem: "GBDSC", memberId: "089999", accountNumber: "66374958", iban: null },
  },
  {
    rail: "GBDSC",
    currency: "GBP",
    bankDetails: { iban: "GB29 NWBK 6016 1331 9268 19" },
    expect: { clearingSystem: "GBDSC", memberId: "601613", iban: "GB29NWBK60161331926819" },
  },
  {
    rail: "USABA",
    currency: "USD",
    bankDetails: { routingNumber: "021000021", accountNumber: "123456789", country: "US" },
    expect: { clearingSystem: "USABA", memberId: "021000021", accountNumber: "123456789" },
  },
  {
    rail: "AUBSB",
    currency: "AUD",
    bankDetails: { routingNumber: "062-000", accountNumber: "12345678", country: "AU" },
    expect: { clearingSystem: "AUBSB", memberId: "062000" },
  },
  {
    rail: "CACPA",
    currency: "CAD",
    bankDetails: { routingNumber: "12345-003", accountNumber: "1234567", country: "CA" },
    expect: { clearingSystem: "CACPA", memberId: "000312345" },
  },
  {
    rail: "INFSC",
    currency: "INR",
    bankDetails: { routingNumber: "HDFC0000123", accountNumber: "50100012345678", country: "IN" },
    expect: { clearingSystem: "INFSC", memberId: "HDFC0000123" },
  },
  {
    rail: "CLABE",
    currency: "MXN",
    bankDetails: { accountNumber: "002010077777777771", country: "MX" },
    expect: { accountNumber: "002010077777777771", clearingSystem: null },
  },
  {
    rail: "SWIFT",
    currency: "USD",
    bankDetails: { iban: "DE89 3704 0044 0532 0130 00", bicSwift: "COBADEFFXXX" },
    expect: { bic: "COBADEFFXXX", iban: "DE89370400440532013000" },
  },
];

for (const [index, { rail, currency, bankDetails, expect }] of RAILS.entries())
  test.serial(
    `${rail} (${currency}, ${Object.keys(bankDetails).join("+")}): the file passes the XSD and routes`,
    async (t) => {
      const bill = await billTo(`${rail} Supplier ${index}`, bankDetails, currency, { totalAmount: "120.00" });
      const xml = await fileFor(bill);
      t.is(schemaErrors(xml), "");
      t.deepEqual(railViolations(xml, rail), []);
      t.like(readPain001(xml).transfers[0], { currency, amount: "120.00", ...expect });
    },
  );

test.serial("the rule checks catch a file a bank cannot route (a GBP transfer without its sort code)", (t) => {
  const xml = [
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><PmtInf>',
    '<Dbtr><Nm>Payer</Nm></Dbtr><CdtTrfTxInf><Amt><InstdAmt Ccy="GBP">1.00</InstdAmt></Amt>',
    "<Cdtr><Nm>Payee</Nm></Cdtr><CdtrAcct><Id><Othr><Id>66374958</Id></Othr></Id></CdtrAcct></CdtTrfTxInf>",
    "</PmtInf></CstmrCdtTrfInitn></Document>",
  ].join("");
  t.true(railViolations(xml, "GBDSC").some((v) => v.includes("GBDSC")));
  t.true(railViolations(xml, "USABA").length > 0);
});

test.serial(
  "control characters and letters outside the rulebook's set are transliterated: the file is well formed",
  async (t) => {
    const name = "Ærø Bäckerei\u0007 & Söhne <Œuvre> \u0000\u001f Łódź";
    const eur = await billTo(name, { iban: "DE02120300000000202051" }, "EUR", {
      totalAmount: "5.00",
      invoiceNumber: "Nº 7\u0008 «été»",
    });
    const sepa = await fileFor(eur);
    t.is(schemaErrors(sepa), "", "well formed and valid");
    t.deepEqual(railViolations(sepa, "SEPA"), []);
    const written = readPain001(sepa);
    t.is(written.transfers[0]?.creditorName, "AEro Baeckerei + Soehne .OEuvre. Lodz");
    t.is(written.transfers[0]?.remittance, "No 7 .ete.");
    t.is(written.debtorName, "Zahler + Toechter AG");
    const gbp = await billTo(`${name} UK`, { sortCode: "089999", accountNumber: "66374958", country: "GB" }, "GBP", {
      totalAmount: "5.00",
    });
    const faster = await fileFor(gbp);
    t.is(schemaErrors(faster), "");
    t.deepEqual(railViolations(faster, "GBDSC"), []);
    t.is(readPain001(faster).transfers[0]?.creditorName, "AEro Baeckerei & Soehne <OEuvre> Lodz UK");
  },
);

test.serial(
  "a bill whose rail apar cannot write is refused when it enters a run, with the reason per bill",
  async (t) => {
    const usdToUk = await billTo(
      "Pounds Only Ltd",
      { sortCode: "089999", accountNumber: "66374958", country: "GB" },
      "USD",
      {
        totalAmount: "10.00",
      },
    );
    const gbpToDe = await billTo("Euro Konto GmbH", { iban: "DE89370400440532013000" }, "GBP", {
      totalAmount: "10.00",
    });
    const fine = await billTo("Fine SARL", { iban: "FR7630006000011234567890189" }, "EUR", { totalAmount: "10.00" });
    const answer = await h.call("POST", "/v1/payment-runs", { body: { billIds: [fine, usdToUk, gbpToDe] } });
    t.is(answer.status, 409, answer.text);
    const problem = answer.json as { title: string; errors: { field: string; code: string; message: string }[] };
    t.is(problem.title, "PaymentRun.CannotPay");
    t.deepEqual(
      problem.errors.map((e) => [e.field, e.code]),
      [
        ["billIds[1]", "unroutable"],
        ["billIds[2]", "unroutable"],
      ],
    );
    t.regex(problem.errors[0]?.message ?? "", /USD .*GB.*BIC/);
    t.regex(problem.errors[1]?.message ?? "", /GBP transfer to an IBAN of DE .*BIC/);
    const states = await Promise.all(
      [fine, usdToUk, gbpToDe].map(async (id) => ((await h.call("GET", `/v1/bills/${id}`)).json as Json).state),
    );
    t.deepEqual(states, ["Approved", "Approved", "Approved"], "nothing moved");
  },
);
