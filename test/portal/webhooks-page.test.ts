import { verifyWebhook } from "@apar/core";
import anyTest, { type TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { TOKENS } from "../../host/src/tokens.js";
import { eventually } from "../helpers/eventually.js";
import { suiteNeeding } from "../helpers/services.js";
import {
  type Harness,
  seedClient,
  seedKey,
  seedOrganisation,
  seedUser,
  startHarness,
  tokenFor,
} from "../http/auth/harness.js";
import { browserSkipReason, launchChromium, type Receiver, startReceiver } from "./browser.js";

const skip = browserSkipReason();
const test = suiteNeeding(anyTest as TestFn<unknown>, "test/portal/webhooks-page", skip);

let h: Harness;
let browser: Browser;
let receiver: Receiver;
let base: string;

test.before(async () => {
  if (skip !== undefined) return;
  h = await startHarness({ vars: { APAR_ROLES: "api,worker", APAR_WEBHOOKS_ALLOW_INSECURE: "on" } });
  base = `http://127.0.0.1:${h.app.port}`;
  browser = await launchChromium();
  receiver = await startReceiver();
});

test.after.always(async () => {
  await browser?.close();
  await receiver?.close();
  await h?.dispose();
});

const signIn = async (page: Page, credential: string): Promise<void> => {
  await page.goto(`${base}/portal/sign-in`);
  await page.fill("#credential", credential);
  await page.click("#credential-sign-in");
};

/** The delivery runner of the host, for the passes a test drives under its clock. */
const runner = () => h.app.container.get(TOKENS.WebhookRunner);

/** Reloads until the text shows (deliveries are made in the background). */
const reloadUntil = async (page: Page, text: string): Promise<void> => {
  await eventually(async () => {
    if ((await page.content()).includes(text)) return true;
    await page.reload();
    return false;
  }, `the page to show ${text}`);
};

test.serial("a client administrator manages a subscription end to end in the browser", async (t) => {
  const context = await browser.newContext();
  const page = await context.newPage();

  // No session: the Webhooks page sends the browser to the sign-in page.
  await page.goto(`${base}/portal/webhooks`);
  t.true(page.url().endsWith("/portal/sign-in"));

  await signIn(page, h.firstKey);
  t.true(page.url().endsWith("/portal/webhooks"), page.url());
  const [cookie] = (await context.cookies()).filter((c) => c.name === "apar_portal_session");
  t.like(cookie, { httpOnly: true, sameSite: "Strict", path: "/portal" });

  // A URL with markup in it comes back as text, never as markup (and no event type chosen: refused).
  const evil = `${receiver.url}?x="><script>window.pwned=1</script>`;
  await page.fill("#url", evil);
  await page.click("form[action='/portal/webhooks'] button[type=submit]");
  t.is(await page.inputValue("#url"), evil);
  t.is(await page.locator("script").count(), 0);
  t.is(await page.evaluate(() => (globalThis as { pwned?: number }).pwned), undefined);
  t.truthy(await page.locator(".notice.error").textContent());

  // Create: the secret is shown once.
  await page.fill("#url", receiver.url);
  await page.check("input[value='bill.paid']");
  await page.check("input[value='invoice.sent']");
  await page.click("form[action='/portal/webhooks'] button[type=submit]");
  const secret = await page.inputValue("#secret");
  t.regex(secret, /^whsec_/);
  await page.reload();
  t.is(await page.locator("#secret").count(), 0);
  t.true((await page.content()).includes("shown once and is not shown again"));

  // The list shows it; its page sends a test event that reaches the receiver signed with that secret.
  await page.goto(`${base}/portal/webhooks`);
  const row = page.locator("tr[data-subscription]");
  t.is(await row.count(), 1);
  t.true((await row.textContent())?.includes(receiver.url));
  await row.locator("a").click();
  await page.click("text=Send test event");
  t.true((await page.content()).includes("webhook.test event is queued"));
  await receiver.waitFor(1);
  const first = receiver.received[0];
  t.is(first?.headers["service-event-type"], "webhook.test");
  t.true(verifyWebhook(secret, first?.headers["service-signature"] as string, first?.body ?? "").ok);
  await reloadUntil(page, ">Succeeded<");
  t.true((await page.locator("#deliveries").textContent())?.includes("webhook.test"));

  // Rotate: a new secret, shown once, that signs the next delivery (the old one no longer does).
  await page.click("text=Rotate secret");
  const rotated = await page.inputValue("#secret");
  t.regex(rotated, /^whsec_/);
  t.not(rotated, secret);
  await page.click("text=Manage this subscription");
  await page.click("text=Send test event");
  await receiver.waitFor(2);
  const second = receiver.received[1];
  t.true(verifyWebhook(rotated, second?.headers["service-signature"] as string, second?.body ?? "").ok);
  t.false(verifyWebhook(secret, second?.headers["service-signature"] as string, second?.body ?? "").ok);

  // Disable, then enable.
  await page.click("button:has-text('Disable')");
  t.is(await page.locator(".off").first().textContent(), "off");
  await page.click("button:has-text('Enable')");
  t.is(await page.locator("span.on").first().textContent(), "active");

  // A delivery that fails ten times is Failed; Replay sends it again and it succeeds.
  receiver.status = 500;
  const before = receiver.received.length;
  await page.click("text=Send test event");
  await receiver.waitFor(before + 1);
  // Retries come due as the clock moves; the host's runner and these passes share the claims.
  const isFailed = async () =>
    (await h.db.stores.webhookDeliveries.list(h.firstClient.id, { status: "Failed" }, { limit: 10 })).items.length > 0;
  for (let pass = 0; pass < 60 && !(await isFailed()); pass++) {
    h.clock.advance(25 * 60 * 60 * 1000);
    await runner().runOnce();
    await new Promise((r) => setTimeout(r, 20));
  }
  t.true(await isFailed());
  t.is(receiver.received.length, before + 10);
  // Days passed on the clock: the 8-hour session is over, so the page asks for a sign-in first.
  const detailUrl = page.url();
  await page.reload();
  t.true(page.url().endsWith("/portal/sign-in"));
  await signIn(page, h.firstKey);
  await page.goto(detailUrl);
  await reloadUntil(page, ">Failed<");
  receiver.status = 200;
  const failedCount = receiver.received.length;
  await page.click("button:has-text('Replay')");
  t.true((await page.content()).includes("queued again"));
  await receiver.waitFor(failedCount + 1);
  const replayed = receiver.received.at(-1);
  t.is(replayed?.headers["service-event-id"], receiver.received[before]?.headers["service-event-id"]);

  // Edit event types.
  await page.uncheck("input[value='invoice.sent']");
  await page.check("input[value='bill.approved']");
  await page.click("text=Save event types");
  t.true((await page.content()).includes("event types are saved"));
  t.true(await page.isChecked("input[value='bill.approved']"));
  t.false(await page.isChecked("input[value='invoice.sent']"));

  // Sign out: the cookie is gone and the portal asks for a sign-in again.
  await page.click("button:has-text('Sign out')");
  t.true(page.url().includes("/portal/sign-in"));
  t.true((await page.content()).includes("You are signed out."));
  await page.goto(`${base}/portal/webhooks`);
  t.true(page.url().endsWith("/portal/sign-in"));
  await context.close();
});

test.serial("a revoked key ends its session at the next page", async (t) => {
  const client = await seedClient(h);
  const created = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, created.rawKey);
  t.true(page.url().endsWith("/portal/webhooks"));
  await h.db.stores.apiKeys.revoke(created.apiKey.id, new Date());
  await page.goto(`${base}/portal/webhooks`);
  t.true(page.url().endsWith("/portal/sign-in"));
  await context.close();
});

test.serial(
  "a bearer token opens the pages its roles allow: a person's work first, Webhooks for a client administrator",
  async (t) => {
    const client = await seedClient(h, ["ar"]);
    const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
    const organisation = await seedOrganisation(h, client.id);
    const orgAdmin = await seedUser(h, client.id, { organisationId: organisation.id, roles: ["Admin"] });
    const member = await seedUser(h, client.id, { organisationId: organisation.id, roles: ["Member"] });
    const owner = await seedUser(h, client.id, { organisationId: organisation.id, clientRoles: ["Owner"] });
    const context = await browser.newContext();
    const page = await context.newPage();

    // Without the ap module a Member has no page of the portal: no session.
    await signIn(page, await tokenFor(h, admin.rawKey, member.id, organisation.id));
    t.true(page.url().endsWith("/portal/sign-in"));
    t.true((await page.content()).includes("No page of the portal is for this credential"));
    t.is((await context.cookies()).filter((c) => c.name === "apar_portal_session").length, 0);

    // An organisation Admin opens on People, and Webhooks (a client administrator's) is refused.
    await signIn(page, await tokenFor(h, admin.rawKey, orgAdmin.id, organisation.id));
    t.true(page.url().endsWith("/portal/people"), page.url());
    t.false(await page.isVisible("nav a[href='/portal/webhooks']"));
    t.is((await page.goto(`${base}/portal/webhooks`))?.status(), 403);

    await signIn(page, await tokenFor(h, admin.rawKey, owner.id, organisation.id));
    t.true(page.url().endsWith("/portal/people"), page.url());
    t.is((await page.goto(`${base}/portal/webhooks`))?.status(), 200);
    await context.close();
  },
);

test.serial("a form without the session's CSRF token is refused with a 403 page", async (t) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, h.firstKey);
  const answer = await page.request.post(`${base}/portal/webhooks`, {
    form: { url: receiver.url, eventType: "bill.paid" },
    maxRedirects: 0,
  });
  t.is(answer.status(), 403);
  t.true((await answer.text()).includes("Refused"));
  const wrong = await page.request.post(`${base}/portal/webhooks`, {
    form: { url: receiver.url, eventType: "bill.paid", csrf: "forged" },
    maxRedirects: 0,
  });
  t.is(wrong.status(), 403);
  await context.close();
});

test.serial("another client's subscription answers as a missing one", async (t) => {
  const client = await seedClient(h);
  const key = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const [mine] = (await h.db.stores.webhookSubscriptions.listByClient(h.firstClient.id, { limit: 1 })).items;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, key.rawKey);
  const answer = await page.goto(`${base}/portal/webhooks/subscription?id=${mine?.id}`);
  t.is(answer?.status(), 404);
  t.false((await page.content()).includes(receiver.url));
  await context.close();
});
