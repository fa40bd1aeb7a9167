import type { Browser, Page } from "playwright-core";
import { PATIENCE_MS } from "../helpers/eventually.js";
import { anotherClient, type BillHarness, startBillHarness, userWithToken } from "../http/bills/bill-harness.js";
import { datevProblems, journalProblems, journalRows } from "../http/books/book-files.js";
import { browserSuite, seriousAxeViolations, signInPage, submit } from "./browser.js";

// The portal's Books page in Chromium with axe (issue 38, part 5): export a period as CSV or DATEV, download the
// file, acknowledge it; a Member reads and downloads but neither exports nor acknowledges; another client's
// organisation answers as a missing one.

type Json = Record<string, unknown>;
let h: BillHarness;
let browser: Browser;
let base: string;
let invoiceNumber: string;
/** Today in UTC, the organisation's zone, read when asked (a run may pass midnight). */
const today = () => new Date().toISOString().slice(0, 10);
const TODAY = today();

const test = browserSuite("test/portal/books-page", startBillHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
  const customer = await h.call("POST", "/v1/customers", { body: { name: "Kunde & Söhne", currency: "EUR" } });
  const draft = await h.call("POST", "/v1/invoices", {
    body: {
      customerId: (customer.json as Json).id,
      currency: "EUR",
      issueDate: TODAY,
      dueDate: TODAY,
      lineItems: [{ description: "Beratung", unitPrice: "100.00", taxRate: "19" }],
    },
  });
  const sent = await h.call("POST", `/v1/invoices/${(draft.json as Json).id}/send`);
  invoiceNumber = String((sent.json as Json).documentNumber);
});

const noViolations = async (t: { deepEqual(a: unknown, b: unknown, m?: string): void }, page: Page, what: string) =>
  t.deepEqual(await seriousAxeViolations(page), [], what);

/** The file behind a link of the page, with the page's session. */
const download = async (page: Page, selector: string) => {
  const href = (await page.getAttribute(selector, "href")) ?? "";
  // A loaded machine may take longer than Playwright's default 30 s: wait as long as every other wait here.
  const answer = await page.request.get(`${base}${href}`, { timeout: PATIENCE_MS });
  return { status: answer.status(), type: answer.headers()["content-type"], body: await answer.body() };
};

test.serial(
  "an administrator exports the month as CSV, downloads it and acknowledges it; a DATEV export waits for the adviser's numbers",
  async (t) => {
    const page = await signInPage(browser, base, h.headers["x-service-api-key"] as string, { bypassCSP: true });
    const before = today();
    await page.goto(`${base}/portal/books`);
    const after = today();
    t.regex(await page.innerText("h1"), /Books of Bills org/);
    t.is(await page.locator("header nav a", { hasText: "Books" }).count(), 1);
    await noViolations(t, page, "the Books page");
    t.true([before, after].includes(await page.inputValue("#books-to")), "the period ends today");

    await page.selectOption("#books-format", "datev");
    await submit(page, "#export");
    t.regex(await page.innerText(".notice.error"), /Beraternummer/);
    t.is(await page.inputValue("#books-format"), "datev", "the form as sent");
    await noViolations(t, page, "the refusal");

    await page.selectOption("#books-format", "csv");
    await submit(page, "#export");
    t.regex(await page.innerText(".notice"), /The export is recorded/);
    t.is(await page.locator("#exports tbody tr").count(), 1);
    const csv = await download(page, "#exports tbody tr a");
    t.is(csv.status, 200);
    t.regex(String(csv.type), /^text\/csv; charset=utf-8/);
    const text = csv.body.toString("utf8");
    t.deepEqual(journalProblems(text), []);
    t.true(journalRows(text).some((r) => r.documentNumber === invoiceNumber && r.counterparty === "Kunde & Söhne"));

    await submit(page, "#exports tbody tr button");
    t.regex(await page.innerText(".notice"), /acknowledged/);
    t.regex(await page.innerText("#exports tbody tr"), /match groups synced/);
    await noViolations(t, page, "after acknowledging");

    // With the adviser's numbers set, DATEV: a Buchungsstapel every line of which DATEV's table accepts.
    await h.call("PUT", "/v1/accounting/chart", { body: { datev: { consultantNumber: "1001", clientNumber: "1" } } });
    await page.selectOption("#books-format", "datev");
    await submit(page, "#export");
    const datev = await download(page, "#exports tbody tr:first-child a");
    t.is(datev.type, "text/csv; charset=windows-1252");
    t.deepEqual(datevProblems(new TextDecoder("windows-1252").decode(datev.body)), []);
    await page.context().close();
  },
);

test.serial("a Member reads the exports and downloads them, but neither exports nor acknowledges", async (t) => {
  const member = await userWithToken(h, "Member");
  const page = await signInPage(browser, base, member.token, {
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  await page.goto(`${base}/portal/books`);
  t.regex(await page.innerText("h1"), /Books of/);
  t.is(await page.locator("#export").count(), 0, "no export form");
  t.true((await page.locator("#exports tbody tr").count()) >= 1);
  t.is(await page.locator("#exports button").count(), 0, "no acknowledge button");
  t.is((await download(page, "#exports tbody tr a")).status, 200);
  await noViolations(t, page, "the Member's Books page at phone width");
  const csrf = (await page.getAttribute("form.inline input[name=csrf]", "value")) ?? "";
  const posted = await page.request.post(`${base}/portal/books/exports`, {
    form: { csrf, organisationId: h.organisationId, from: TODAY, to: TODAY, format: "csv" },
    headers: { origin: base },
    maxRedirects: 0,
  });
  t.is(posted.status(), 403);
  await page.context().close();
});

test.serial("another client's organisation answers as a missing one, shown, downloaded and posted", async (t) => {
  const other = await anotherClient(h);
  const page = await signInPage(browser, base, h.headers["x-service-api-key"] as string);
  t.is((await page.goto(`${base}/portal/books?organisationId=${other.organisation.id}`))?.status(), 404);
  const made = await h.call("POST", "/v1/accounting/exports", {
    headers: other.headers,
    body: { from: TODAY, to: TODAY, format: "csv" },
  });
  const theirs = String((made.json as Json).id);
  const file = await page.request.get(`${base}/portal/books/exports/${theirs}/file?organisationId=${h.organisationId}`);
  t.is(file.status(), 404);
  await page.goto(`${base}/portal/books`);
  const csrf = (await page.getAttribute("form.inline input[name=csrf]", "value")) ?? "";
  const posted = await page.request.post(`${base}/portal/books/exports/${theirs}/acknowledge`, {
    form: { csrf, organisationId: other.organisation.id },
    headers: { origin: base },
    maxRedirects: 0,
  });
  t.is(posted.status(), 404);
  t.like((await h.call("GET", `/v1/accounting/exports/${theirs}`, { headers: other.headers })).json as Json, {
    acknowledgedAt: null,
  });
  await page.context().close();

  // A plan without the ap module has no books: the page says so (403), as the API answers Module.NotEntitled.
  const invoicing = await anotherClient(h, ["ar"]);
  const theirPage = await signInPage(browser, base, invoicing.rawKey);
  t.is((await theirPage.goto(`${base}/portal/books`))?.status(), 403);
  t.regex(await theirPage.innerText("main"), /does not include the ap module/);
  await theirPage.context().close();
});
