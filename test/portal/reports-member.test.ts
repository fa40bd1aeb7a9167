import anyTest, { type TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { eventually } from "../helpers/eventually.js";
import { suiteNeeding } from "../helpers/services.js";
import type { BillHarness } from "../http/bills/bill-harness.js";
import type { SmtpSink } from "../http/invoices/smtp-sink.js";
import { type SignInHarness, startSignInHarness } from "../http/sign-in/sign-in-harness.js";
import { browserSkipReason, launchChromium, seriousAxeViolations, submit } from "./browser.js";

// A Member signed in as themselves (issue 38, parts 1 and 3) reads the reports of their own organisation, and an
// organisation of the same client they are not a member of answers as a missing one.

const skip = browserSkipReason();
const test = suiteNeeding(anyTest as TestFn<unknown>, "test/portal/reports-member", skip);

type Json = Record<string, unknown>;
let harness: SignInHarness | undefined;
let h: BillHarness;
let smtp: SmtpSink;
let base: string;
let browser: Browser;
let otherOrganisation: string;
let otherCustomer: string;
const ADA = `ada-reports-${Date.now()}@example.com`;

const call = async (method: string, path: string, organisationId: string | undefined, body?: unknown) => {
  const a = await h.call(method, path, {
    headers:
      organisationId === undefined
        ? { "x-service-organisation-id": "" }
        : { "x-service-organisation-id": organisationId },
    ...(body === undefined ? {} : { body }),
  });
  if (a.status >= 300) throw new Error(`${path}: ${a.status} ${a.text}`);
  return a.json as Json;
};

/** A customer owing 40.00 since 2026-02-01 in the organisation. */
const owing = async (organisationId: string, name: string): Promise<string> => {
  const customer = await call("POST", "/v1/customers", organisationId, { name, currency: "EUR" });
  const draft = await call("POST", "/v1/invoices", organisationId, {
    customerId: customer.id,
    issueDate: "2026-01-02",
    dueDate: "2026-02-01",
    lineItems: [{ description: "Work", unitPrice: "40.00", taxRate: "0" }],
  });
  await call("POST", `/v1/invoices/${draft.id}/send`, organisationId, {});
  return String(customer.id);
};

test.before(async () => {
  if (skip !== undefined) return;
  harness = await startSignInHarness({});
  ({ h, smtp, base } = harness);
  await call("POST", `/v1/organisations/${h.organisationId}/users`, undefined, {
    email: ADA,
    name: "Ada",
    role: "Member",
  });
  otherOrganisation = String((await call("POST", "/v1/organisations", undefined, { name: "Not Ada's" })).id);
  await owing(h.organisationId, "Ada's Customer");
  otherCustomer = await owing(otherOrganisation, "Someone Else's Customer");
  browser = await launchChromium();
});
test.after.always(async () => {
  await browser?.close();
  await harness?.dispose();
});

const signedInAsAda = async (): Promise<Page> => {
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await page.goto(`${base}/portal/sign-in`);
  await page.fill("#email", ADA);
  await submit(page, "#send-link");
  const link = await eventually(() => {
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes(ADA));
    return /http:\/\/127\.0\.0\.1:\d+\/portal\/sign-in\/link\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0];
  }, "the link mailed to Ada");
  await page.goto(link);
  await submit(page, "#use-link");
  return page;
};

test.serial("a Member reads the reports of their own organisation only", async (t) => {
  const page = await signedInAsAda();
  await submit(page, 'header nav a:has-text("Reports")');
  t.is(await page.innerText("h1"), "Aged receivables");
  t.deepEqual(await page.locator("#organisationId option").allInnerTexts(), ["Bills org"], "only Ada's organisation");
  await page.fill("#asOf", "2026-02-28");
  await submit(page, "#show");
  t.deepEqual(await page.locator("#aging tbody tr").allInnerTexts(), [
    "Ada's Customer\tEUR\t0.00\t40.00\t0.00\t0.00\t0.00\t40.00\t1",
  ]);
  t.deepEqual(await seriousAxeViolations(page), []);

  for (const path of [
    `/portal/reports/aged-receivables?organisationId=${otherOrganisation}`,
    `/portal/reports/aged-payables?organisationId=${otherOrganisation}`,
    `/portal/reports/statement?organisationId=${otherOrganisation}&customerId=${otherCustomer}`,
    `/portal/reports/statement.pdf?organisationId=${otherOrganisation}&customerId=${otherCustomer}`,
    `/portal/reports/statement?organisationId=${h.organisationId}&customerId=${otherCustomer}`,
  ]) {
    const answer = await page.goto(`${base}${path}`);
    t.is(answer?.status(), 404, path);
    t.false((await page.content()).includes("Someone Else"), `${path} shows nothing of the other organisation`);
  }
  await page.context().close();
});
