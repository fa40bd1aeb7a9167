import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { eventually } from "../helpers/eventually.js";
import { anotherClient, type BillHarness, multipart, pdfWith, startBillHarness } from "../http/bills/bill-harness.js";
import { send } from "../http/support/client.js";
import { browserSuite, seriousAxeViolations, signInPage, submit } from "./browser.js";

// The portal's Bills page (issue 35, part 4): an organisation's bills filtered by state, supplier and invoice date and
// paged, and the upload of a document as a new bill, guarded like every portal form.

type Json = Record<string, unknown>;
let h: BillHarness;
let browser: Browser;
let base: string;
const rawKey = () => h.headers["x-service-api-key"] ?? "";

const test = browserSuite("test/portal/bill-list-page", startBillHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
});

const billsOfApi = async (): Promise<Json[]> => {
  const all: Json[] = [];
  let cursor: string | null = null;
  do {
    const answer = await h.call("GET", `/v1/bills?limit=100${cursor === null ? "" : `&cursor=${cursor}`}`);
    const body = answer.json as { data: Json[]; nextCursor: string | null };
    all.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor !== null);
  return all;
};

const settledBill = async (fields: Json): Promise<Json> => {
  const up = await h.upload(pdfWith({ currency: "EUR", ...fields }));
  if (up.status !== 202) throw new Error(up.text);
  return h.settled(String((up.json as Json).id));
};

const rowsOf = (page: Page): Promise<string[]> => page.locator("#bills tbody tr").allInnerTexts();

/** The session's cookie and the CSRF token of its forms, for requests a browser would not send. */
const sessionOf = async (page: Page): Promise<{ cookie: string; csrf: string }> => {
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const csrf = (await page.locator('input[name="csrf"]').first().getAttribute("value")) ?? "";
  return { cookie, csrf };
};

test.serial(
  "a clerk uploads a document on the Bills page; it is read and listed, and the filters narrow the list",
  async (t) => {
    await settledBill({ supplierName: "Globex Listed", invoiceNumber: "GL-1", invoiceDate: "2026-03-01" });
    const page = await signInPage(browser, base, rawKey(), { bypassCSP: true });
    await submit(page, 'header nav a:has-text("Bills")');
    t.is(await page.innerText("h1"), "Bills");
    t.deepEqual(await seriousAxeViolations(page), []);

    const before = (await billsOfApi()).length;
    const file = join(tmpdir(), `apar-portal-upload-${process.pid}.pdf`);
    await writeFile(
      file,
      pdfWith({ supplierName: "Uploaded Through Portal", invoiceNumber: "UP-77", currency: "EUR" }),
    );
    await page.setInputFiles("#upload-file", file);
    await submit(page, 'form[action="/portal/bills/upload"] button[type="submit"]');
    t.regex(await page.locator(".notice").first().innerText(), /uploaded: it is being read/);
    const uploaded = await eventually(async () => {
      const bills = await billsOfApi();
      const found = bills.find((b) => b.invoiceNumber === "UP-77");
      return found !== undefined && found.state !== "Extracting" ? found : undefined;
    }, "the uploaded bill, read");
    t.is((await billsOfApi()).length, before + 1, "one bill was made");
    t.is((uploaded.document as Json).filename, `apar-portal-upload-${process.pid}.pdf`);

    await page.goto(`${base}/portal/bills`);
    const all = await rowsOf(page);
    t.true(all.some((r) => r.includes("Uploaded Through Portal") && r.includes("Waiting for review")));
    t.true(all.some((r) => r.includes("Globex Listed")));

    await page.fill("#filter-supplier", "globex");
    await submit(page, 'form.filters button[type="submit"]');
    t.deepEqual(
      (await rowsOf(page)).map((r) => r.split("\t")[0]),
      ["Globex Listed"],
    );
    await page.fill("#filter-supplier", "");
    await page.selectOption("#filter-state", "Paid");
    await submit(page, 'form.filters button[type="submit"]');
    t.is(await page.locator("#bills-empty").innerText(), "No bills match.");
    t.is(await page.locator("#filter-state").inputValue(), "Paid", "the form shows the filter it applied");
    await page.context().close();
  },
);

test.serial("the list pages by 50 with a link to the next page", async (t) => {
  for (let i = 0; i < 51; i++)
    await settledBill({ supplierName: "Paged Supplier", invoiceNumber: `PG-${String(i).padStart(2, "0")}` });
  const page = await signInPage(browser, base, rawKey());
  await page.goto(`${base}/portal/bills?supplier=Paged`);
  const first = await rowsOf(page);
  t.is(first.length, 50);
  t.true(first[0]?.includes("PG-00"), "oldest first");
  await submit(page, 'a[rel="next"]');
  const second = await rowsOf(page);
  t.is(second.length, 1);
  t.true(second[0]?.includes("PG-50"));
  t.is(await page.locator('a[rel="next"]').count(), 0, "no next page after the last");
  await page.context().close();
});

test.serial(
  "a bad filter is named on the page; another client's organisation answers like a missing one",
  async (t) => {
    const page = await signInPage(browser, base, rawKey());
    const bad = await page.goto(`${base}/portal/bills?invoiceDateFrom=2026-13-45`);
    t.is(bad?.status(), 400);
    t.regex(await page.locator(".notice.error").innerText(), /InvoiceDateFrom must be YYYY-MM-DD/);
    const other = await anotherClient(h);
    const foreign = await page.goto(`${base}/portal/bills?organisationId=${other.organisation.id}`);
    const missing = await page.goto(`${base}/portal/bills?organisationId=00000000-0000-4000-8000-000000000000`);
    t.is(foreign?.status(), 404);
    t.is(missing?.status(), 404);
    await page.context().close();
  },
);

test.serial("an upload without the session's token, or to a foreign organisation, makes no bill", async (t) => {
  const page = await signInPage(browser, base, rawKey());
  await page.goto(`${base}/portal/bills`);
  const { cookie, csrf } = await sessionOf(page);
  const other = await anotherClient(h);
  const before = (await billsOfApi()).length;
  const post = (fields: Record<string, string>) => {
    const { body, contentType } = multipart(pdfWith({ invoiceNumber: "NOPE" }), "nope.pdf", "file", fields);
    return send(h.app.port ?? 0, {
      method: "POST",
      path: "/portal/bills/upload",
      headers: { cookie, "content-type": contentType, origin: base },
      body,
    });
  };
  t.is((await post({ organisationId: h.organisationId })).status, 403, "no token");
  t.is((await post({ csrf: "forged", organisationId: h.organisationId })).status, 403, "a forged token");
  t.is((await post({ csrf, organisationId: other.organisation.id })).status, 404, "another client's organisation");
  t.is((await post({ csrf })).status, 404, "no organisation");
  const { body: wrongType, contentType } = multipart(Buffer.from("plain text"), "x.txt", "file", {
    csrf,
    organisationId: h.organisationId,
  });
  const refusedType = await send(h.app.port ?? 0, {
    method: "POST",
    path: "/portal/bills/upload",
    headers: { cookie, "content-type": contentType, origin: base },
    body: wrongType,
  });
  t.is(refusedType.status, 415);
  t.regex(refusedType.text, /not a PDF, PNG, JPEG, TIFF, WebP or e-invoice XML file/);
  t.is((await billsOfApi()).length, before, "no bill was made");
  t.is((await post({ csrf, organisationId: h.organisationId })).status, 303, "the same form with the token is taken");
  await page.context().close();
});
