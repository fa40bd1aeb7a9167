import anyTest, { type TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { eventually } from "../helpers/eventually.js";
import type { TestProvider } from "../helpers/oidc-provider.js";
import { suiteNeeding } from "../helpers/services.js";
import { anotherClient, type BillHarness } from "../http/bills/bill-harness.js";
import type { SmtpSink } from "../http/invoices/smtp-sink.js";
import { type SignInHarness, startSignInHarness } from "../http/sign-in/sign-in-harness.js";
import { send } from "../http/support/client.js";
import { browserSkipReason, launchChromium, seriousAxeViolations, submit } from "./browser.js";

const skip = browserSkipReason();
const test = suiteNeeding(anyTest as TestFn<unknown>, "test/portal/sign-in-pages", skip);

let h: BillHarness;
let smtp: SmtpSink;
let idp: TestProvider;
let browser: Browser;
let base: string;

const stamp = Date.now();
const ADA = `ada-${stamp}@example.com`;
const GRACE = `grace-${stamp}@example.com`;

const addUser = async (headers: Record<string, string>, organisationId: string, email: string, role: string) => {
  const a = await send(h.app.port ?? 0, {
    method: "POST",
    path: `/v1/organisations/${organisationId}/users`,
    headers: { ...headers, "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ email, name: email.split("-")[0], role })),
  });
  if (a.status !== 201) throw new Error(a.text);
};

let harness: SignInHarness | undefined;

test.before(async () => {
  if (skip !== undefined) return;
  harness = await startSignInHarness({
    grace: { email: GRACE, email_verified: true },
    stranger: { email: "stranger@example.com", email_verified: true },
  });
  ({ h, smtp, idp, base } = harness);
  await addUser(h.headers, h.organisationId, ADA, "Member");
  await addUser(h.headers, h.organisationId, GRACE, "Admin");
  browser = await launchChromium();
});
test.after.always(async () => {
  await browser?.close();
  await harness?.dispose();
});

/** A new browser context (axe is added to its pages, so they are opened bypassing our CSP). */
const newPage = async (): Promise<Page> => (await browser.newContext({ bypassCSP: true })).newPage();

const noViolations = async (t: { deepEqual(a: unknown, b: unknown, m?: string): void }, page: Page, what: string) =>
  t.deepEqual(await seriousAxeViolations(page), [], what);

const linkMailedTo = (email: string): Promise<string> =>
  eventually(() => {
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes(email));
    return /http:\/\/127\.0\.0\.1:\d+\/portal\/sign-in\/link\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0];
  }, `the link mailed to ${email}`);

/** Asks for a link on the sign-in page and follows it, as a person does. */
const byLink = async (page: Page, email: string): Promise<void> => {
  await page.goto(`${base}/portal/sign-in`);
  await page.fill("#email", email);
  await submit(page, "#send-link");
  await page.goto(await linkMailedTo(email));
  await submit(page, "#use-link");
};

test.serial("a person signs in with a mailed link; the sign-in, mail, link and queue pages pass axe", async (t) => {
  const page = await newPage();
  await page.goto(`${base}/portal/sign-in`);
  t.true(await page.isVisible("#oidc"), "the provider's button");
  await noViolations(t, page, "sign-in page");
  await page.fill("#email", ADA);
  await submit(page, "#send-link");
  t.regex(await page.innerText("main"), /a link is on its way/);
  await noViolations(t, page, "check your mail page");
  await page.goto(await linkMailedTo(ADA));
  await noViolations(t, page, "link page");
  await submit(page, "#use-link");
  t.true(page.url().endsWith("/portal/review"), page.url());
  t.is(await page.innerText("h1"), "Review queue");
  t.deepEqual(
    await page.locator("header nav a").allInnerTexts(),
    ["Review", "Bills", "Reports", "Import and export", "Books"],
    "a Member's pages (Members import, export and read the books as over the API)",
  );
  await noViolations(t, page, "review queue of a Member");
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === "apar_portal_session");
  t.like(cookie, { httpOnly: true, sameSite: "Strict", path: "/portal" });
  await submit(page, "header button");
  t.true(page.url().endsWith("/portal/sign-in?signedout=1"));
});

test.serial(
  "an Admin invites on the People page, which passes axe; the invitee signs in from the invitation",
  async (t) => {
    const page = await newPage();
    await byLink(page, GRACE);
    await page.goto(`${base}/portal/people`);
    t.is(await page.innerText("h1"), "People of Bills org");
    await noViolations(t, page, "People page");
    const lin = `lin-${stamp}@example.com`;
    await page.fill("#invite-email", lin);
    await page.fill("#invite-name", "Lin");
    await page.check("#invite-Approver");
    await page.uncheck("#invite-Member");
    await submit(page, "#invite");
    t.regex(await page.innerText(".notice"), /Invited/);
    t.regex(await page.innerText("#people"), /Lin/);
    await noViolations(t, page, "People page with a new member");

    const invitee = await newPage();
    await invitee.goto(await linkMailedTo(lin));
    await submit(invitee, "#use-link");
    t.true(invitee.url().endsWith("/portal/review"), invitee.url());
    t.false(await invitee.isVisible("header nav a[href='/portal/people']"));
  },
);

test.serial("OpenID Connect in the browser: through the provider (another site) and back, signed in", async (t) => {
  const page = await newPage();
  await page.goto(`${base}/portal/sign-in`);
  await submit(page, "#oidc");
  t.true(page.url().startsWith(idp.issuer), page.url());
  const [attempt] = (await page.context().cookies(`${base}/portal/`)).filter((c) => c.name === "apar_portal_oidc");
  t.like(
    attempt,
    { httpOnly: true, sameSite: "Lax", path: "/portal" },
    "the one cookie the provider's redirect carries",
  );
  await page.fill("#login", "grace");
  await Promise.all([page.waitForURL(`${base}/portal/review`), page.click("#provider-sign-in")]);
  t.is(await page.innerText("h1"), "Review queue", "the new session is seen after the provider's redirect");
  t.true(await page.isVisible("header nav a[href='/portal/people']"), "Grace is an Admin");

  const stranger = await newPage();
  await stranger.goto(`${base}/portal/sign-in/oidc`);
  await stranger.fill("#login", "stranger");
  await submit(stranger, "#provider-sign-in");
  t.regex(await stranger.innerText("main"), /No one with the address stranger@example\.com may sign in here/);
  await noViolations(t, stranger, "refusal page");
});

test.serial("an address of people in two clients chooses one; the chooser passes axe", async (t) => {
  const other = await anotherClient(h);
  const both = `both-${stamp}@example.com`;
  await addUser(h.headers, h.organisationId, both, "Member");
  await addUser(other.headers, other.organisation.id, both, "Approver");
  const page = await newPage();
  await byLink(page, both);
  t.is(await page.innerText("h1"), "Choose where to sign in");
  await noViolations(t, page, "chooser");
  await submit(page, "button:has-text('Another client')");
  t.true(page.url().endsWith("/portal/review"), page.url());
  t.regex(await page.innerText("header"), /Another client/);
});
