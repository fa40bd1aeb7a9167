import test from "ava";
import { anotherClient, type BillHarness, startBillHarness, userWithToken } from "../bills/bill-harness.js";
import { send } from "../support/client.js";

// CSV imports and exports of suppliers, customers and products over real HTTP (issue 38, part 4): a dry run reports
// every row, an import is all or nothing, bank details go through the API's validation and dual control, and an
// export imports back as a dry run with no errors and no changes.

type Json = Record<string, unknown>;
interface Report {
  dryRun: boolean;
  imported: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: { row: number; column: string | null; code: string; message: string }[];
  results: { row: number; action: string; id: string | null; changes: string[] }[];
}

let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const IBAN_A = "DE89370400440532013000";
const IBAN_B = "GB82WEST12345698765432";

const importCsv = (kind: string, csv: string, options: { dryRun?: boolean; headers?: Record<string, string> } = {}) =>
  send(h.app.port ?? 0, {
    method: "POST",
    path: `/v1/imports/${kind}${options.dryRun === true ? "?dryRun=true" : ""}`,
    headers: { ...h.headers, "content-type": "text/csv", ...options.headers },
    body: Buffer.from(csv),
  });
const reportOf = (a: { json: unknown }) => {
  const json = a.json as Json;
  return (json.report ?? json) as Report;
};
const exportCsv = async (kind: string, headers: Record<string, string> = h.headers) =>
  send(h.app.port ?? 0, { method: "GET", path: `/v1/exports/${kind}.csv`, headers });
const list = async (path: string) => ((await h.call("GET", `${path}?Limit=100`)).json as { data: Json[] }).data;

test.serial("a dry run reports every row's errors and what would be created, writing nothing", async (t) => {
  const csv = [
    "name,taxNumber,email,bankIban",
    `Dry Run GmbH,DE111111111,ap@dry.example,${IBAN_A}`,
    ",DE222222222,,",
    "Bad Mail Ltd,,not-an-email,DE00123",
    "Fine Ltd,,,",
  ].join("\r\n");
  const answer = await importCsv("suppliers", csv, { dryRun: true });
  t.is(answer.status, 200, answer.text);
  const report = reportOf(answer);
  t.false(report.imported);
  t.is(report.rows, 4);
  t.is(report.created, 2);
  t.deepEqual(
    report.results.map((r) => [r.row, r.action]),
    [
      [2, "create"],
      [3, "error"],
      [4, "error"],
      [5, "create"],
    ],
  );
  const byRow = (row: number) => report.errors.filter((e) => e.row === row).map((e) => e.column);
  t.deepEqual(byRow(3), ["name"]);
  t.true(byRow(4).includes("email"));
  t.true(report.errors.every((e) => e.message.length > 0 && !e.message.includes("row.")));
  t.is((await list("/v1/suppliers")).length, 0);
});

test.serial("an import with any error answers 422 with the report and writes nothing", async (t) => {
  const csv = "name,email\r\nGood Customer,good@example.com\r\nBroken,not-mail\r\n";
  const answer = await importCsv("customers", csv);
  t.is(answer.status, 422, answer.text);
  t.regex(String(answer.headers["content-type"]), /problem\+json/);
  t.is((answer.json as Json).title, "Import.RowErrors");
  t.deepEqual(
    reportOf(answer).errors.map((e) => [e.row, e.column, e.code]),
    [[3, "email", reportOf(answer).errors[0]?.code]],
  );
  t.is((await list("/v1/customers")).length, 0);
});

test.serial("suppliers import with bank accounts as the importer's unconfirmed proposal", async (t) => {
  const csv = `name,taxNumber,email,bankIban\r\nAcme Supplies,DE123456789,ap@acme.example,${IBAN_A}\r\nPlain Ltd,,,\r\n`;
  const answer = await importCsv("suppliers", csv);
  t.is(answer.status, 200, answer.text);
  const report = reportOf(answer);
  t.true(report.imported);
  t.is(report.created, 2);
  const acme = (await list("/v1/suppliers")).find((s) => s.name === "Acme Supplies") as Json;
  t.is((acme.bankDetails as Json).iban, IBAN_A);
  t.is(acme.bankDetailsStatus, "Unconfirmed");
  t.is((acme.bankDetailsProposedBy as Json).type, "api_key");
  t.is(report.results[0]?.id, String(acme.id));
  // A second person confirms it as for any other proposal.
  const approver = await userWithToken(h, "Approver");
  const confirmed = await h.call("POST", `/v1/suppliers/${String(acme.id)}/bank-details/confirm`, {
    headers: { authorization: `Bearer ${approver.token}`, "x-service-api-key": "" },
    body: { bankDetails: { iban: IBAN_A } },
  });
  t.is(confirmed.status, 200, confirmed.text);
});

test.serial(
  "a row matches by tax number: a new account is a change (event, Unconfirmed), never a duplicate",
  async (t) => {
    const csv = `name,taxNumber,bankIban\r\nAcme Supplies,DE123456789,${IBAN_B}\r\n`;
    const dry = reportOf(await importCsv("suppliers", csv, { dryRun: true }));
    t.deepEqual(
      dry.results.map((r) => [r.action, r.changes]),
      // The account's country is read from the IBAN (canonical details, as over the API).
      [["update", ["bankIban", "bankCountry"]]],
    );
    const answer = await importCsv("suppliers", csv);
    t.is(answer.status, 200, answer.text);
    const suppliers = await list("/v1/suppliers");
    t.is(suppliers.filter((s) => s.name === "Acme Supplies").length, 1);
    const acme = suppliers.find((s) => s.name === "Acme Supplies") as Json;
    t.is(acme.bankDetailsStatus, "Unconfirmed");
    const events = await h.app.database.stores.events.ofSubject(h.clientId, "supplier", String(acme.id));
    t.true(events.some((e) => e.envelope.type === "supplier.bank_details_changed"));
    // An unknown id or a bank account that does not validate is an error of its row and column.
    const bad = reportOf(
      await importCsv(
        "suppliers",
        "id,name,bankIban\r\n00000000-0000-4000-8000-000000000000,Ghost,\r\n,New One,DE89370400440532013001\r\n",
        { dryRun: true },
      ),
    );
    t.deepEqual(
      bad.errors.map((e) => [e.row, e.column, e.code]),
      [
        [2, "id", "not_found"],
        [3, "bankIban", bad.errors[1]?.code],
      ],
    );
  },
);

test.serial("a file naming one record twice, or a row matching two records, is refused by row", async (t) => {
  const twice = reportOf(
    await importCsv("customers", "name,email\r\nOne,same@example.com\r\nOther,SAME@example.com\r\n", {
      dryRun: true,
    }),
  );
  t.deepEqual(
    twice.errors.map((e) => [e.row, e.code]),
    [[3, "duplicate_row"]],
  );
  // Two suppliers of one name (made over the API), then a row naming that name without a tax number or id.
  for (let i = 0; i < 2; i++) await h.call("POST", "/v1/suppliers", { body: { name: "Twin Ltd" } });
  const ambiguous = reportOf(
    await importCsv("suppliers", "name,email\r\nTwin Ltd,twin@example.com\r\n", { dryRun: true }),
  );
  t.deepEqual(
    ambiguous.errors.map((e) => [e.row, e.code]),
    [[2, "ambiguous"]],
  );
});

test.serial("products: prices as decimals, a header the import does not take is refused", async (t) => {
  const csv = "name,sku,unitPrice,currency,taxRate\r\nWidget,W-1,12.5,EUR,19\r\nGadget,G-1,abc,EUR,7\r\n";
  const dry = reportOf(await importCsv("products", csv, { dryRun: true }));
  t.deepEqual(
    dry.errors.map((e) => [e.row, e.column]),
    [[3, "unitPrice"]],
  );
  const ok = await importCsv("products", "name,sku,unitPrice,currency,taxRate\r\nWidget,W-1,12.5,EUR,19\r\n");
  t.is(ok.status, 200, ok.text);
  const widget = (await list("/v1/products"))[0] as Json;
  t.is(widget.unitPrice, "12.50");
  const header = reportOf(await importCsv("products", "name,price\r\nX,1\r\n", { dryRun: true }));
  t.deepEqual(
    header.errors.map((e) => [e.row, e.column, e.code]),
    [
      [1, "price", "unknown_column"],
      [1, "unitPrice", "missing_column"],
    ],
  );
});

test.serial("export then import as a dry run: no errors and no changes, for every kind", async (t) => {
  await h.call("POST", "/v1/customers", {
    body: {
      name: 'Quote "Q", Comma & Co',
      email: "q@example.com",
      address: "Line 1\nLine 2",
      country: "DE",
      currency: "EUR",
      paymentTermsDays: 14,
    },
  });
  await h.call("POST", "/v1/customers", { body: { name: "=SUM(A1)", email: "formula@example.com" } });
  for (const kind of ["suppliers", "customers", "products"]) {
    const exported = await exportCsv(kind);
    t.is(exported.status, 200, exported.text);
    t.regex(String(exported.headers["content-type"]), /^text\/csv/);
    t.true(exported.text.endsWith("\r\n"));
    const back = reportOf(await importCsv(kind, exported.text, { dryRun: true }));
    t.deepEqual(back.errors, [], kind);
    t.is(back.created + back.updated, 0, `${kind}: ${JSON.stringify(back.results)}`);
    t.true(back.unchanged > 0, kind);
  }
  const customers = (await exportCsv("customers")).text;
  t.true(customers.startsWith("id,name,email,address,taxNumber,country,currency,paymentTermsDays\r\n"));
  t.true(customers.includes(`"Quote ""Q"", Comma & Co"`));
  t.true(customers.includes("'=SUM(A1)"));
});

test.serial("an export streams every page (more rows than one page)", async (t) => {
  const rows = Array.from({ length: 450 }, (_, i) => `Bulk ${String(i).padStart(3, "0")},bulk${i}@example.com`);
  const answer = await importCsv("customers", `name,email\r\n${rows.join("\r\n")}\r\n`);
  t.is(answer.status, 200, answer.text);
  t.is(reportOf(answer).created, 450);
  const lines = (await exportCsv("customers")).text.split("\r\n").filter((l) => l !== "");
  t.is(lines.length, 1 + 450 + 2);
});

test.serial("Idempotency-Key: a repeat answers the first report and imports nothing again", async (t) => {
  const csv = "name,sku,unitPrice\r\nOnce,ONCE-1,1.00\r\n";
  const headers = { "idempotency-key": "import-once-1" };
  const first = await importCsv("products", csv, { headers });
  const again = await importCsv("products", csv, { headers });
  t.is(first.status, 200);
  t.deepEqual(again.json, first.json);
  t.is((await list("/v1/products")).filter((p) => p.sku === "ONCE-1").length, 1);
  const other = await importCsv("products", "name,sku,unitPrice\r\nOther,O-1,1\r\n", { headers });
  t.is(other.status, 409);
});

test.serial("another organisation's records are neither exported nor matched; bad requests are problems", async (t) => {
  const other = await anotherClient(h);
  const theirs = await exportCsv("suppliers", other.headers);
  t.is(theirs.status, 200);
  t.is(
    theirs.text,
    "id,name,taxNumber,email,address,bankAccountHolderName,bankIban,bankBicSwift,bankAccountNumber,bankSortCode,bankRoutingNumber,bankCountry,bankCurrency\r\n",
  );
  const ours = (await list("/v1/suppliers"))[0] as Json;
  const foreign = await send(h.app.port ?? 0, {
    method: "POST",
    path: "/v1/imports/suppliers?dryRun=true",
    headers: { ...other.headers, "content-type": "text/csv" },
    body: Buffer.from(`id,name\r\n${String(ours.id)},Taken\r\n`),
  });
  t.deepEqual(
    reportOf(foreign).errors.map((e) => e.code),
    ["not_found"],
  );
  t.is((await importCsv("customers", "")).status, 400);
  t.is((await importCsv("customers", 'name\r\n"unterminated\r\n')).status, 400);
  const json = await h.call("POST", "/v1/imports/customers", { body: { name: "x" } });
  t.is(json.status, 415);
  const tooMany = `name\r\n${Array.from({ length: 5001 }, (_, i) => `N${i}`).join("\r\n")}\r\n`;
  t.is((await importCsv("customers", tooMany, { dryRun: true })).status, 413);
});
