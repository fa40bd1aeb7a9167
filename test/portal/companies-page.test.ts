import { secureRandomBytes } from "@apar/adapters/system/ids";
import type { Company } from "@apar/core";
import { createCompany, recordForwardingRejection } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { Page } from "playwright-core";
import { TOKENS } from "../../host/src/tokens.js";
import { type Harness, key, seedClient, seedKey, startHarness } from "../http/auth/harness.js";
import { browserSuite, type launchChromium, signInPage, submit } from "./browser.js";

let h: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;

const test = browserSuite("test/portal/companies-page", startHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
});

const deps = () => ({
  db: h.db,
  clock: h.clock,
  ids: h.app.container.get(TOKENS.Ids),
  randomBytes: secureRandomBytes,
});

const seedCompany = async (clientId: string, name: string): Promise<Company> => {
  const r = await createCompany(deps())({ clientId, name, organisationIds: [] })();
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};

const seedRejection = async (company: Company, fromAddress: string) => {
  const r = await recordForwardingRejection(deps())({
    clientId: company.clientId,
    companyId: company.id,
    fromAddress,
    subject: "Invoice <b>7</b>",
    attachments: [{ name: "invoice.pdf", contentType: "application/pdf" }],
    reason: "SenderNotAllowed",
    authResult: "Pass",
    dkimResult: "Pass",
    spfResult: "Pass",
    receivedAt: h.clock.now(),
  })();
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};

const signedIn = (credential: string): Promise<Page> => signInPage(browser, base, credential);

/** The allowlist as the API answers it. */
const allowlist = async (raw: string, companyId: string) =>
  (
    (await h.call("GET", `/v1/companies/${companyId}/allowed-senders`, { headers: key(raw) })).json as {
      data: { value: string }[];
    }
  ).data.map((s) => s.value);

test.serial("a client administrator allows senders (typed, or from a refused forward) and removes one", async (t) => {
  const client = await seedClient(h, ["ap", "inbox"]);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const company = await seedCompany(client.id, "Acme Forwarding");
  await seedRejection(company, "billing@globex.example");
  const page = await signedIn(admin.rawKey);
  await page.goto(`${base}/portal/companies`);
  const row = page.locator(`tr[data-company="${company.id}"]`);
  t.regex(await row.innerText(), /Acme Forwarding/);
  t.regex(await row.locator("code").innerText(), new RegExp(`^${company.slug}@`));
  await Promise.all([
    page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() }),
    row.locator("a").click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  t.regex(await page.innerText("#rejections"), /Invoice <b>7<\/b>/, "the subject as text");

  // Not an address or a domain: refused on the page, the entry kept for correction.
  await page.fill("#sender", "not a sender");
  await submit(page, "#allow");
  t.regex(await page.innerText(".notice.error"), /address/);
  t.is(await page.inputValue("#sender"), "not a sender");

  await page.fill("#sender", "ap@supplier.example");
  await submit(page, "#allow");
  t.regex(await page.innerText(".notice"), /The sender is allowed/);
  // The refused forward's whole domain, with its button.
  await submit(page, "#rejections button:has-text('Allow globex.example')");
  t.deepEqual((await allowlist(admin.rawKey, company.id)).sort(), ["ap@supplier.example", "globex.example"]);

  await submit(page, "tr[data-sender]:has-text('ap@supplier.example') button.danger");
  t.regex(await page.innerText(".notice"), /The entry is removed/);
  t.deepEqual(await allowlist(admin.rawKey, company.id), ["globex.example"]);
  await page.context().close();
});

test.serial(
  "another client's company answers as a missing one; without the inbox module the page says so",
  async (t) => {
    const client = await seedClient(h, ["ap", "inbox"]);
    const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
    const foreign = await seedCompany((await seedClient(h, ["ap", "inbox"])).id, "Someone Else");
    const page = await signedIn(admin.rawKey);
    t.is((await page.goto(`${base}/portal/companies/company?id=${foreign.id}`))?.status(), 404);
    await page.goto(`${base}/portal/companies`);
    t.is(await page.locator(`tr[data-company="${foreign.id}"]`).count(), 0);
    const csrf = (await page.getAttribute("form.inline input[name=csrf]", "value")) ?? "";
    const allowed = await page.request.post(`${base}/portal/companies/allow`, {
      form: { csrf, id: foreign.id, sender: "x@evil.example" },
      headers: { origin: base },
      maxRedirects: 0,
    });
    t.is(allowed.status(), 404);
    await page.context().close();

    const plain = await seedClient(h, ["ap"]);
    const plainAdmin = await seedKey(h, { kind: "clients", clientIds: [plain.id] });
    const other = await signedIn(plainAdmin.rawKey);
    const answer = await other.goto(`${base}/portal/companies`);
    t.is(answer?.status(), 403);
    t.regex(await other.innerText(".notice.error"), /does not include the inbox module/);
    await other.context().close();
  },
);
