import { parse } from "csv-parse/sync";
import { type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../http/auth/harness.js";
import { browserSuite, type launchChromium, seriousAxeViolations, signInPage, submit } from "./browser.js";

// The portal's Audit log: an administrator chooses an organisation, filters its changes, pages through them and
// downloads what the filters select; the page passes axe.

let h: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;

const test = browserSuite("test/portal/audit-log-page", startHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
});

test.serial("an administrator filters an organisation's log, pages through it and exports it", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const org = await seedOrganisation(h, client.id, "Łódź Studio");
  const headers = key(admin.rawKey, { "x-service-organisation-id": org.id });
  // 55 customers (more than a page), then one renamed.
  const ids: string[] = [];
  for (let i = 1; i <= 55; i++) {
    const made = await h.call("POST", "/v1/customers", { headers, body: { name: `Customer ${i}` } });
    ids.push((made.json as { id: string }).id);
  }
  await h.call("PATCH", `/v1/customers/${ids[0]}`, { headers, body: { name: "Renamed <b>Customer</b>" } });

  const page = await signInPage(browser, base, admin.rawKey, { bypassCSP: true });
  await page.goto(`${base}/portal/audit-log`);
  t.is(await page.title(), "Audit log · apar portal");
  t.deepEqual(await seriousAxeViolations(page), []);
  await submit(page, `#organisations a:has-text("Łódź Studio")`);
  t.regex(await page.innerText("h1"), /Audit log of Łódź Studio/);
  t.is(await page.locator("#entries tbody tr[data-entry]").count(), 50, "a page of 50");
  t.deepEqual(await seriousAxeViolations(page), []);
  await submit(page, "#next");
  t.true((await page.locator("#entries tbody tr[data-entry]").count()) > 0, "the rest on the next page");

  // Filtered to the renamed customer: its creation and its rename, the name shown as text before and after.
  await page.goto(`${base}/portal/audit-log?organisationId=${org.id}`);
  await page.fill("#resourceId", ids[0] ?? "");
  await submit(page, "#filters button[type=submit]");
  const rows = page.locator("#entries tbody tr[data-entry]");
  t.is(await rows.count(), 2);
  t.regex(await rows.nth(1).innerText(), /customer\.updated/);
  t.regex(await rows.nth(1).innerText(), /Customer 1 → Renamed <b>Customer<\/b>/);
  t.regex(await rows.nth(1).innerText(), /API key/);
  t.deepEqual(await seriousAxeViolations(page), []);

  // The export links keep the filters: the CSV holds the same two entries.
  const href = (await page.getAttribute("#export-csv", "href")) ?? "";
  t.regex(href, /resourceId=/);
  const csv = await page.request.get(`${base}${href}`);
  t.is(csv.status(), 200);
  t.regex(csv.headers()["content-type"] ?? "", /^text\/csv/);
  const records = parse(await csv.text(), { columns: true }) as Record<string, string>[];
  t.deepEqual(
    records.map((r) => r.type),
    ["customer.created", "customer.updated"],
  );
  const jsonl = await page.request.get(`${base}${(await page.getAttribute("#export-jsonl", "href")) ?? ""}`);
  t.is((await jsonl.text()).trim().split("\n").length, 2);

  // A filter that is not valid is named, and another client's organisation is not found.
  await page.goto(`${base}/portal/audit-log?organisationId=${org.id}&from=yesterday`);
  t.regex(await page.innerText(".notice.error"), /from is a date/);
  const stranger = await seedOrganisation(h, (await seedClient(h)).id, "Elsewhere");
  const foreign = await page.goto(`${base}/portal/audit-log?organisationId=${stranger.id}`);
  t.is(foreign?.status(), 404);
  const foreignExport = await page.request.get(`${base}/portal/audit-log/export?organisationId=${stranger.id}`);
  t.is(foreignExport.status(), 404);
  await page.context().close();
});
