import type { Page } from "playwright-core";
import { type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../http/auth/harness.js";
import { browserSuite, type launchChromium, seriousAxeViolations, signInPage, submit } from "./browser.js";

// The portal's Import and export page (issue 38, part 4) in Chromium with axe: a pasted CSV checked as a dry run
// (its rows and errors as tables, nothing written), fixed and imported, then exported; another client's
// organisation is refused.

let h: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;
let rawKey: string;
let organisationId: string;
let foreignOrganisationId: string;

const test = browserSuite("test/portal/import-export-page", startHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
  const client = await seedClient(h);
  rawKey = (await seedKey(h, { kind: "clients", clientIds: [client.id] })).rawKey;
  organisationId = (await seedOrganisation(h, client.id, "Import Org")).id;
  const other = await seedClient(h);
  foreignOrganisationId = (await seedOrganisation(h, other.id, "Not Yours")).id;
});

const signedIn = (): Promise<Page> => signInPage(browser, base, rawKey, { bypassCSP: true });
const customers = async () =>
  (
    (
      await h.call("GET", "/v1/customers", {
        headers: key(rawKey, { "x-service-organisation-id": organisationId }),
      })
    ).json as { data: { name: string }[] }
  ).data.map((c) => c.name);

test.serial("a dry run shows every row and error, an import writes them, the export has them", async (t) => {
  const page = await signedIn();
  await page.goto(`${base}/portal/imports`);
  t.is(await page.innerText("h1"), "Import and export");
  t.deepEqual(await seriousAxeViolations(page), []);
  await page.selectOption("#organisationId", { label: "Import Org" });
  await page.selectOption("#kind", "customers");
  await page.fill("#csv", "name,email,country\nGlobex GmbH,ap@globex.example,DE\nInitech,not-mail,US\n");
  await submit(page, "#dry-run");
  t.regex(await page.innerText("#import-summary"), /1 error\(s\)/);
  t.deepEqual(await page.locator("#import-errors tbody td:nth-child(2)").allInnerTexts(), ["email"]);
  t.deepEqual(
    await page.locator("#import-rows tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action"))),
    ["create", "error"],
  );
  t.deepEqual(await seriousAxeViolations(page), []);
  t.deepEqual(await customers(), []);

  // An import with the error writes nothing either.
  const refused = await Promise.all([page.waitForNavigation(), page.click("#import")]);
  t.is(refused[0]?.status(), 422);
  t.deepEqual(await customers(), []);

  await page.fill("#csv", "name,email,country\nGlobex GmbH,ap@globex.example,DE\nInitech,ap@initech.example,US\n");
  await submit(page, "#import");
  t.regex(await page.innerText("#import-summary"), /Imported: 2 created/);
  t.deepEqual((await customers()).sort(), ["Globex GmbH", "Initech"]);
  t.deepEqual(await seriousAxeViolations(page), []);

  const href = await page.getAttribute('a:has-text("Customers (CSV)")', "href");
  const csv = await page.context().request.get(`${base}${href}`);
  t.is(csv.status(), 200);
  t.regex(csv.headers()["content-type"] ?? "", /^text\/csv/);
  const lines = (await csv.text()).split("\r\n");
  t.is(lines[0], "id,name,email,address,taxNumber,country,currency,paymentTermsDays");
  t.is(lines.filter((l) => l.includes("Globex GmbH")).length, 1);
  await page.context().close();
});

test.serial("another client's organisation is refused as a missing one", async (t) => {
  const page = await signedIn();
  const exported = await page
    .context()
    .request.get(`${base}/portal/exports?organisationId=${foreignOrganisationId}&kind=customers`);
  t.is(exported.status(), 404);
  await page.context().close();
});
