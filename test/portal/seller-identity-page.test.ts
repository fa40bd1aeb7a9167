import type { Page } from "playwright-core";
import { type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../http/auth/harness.js";
import { browserSuite, type launchChromium, signInPage, submit } from "./browser.js";

let h: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;

const test = browserSuite("test/portal/seller-identity-page", startHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
});

const signedIn = (credential: string): Promise<Page> => signInPage(browser, base, credential);

test.serial(
  "a client administrator sets an organisation's seller identity; the API answers what was saved",
  async (t) => {
    const client = await seedClient(h);
    const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
    const org = await seedOrganisation(h, client.id, "Łódź Studio");
    const page = await signedIn(admin.rawKey);
    await page.goto(`${base}/portal/seller-identity`);
    await submit(page, `#organisations a:has-text("Łódź Studio")`);
    t.regex(await page.innerText("h1"), /Seller identity of Łódź Studio/);

    await page.fill("#legalName", "Łódź Studio Sp. z o.o.");
    await page.fill("#addressLine1", "ul. Piotrkowska 1");
    await page.fill("#city", "Łódź");
    await page.fill("#postcode", "90-001");
    await page.fill("#countryCode", "PL");
    await page.fill("#vatNumber", "PL1234563218");
    await page.fill("#defaultPaymentTermsDays", "14");
    // A wrong check digit: refused, named, and what was typed stays in the form.
    await page.fill("#iban1", "DE89370400440532013001");
    await submit(page, "#save");
    t.regex(await page.innerText(".notice.error"), /iban/i);
    t.is(await page.inputValue("#legalName"), "Łódź Studio Sp. z o.o.");
    await page.fill("#iban1", "DE89 3704 0044 0532 0130 00");
    await page.fill("#bic1", "COBADEFFXXX");
    await submit(page, "#save");
    t.regex(await page.innerText(".notice"), /Saved/);
    t.is(await page.inputValue("#iban1"), "DE89370400440532013000", "kept in its electronic form");

    const api = await h.call("GET", "/v1/seller-identity", {
      headers: key(admin.rawKey, { "x-service-organisation-id": org.id }),
    });
    t.is(api.status, 200);
    t.like(api.json as object, {
      legalName: "Łódź Studio Sp. z o.o.",
      addressLines: ["ul. Piotrkowska 1"],
      city: "Łódź",
      countryCode: "PL",
      vatNumber: "PL1234563218",
      defaultPaymentTermsDays: 14,
      tradingName: null,
      bankAccounts: [{ iban: "DE89370400440532013000", bic: "COBADEFFXXX", accountName: null }],
    });
    await page.context().close();
  },
);

test.serial("another client's organisation answers as a missing one, shown and posted", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const foreign = await seedOrganisation(h, (await seedClient(h)).id, "Someone Else");
  const page = await signedIn(admin.rawKey);
  t.is((await page.goto(`${base}/portal/seller-identity?organisationId=${foreign.id}`))?.status(), 404);
  await page.goto(`${base}/portal/seller-identity`);
  t.is(await page.locator("#organisations a", { hasText: "Someone Else" }).count(), 0);
  const csrf = (await page.getAttribute("form.inline input[name=csrf]", "value")) ?? "";
  const posted = await page.request.post(`${base}/portal/seller-identity`, {
    form: {
      csrf,
      organisationId: foreign.id,
      legalName: "Taken",
      city: "X",
      countryCode: "DE",
      vatNumber: "DE123456789",
    },
    headers: { origin: base },
    maxRedirects: 0,
  });
  t.is(posted.status(), 404);
  await page.context().close();
});
