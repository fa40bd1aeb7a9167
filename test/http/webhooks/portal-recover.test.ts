import type { WebhookDelivery } from "@apar/core";
import anyTest, { type TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { TOKENS } from "../../../host/src/tokens.js";
import { suiteNeeding } from "../../helpers/services.js";
import { browserSkipReason, launchChromium } from "../../portal/browser.js";
import { type Harness, key, startHarness } from "../auth/harness.js";

const skip = browserSkipReason();
const test = suiteNeeding(anyTest as TestFn<unknown>, "test/http/webhooks/portal-recover", skip);

let h: Harness;
let browser: Browser;
let base: string;

test.before(async () => {
  if (skip !== undefined) return;
  h = await startHarness({ vars: { APAR_WEBHOOKS_ALLOW_INSECURE: "on" } });
  base = `http://127.0.0.1:${h.app.port}`;
  browser = await launchChromium();
});

test.after.always(async () => {
  await browser?.close();
  await h?.dispose();
});

const HOUR = 3_600_000;

/** A subscription of the first client with `old` failed deliveries two days back, then `recent` an hour back. */
const withFailures = async (old: number, recent: number) => {
  const created = await h.call("POST", "/v1/webhook-subscriptions", {
    headers: key(h.firstKey),
    body: { url: "http://127.0.0.1:9/hook", eventTypes: ["bill.paid"] },
  });
  if (created.status !== 201) throw new Error(created.text);
  const subscriptionId = (created.json as { id: string }).id;
  const ids = h.app.container.get(TOKENS.Ids);
  const now = h.clock.now().getTime();
  const failed = (at: number): WebhookDelivery => ({
    id: ids.next(),
    clientId: h.firstClient.id,
    subscriptionId,
    eventId: ids.next(),
    eventType: "bill.paid",
    status: "Failed",
    attempts: 10,
    nextAttemptAt: null,
    lastStatusCode: 503,
    lastError: null,
    lastLatencyMs: 20,
    lockedBy: null,
    lockedUntil: null,
    createdAt: new Date(at),
    updatedAt: new Date(at),
    deliveredAt: null,
  });
  const olds = Array.from({ length: old }, () => failed(now - 48 * HOUR));
  const recents = Array.from({ length: recent }, () => failed(now - HOUR));
  await h.db.stores.webhookDeliveries.addMany([...olds, ...recents]);
  return { subscriptionId, olds, recents };
};

const signIn = async (page: Page): Promise<void> => {
  await page.goto(`${base}/portal/sign-in`);
  await page.fill("#credential", h.firstKey);
  await page.click("#credential-sign-in");
};

/** The `datetime-local` value of an instant, in UTC as the page shows times. */
const local = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

test.serial("the delivery log shows the newest 50 deliveries, newest first", async (t) => {
  const { subscriptionId, olds, recents } = await withFailures(10, 50);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`${base}/portal/webhooks/subscription?id=${subscriptionId}`);
  const shown = await page.$$eval("#deliveries tr[data-delivery]", (rows) =>
    rows.map((r) => r.getAttribute("data-delivery")),
  );
  const newest = [...olds, ...recents]
    .map((d) => d.id)
    .sort()
    .reverse()
    .slice(0, 50);
  t.deepEqual(shown, newest);
  await context.close();
});

test.serial("recover queues again the failed deliveries created since the time entered", async (t) => {
  const { subscriptionId, olds, recents } = await withFailures(3, 2);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`${base}/portal/webhooks/subscription?id=${subscriptionId}`);
  await page.fill("#since", local(h.clock.now().getTime() - 24 * HOUR));
  await page.click("#recover button[type=submit]");
  t.true((await page.content()).includes("2 failed deliveries are queued again"), await page.content());
  const status = async (d: WebhookDelivery) =>
    (await h.db.stores.webhookDeliveries.ofId(h.firstClient.id, d.id))?.status;
  for (const d of recents) t.is(await status(d), "Pending");
  for (const d of olds) t.is(await status(d), "Failed");

  // From before the old ones: the rest come back too; then nothing is left to recover.
  await page.fill("#since", local(h.clock.now().getTime() - 72 * HOUR));
  await page.click("#recover button[type=submit]");
  t.true((await page.content()).includes("3 failed deliveries are queued again"));
  for (const d of olds) t.is(await status(d), "Pending");
  await page.fill("#since", local(h.clock.now().getTime() - 72 * HOUR));
  await page.click("#recover button[type=submit]");
  t.true((await page.content()).includes("No failed deliveries since then"));

  // A time that is not one, and a form without the session's CSRF token, change nothing.
  const csrf = await page.getAttribute("#recover input[name=csrf]", "value");
  const bad = await page.request.post(`${base}/portal/webhooks/recover`, {
    form: { csrf: csrf ?? "", id: subscriptionId, since: "yesterday" },
    maxRedirects: 0,
  });
  t.is(bad.status(), 400);
  t.true((await bad.text()).includes("Enter the time to recover from"));
  const forged = await page.request.post(`${base}/portal/webhooks/recover`, {
    form: { csrf: "forged", id: subscriptionId, since: local(0) },
    maxRedirects: 0,
  });
  t.is(forged.status(), 403);
  await context.close();
});
