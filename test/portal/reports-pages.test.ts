import type { Page } from "playwright-core";
import { type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../http/auth/harness.js";
import { browserSuite, type launchChromium, seriousAxeViolations, signInPage, submit } from "./browser.js";

// The Reports pages of the portal (issue 38, part 3) in Chromium with axe: aged receivables of an organisation as of
// a day, a customer's statement reached from it (and its PDF), aged payables, and what another client's organisation
// or a bad date answers.

type Json = Record<string, unknown>;
let h: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;
let rawKey: string;
let organisationId: string;
let foreignOrganisationId: string;
let publicStatement: string;

const test = browserSuite("test/portal/reports-pages", startHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
  const client = await seedClient(h);
  rawKey = (await seedKey(h, { kind: "clients", clientIds: [client.id] })).rawKey;
  organisationId = (await seedOrganisation(h, client.id, "Reports Org")).id;
  await seedOrganisation(h, client.id, "Quiet Org");
  const other = await seedClient(h);
  foreignOrganisationId = (await seedOrganisation(h, other.id, "Not Yours")).id;
  const call = async (method: string, path: string, body: unknown) => {
    const a = await h.call(method, path, {
      headers: key(rawKey, { "x-service-organisation-id": organisationId, "content-type": "application/json" }),
      body,
    });
    if (a.status >= 300) throw new Error(`${path}: ${a.text}`);
    return a.json as Json;
  };
  const customer = await call("POST", "/v1/customers", { name: "Globex GmbH", currency: "EUR", country: "DE" });
  const draft = await call("POST", "/v1/invoices", {
    customerId: customer.id,
    issueDate: "2026-01-10",
    dueDate: "2026-02-09",
    lineItems: [{ description: "Design", unitPrice: "100.00", taxRate: "0" }],
  });
  const sent = await call("POST", `/v1/invoices/${draft.id}/send`, {});
  publicStatement = `${new URL(String(sent.paymentUrl)).pathname}/statement`;
  await call("POST", `/v1/invoices/${draft.id}/payments`, { amount: "30.00", paidAt: "2026-02-15" });
});

const signedIn = (): Promise<Page> => signInPage(browser, base, rawKey, { bypassCSP: true });

test.serial("aged receivables as of a day, then the customer's statement from its row, and its PDF", async (t) => {
  const page = await signedIn();
  await page.goto(`${base}/portal/reports/aged-receivables`);
  t.is(await page.innerText("h1"), "Aged receivables");
  await page.selectOption("#organisationId", { label: "Reports Org" });
  await page.fill("#asOf", "2026-02-28");
  await submit(page, "#show");
  t.regex(await page.innerText("#report-heading"), /Reports Org: as of 2026-02-28/);
  const row = page.locator("#aging tbody tr").filter({ hasText: "Globex GmbH" });
  t.is(await row.locator("[data-bucket=days1To30]").innerText(), "70.00");
  t.is(await row.locator("[data-bucket=total]").innerText(), "70.00");
  t.is(await page.locator('#aging tfoot tr[data-currency="EUR"] [data-bucket=total]').innerText(), "70.00");
  t.deepEqual(await seriousAxeViolations(page), []);

  await submit(page, '#aging a:has-text("Globex GmbH")');
  t.is(await page.innerText("h1"), "Customer statement");
  t.regex(await page.innerText("#statement-heading"), /Globex GmbH: 2025-12-01 to 2026-02-28/);
  const table = page.locator('table.statement[data-currency="EUR"]');
  t.is(await table.locator("tr.opening td").innerText(), "0.00");
  t.deepEqual(await table.locator("tbody tr[data-type]").allInnerTexts(), [
    "2026-01-10\tInvoice\tINV-000001\t2026-02-09\t100.00\t100.00",
    "2026-02-15\tPayment\tfor INV-000001\t\t-30.00\t70.00",
  ]);
  t.is(await table.locator("tr.closing td").innerText(), "70.00");
  t.is(await page.locator('table.aging [data-bucket="overdue"]').innerText(), "70.00");
  t.deepEqual(await seriousAxeViolations(page), []);

  const href = await page.getAttribute("#pdf", "href");
  const pdf = await page.context().request.get(`${base}${href}`);
  t.is(pdf.status(), 200);
  t.is(pdf.headers()["content-type"], "application/pdf");
  t.is((await pdf.body()).subarray(0, 5).toString(), "%PDF-");
  await page.context().close();
});

test.serial("aged payables with nothing owed; another client's organisation and a bad date are refused", async (t) => {
  const page = await signedIn();
  await page.goto(`${base}/portal/reports/aged-payables?organisationId=${organisationId}`);
  t.is(await page.innerText("h1"), "Aged payables");
  t.regex(await page.innerText("#nothing"), /Nothing was owed/);
  t.deepEqual(await seriousAxeViolations(page), []);

  const foreign = await page.goto(`${base}/portal/reports/aged-payables?organisationId=${foreignOrganisationId}`);
  t.is(foreign?.status(), 404);
  t.regex(await page.innerText(".notice.error"), /organisation does not exist/);
  const bad = await page.goto(`${base}/portal/reports/aged-receivables?asOf=2026-02-30`);
  t.is(bad?.status(), 400);
  const statement = await page.goto(`${base}/portal/reports/statement?organisationId=${foreignOrganisationId}`);
  t.is(statement?.status(), 404);
  const none = await page.goto(`${base}/portal/reports/statement`);
  t.is(none?.status(), 200);
  t.is(await page.locator("#customerId option").count(), 1, "the first organisation's customers to choose from");
  t.deepEqual(await seriousAxeViolations(page), []);
  await page.context().close();
});

test.serial("the customer's own statement from the public invoice page, at desktop and phone width", async (t) => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}${publicStatement.replace(/\/statement$/, "")}?lang=en`);
    await submit(page, "#statement");
    t.is(await page.innerText("h1"), "Statement of account");
    await page.fill("#from", "2026-01-01");
    await page.fill("#to", "2026-02-28");
    await submit(page, "button[type=submit]");
    t.is(await page.locator('table.statement[data-currency="EUR"] tr.closing td').innerText(), "70.00 EUR");
    t.is(
      await page
        .locator('table.aging [data-bucket="days1To30"] + td, table.aging tr[data-bucket="days1To30"] td')
        .first()
        .innerText(),
      "70.00 EUR",
    );
    t.deepEqual(await seriousAxeViolations(page), [], `${viewport.width}px`);
    await context.close();
  }
});
