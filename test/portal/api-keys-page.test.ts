import type { Browser, Page } from "playwright-core";
import { type Harness, key, seedClient, seedKey, startHarness } from "../http/auth/harness.js";
import { browserSuite, signInPage, submit } from "./browser.js";

let h: Harness;
let browser: Browser;
let base: string;

const test = browserSuite("test/portal/api-keys-page", startHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
});

const signedIn = (credential: string): Promise<Page> => signInPage(browser, base, credential);

/** What the API answers a key: 200 while it works, 401 once revoked. */
const apiStatus = async (raw: string) => (await h.call("GET", "/v1/organisations", { headers: key(raw) })).status;

test.serial("a client administrator creates a key (shown once), uses it, and revokes it in the browser", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const page = await signedIn(admin.rawKey);
  await page.goto(`${base}/portal/api-keys`);
  t.is(await page.title(), "API keys · apar portal");
  t.is(await page.locator("#keys tr[data-key]").count(), 1, "the key signed in with");

  // A name is required: refused with the form kept.
  await page.fill("#name", "   ");
  await submit(page, "#create");
  t.regex(await page.innerText(".notice.error"), /Give the key a name/);

  await page.fill("#name", "Accounting <export>");
  await submit(page, "#create");
  t.true(page.url().includes("/portal/api-keys/new?id="), page.url());
  const raw = await page.inputValue("#secret");
  t.true(raw.length > 20);
  t.is(await apiStatus(raw), 200, "the new key works against the API");
  // Shown once: the same page again no longer has it.
  await page.reload();
  t.is(await page.locator("#secret").count(), 0);
  t.regex(await page.innerText("main"), /shown once and is not shown again/);

  await page.goto(`${base}/portal/api-keys`);
  const row = page.locator("#keys tr[data-key]", { hasText: "Accounting <export>" });
  t.is(await row.count(), 1, "the name is shown as text");
  t.is(await row.locator("td.on").innerText(), "Active");
  await Promise.all([
    page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() }),
    row.locator("button.danger").click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  t.regex(await page.innerText(".notice"), /The key is revoked/);
  t.is(
    await page.locator("#keys tr[data-key]", { hasText: "Accounting <export>" }).locator("td.off").innerText(),
    "Revoked",
  );
  t.is(await apiStatus(raw), 401, "revoked at once");
  t.is(await apiStatus(admin.rawKey), 200, "the other key is untouched");
  await page.context().close();
});

test.serial("another client's key answers as a missing one; a form without the CSRF token is refused", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const other = await seedKey(h, { kind: "clients", clientIds: [(await seedClient(h)).id] });
  const page = await signedIn(admin.rawKey);
  await page.goto(`${base}/portal/api-keys`);
  t.is(await page.locator(`tr[data-key="${other.apiKey.id}"]`).count(), 0, "not listed");
  const csrf = (await page.getAttribute("form[action='/portal/api-keys'] input[name=csrf]", "value")) ?? "";
  const post = (form: Record<string, string>) =>
    page.request.post(`${base}/portal/api-keys/revoke`, { form, headers: { origin: base }, maxRedirects: 0 });
  const foreign = await post({ csrf, id: other.apiKey.id });
  t.is(foreign.status(), 404);
  t.is(await apiStatus(other.rawKey), 200, "the other client's key still works");
  const shown = await page.goto(`${base}/portal/api-keys/new?id=${other.apiKey.id}`);
  t.is(shown?.status(), 404);
  const forged = await post({ id: admin.apiKey.id });
  t.is(forged.status(), 403);
  t.is(await apiStatus(admin.rawKey), 200);
  await page.context().close();
});
