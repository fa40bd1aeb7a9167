import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHttpServer, type HttpServer } from "@apar/adapters/http/index";
import { pdfInvoiceRenderer, randomTokens } from "@apar/adapters/invoices/index";
import { publicInvoiceRoutes } from "@apar/adapters/public-invoice/index";
import { systemClock } from "@apar/adapters/system/clock";
import { creditorReferenceFor, type InvoiceJson, NO_CAPABILITIES, normalizeAmount, SYSTEM_ACTOR } from "@apar/core";
import {
  createCreditNote,
  createCustomer,
  createInvoice,
  issueCreditNote,
  putSellerIdentity,
  recordPayment,
  sendInvoice,
  voidInvoice,
} from "@apar/core/app";
import type { PaymentGateway } from "@apar/core/ports";
import anyTest, { type TestFn } from "ava";
import * as E from "fp-ts/lib/Either.js";
import jsQRModule from "jsqr";
import { pino } from "pino";
import type { Browser } from "playwright-core";
import { PNG } from "pngjs";
import { TOKENS } from "../../../host/src/tokens.js";
import { suiteNeeding } from "../../helpers/services.js";
import { browserSkipReason, launchChromium } from "../../portal/browser.js";
import { type Harness, seedClient, seedOrganisation, startHarness } from "../auth/harness.js";
import { send } from "../support/client.js";

// jsqr is CommonJS typed as an ES module: the module object is the function.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

const skip = browserSkipReason();
const test = suiteNeeding(anyTest as TestFn<unknown>, "test/http/public-invoice", skip);

const require = createRequire(import.meta.url);
const SCREENSHOTS = join(tmpdir(), "apar-screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });

let h: Harness;
let browser: Browser;
let gateway: PaymentGateway | undefined;
const checkouts: string[] = [];
const BASE = "https://billing.example";

let server: HttpServer;
let port = 0;

test.before(async () => {
  h = await startHarness();
  // The public routes on a server of their own, so that the test chooses the payment gateway.
  server = createHttpServer({
    logger: pino({ level: "silent" }),
    routes: publicInvoiceRoutes(() => ({
      db: h.db,
      clock: systemClock,
      ids: h.app.container.get(TOKENS.Ids),
      renderer: pdfInvoiceRenderer(),
      publicBaseUrl: BASE,
      paymentGateway: gateway,
    })),
    ready: async () => true,
    maxBodyBytes: 64 * 1024,
    version: "test",
  });
  port = (await server.listen(0, "127.0.0.1")).port;
  browser = await launchChromium();
});
test.after.always(async () => {
  await browser?.close();
  await server?.close();
  await h?.dispose();
});

const url = (path: string) => `http://127.0.0.1:${port}${path}`;

/** A gateway of the test's own whose checkout is a page on the test's server; it records what it was asked. */
const fakeGateway = (checkoutUrl: (invoiceId: string) => string): PaymentGateway => ({
  name: "fake",
  createAccount: async () => ({ accountId: "acct_fake" }),
  onboardingLink: async () => ({ url: url("/healthz"), expiresAt: new Date() }),
  onboardingSession: async () => ({ clientSecret: "secret", expiresAt: null }),
  accountState: async () => ({ status: "Active", capabilities: { ...NO_CAPABILITIES, chargesEnabled: true } }),
  createCheckout: async (r) => {
    checkouts.push(`${r.invoiceId} ${r.amount} ${r.successUrl}`);
    return { url: checkoutUrl(r.invoiceId), sessionId: `cs_${r.invoiceId}` };
  },
  verifyEvent: () => undefined,
});

/** The organisation's processor account, able to take charges. */
const activeAccount = async (scope: { clientId: string; organisationId: string }) =>
  h.db.run((s) =>
    s.paymentAccounts.save({
      ...scope,
      provider: "fake",
      accountId: `acct_${scope.organisationId}`,
      status: "Active",
      capabilities: { ...NO_CAPABILITIES, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
      enabledAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    }),
  );

/** A sent invoice of a fresh organisation: answers its JSON and public token. */
const sentInvoice = async (memo = "Thank you for your business", country: string | null = null) => {
  const client = await seedClient(h);
  const organisation = await seedOrganisation(h, client.id, "Umbrella Services");
  const scope = { clientId: client.id, organisationId: organisation.id };
  const deps = {
    db: h.db,
    clock: h.clock,
    ids: h.app.container.get(TOKENS.Ids),
    tokens: randomTokens(),
    publicBaseUrl: BASE,
  };
  const customer = await createCustomer(deps)(scope, { name: "Wayne Enterprises", currency: "EUR", country })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  const draft = await createInvoice(deps)({
    scope,
    actor: SYSTEM_ACTOR,
    body: {
      customerId: customer.right.id,
      memo,
      lineItems: [
        { description: "Consulting <b>days</b>", quantity: "3", unitPrice: "500.00", taxRate: "20" },
        { description: "Travel", quantity: "1", unitPrice: "120.50", taxRate: "0" },
      ],
    },
  })();
  if (E.isLeft(draft)) throw new Error(draft.left.code);
  const sent = await sendInvoice(deps)({ scope, actor: SYSTEM_ACTOR, id: draft.right.id })();
  if (E.isLeft(sent)) throw new Error(sent.left.code);
  const token = (sent.right.paymentUrl ?? "").split("/i/")[1] ?? "";
  return { deps, scope, invoice: sent.right as InvoiceJson, token };
};

test.serial("the page shows the invoice, downloads its PDF, and has no Pay button without a gateway", async (t) => {
  gateway = undefined;
  const { invoice, token } = await sentInvoice();
  t.true(token.length >= 43);
  const page = await browser.newPage();
  try {
    const answer = await page.goto(url(`/i/${token}`));
    t.is(answer?.status(), 200);
    t.is(answer?.headers()["referrer-policy"], "no-referrer");
    t.is(await page.textContent("#number"), invoice.documentNumber);
    t.is(await page.textContent("#organisation"), "Umbrella Services");
    t.is(await page.textContent("#customer"), "Wayne Enterprises");
    t.is(await page.textContent("#status"), "Open");
    t.is(await page.getAttribute("#status", "data-status"), "Sent");
    t.is(await page.textContent("#total"), `${invoice.totalAmount} EUR`);
    t.is(await page.textContent("#due"), `${invoice.outstanding} EUR`);
    t.is(await page.textContent("#memo"), "Thank you for your business");
    // Line text is escaped, not markup.
    t.true((await page.textContent("#lines"))?.includes("Consulting <b>days</b>"));
    t.is(await page.$("#pay"), null);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
    t.is(download.suggestedFilename(), `${invoice.documentNumber}.pdf`);
    const path = await download.path();
    const bytes = await readFile(path);
    t.is(bytes.subarray(0, 5).toString("latin1"), "%PDF-");
  } finally {
    await page.close();
  }
  const checkout = await send(port, { method: "POST", path: `/i/${token}/checkout-session`, headers: {} });
  t.is(checkout.status, 501);
  t.like(checkout.json as object, { title: "Payments.NoGateway", status: 501 });
});

test.serial("with a gateway the Pay button opens a checkout session; paid invoices have none", async (t) => {
  // A page on the test's own server stands in for the gateway (the browser resolves no other names).
  gateway = fakeGateway((id) => url(`/healthz?session=${id}`));
  const { invoice, token, deps, scope } = await sentInvoice();
  await activeAccount(scope);
  const page = await browser.newPage();
  try {
    await page.goto(url(`/i/${token}`));
    t.is(await page.textContent("#pay"), `Pay ${invoice.outstanding} EUR`);
    await Promise.all([page.waitForURL(url(`/healthz?session=${invoice.id}`)), page.click("#pay")]);
    t.deepEqual(checkouts, [
      `${invoice.id} ${normalizeAmount(invoice.outstanding)} ${BASE}/i/${token}?checkout=success`,
    ]);

    const paid = await recordPayment(deps)({
      scope,
      actor: SYSTEM_ACTOR,
      invoiceId: invoice.id,
      body: { amount: invoice.totalAmount, paidAt: "2026-01-01" },
    })();
    t.true(E.isRight(paid));
    await page.goto(url(`/i/${token}`));
    t.is(await page.textContent("#status"), "Paid");
    t.is(await page.textContent("#due"), "0.00 EUR");
    t.is(await page.$("#pay"), null);
  } finally {
    await page.close();
  }
  const checkout = await send(port, { method: "POST", path: `/i/${token}/checkout-session`, headers: {} });
  t.is(checkout.status, 409);
});

test.serial("a voided invoice's link stops working (410); unknown tokens answer 404", async (t) => {
  gateway = undefined;
  const { invoice, token, deps, scope } = await sentInvoice();
  const voided = await voidInvoice(deps)({ scope, actor: SYSTEM_ACTOR, id: invoice.id, reason: "Issued twice" })();
  t.true(E.isRight(voided));
  for (const path of [`/i/${token}`, `/i/${token}/pdf`]) {
    const answer = await send(port, { method: "GET", path, headers: {} });
    t.is(answer.status, 410, path);
    t.false(answer.text.includes("Wayne"), path);
  }
  t.is((await send(port, { method: "POST", path: `/i/${token}/checkout-session`, headers: {} })).status, 410);
  const page = await browser.newPage();
  try {
    const answer = await page.goto(url(`/i/${"x".repeat(43)}`));
    t.is(answer?.status(), 404);
    t.is(await page.textContent("h1"), "Link not valid");
  } finally {
    await page.close();
  }
  t.is((await send(port, { method: "GET", path: "/i/short/pdf", headers: {} })).status, 404);
});

/** An invoice with a payment and an issued credit note, its seller identified. */
const paidAndCredited = async (country: string | null) => {
  const sent = await sentInvoice("Merci", country);
  const { deps, scope, invoice } = sent;
  const identity = await putSellerIdentity(deps)(scope, {
    legalName: "Umbrella Services GmbH",
    addressLines: ["Hauptstraße 5"],
    city: "München",
    postcode: "80331",
    countryCode: "DE",
    vatNumber: "DE123456789",
    bankAccounts: [{ iban: "DE89370400440532013000", bic: "COBADEFFXXX" }],
  })();
  if (E.isLeft(identity)) throw new Error(identity.left.code);
  const paid = await recordPayment(deps)({
    scope,
    actor: SYSTEM_ACTOR,
    invoiceId: invoice.id,
    body: { amount: "546.00", paidAt: "2026-01-05" },
  })();
  if (E.isLeft(paid)) throw new Error(paid.left.code);
  const draft = await createCreditNote(deps)({
    scope,
    invoiceId: invoice.id,
    body: { amount: "100.00", reason: "Goodwill" },
  })();
  if (E.isLeft(draft)) throw new Error(draft.left.code);
  const issued = await issueCreditNote(deps)({
    scope,
    actor: SYSTEM_ACTOR,
    invoiceId: invoice.id,
    creditNoteId: draft.right.id,
  })();
  if (E.isLeft(issued)) throw new Error(issued.left.code);
  return { ...sent, creditNumber: issued.right.documentNumber ?? "" };
};

test.serial("credits, payments and what is due, in words; the seller and its bank account", async (t) => {
  gateway = undefined;
  const { invoice, token, creditNumber } = await paidAndCredited(null);
  const page = await browser.newPage({ locale: "en-GB" });
  try {
    await page.goto(url(`/i/${token}`));
    t.is(await page.getAttribute("html", "lang"), "en");
    t.is(await page.textContent("#status"), "Partly paid");
    t.is(await page.textContent("#total"), `${invoice.totalAmount} EUR`);
    t.is(await page.textContent("#credited"), "− 100.00 EUR");
    t.is(await page.textContent("#paid"), "− 546.00 EUR");
    t.is(await page.textContent("#due"), "1274.50 EUR");
    t.true((await page.textContent("#credits"))?.includes(creditNumber));
    t.true((await page.textContent("#credits"))?.includes("Goodwill"));
    t.true((await page.textContent("#payments"))?.includes("2026-01-05"));
    t.is(await page.textContent("#organisation"), "Umbrella Services GmbH");
    t.is(await page.textContent("#seller-vat"), "DE123456789");
    // The inline style sheet is sent as written: escaped, its quoted "Segoe UI" would end the font list early.
    t.is(
      await page.evaluate("getComputedStyle(document.body).fontFamily"),
      'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    );
    t.false((await page.textContent("style"))?.includes("&#"), "nothing in the style sheet is HTML-escaped");
  } finally {
    await page.close();
  }
});

test.serial(
  "without a gateway: bank-transfer instructions and a SEPA QR code that decodes to the EPC payload",
  async (t) => {
    gateway = undefined;
    const { invoice, token } = await paidAndCredited(null);
    const reference = creditorReferenceFor(invoice.documentNumber ?? "") ?? "";
    const page = await browser.newPage({ locale: "en-GB", deviceScaleFactor: 2 });
    try {
      await page.goto(url(`/i/${token}`));
      t.is(await page.$("#pay"), null, "no processor: no Pay button");
      t.is(await page.textContent("#transfer-heading"), "Pay by bank transfer");
      t.is(await page.textContent(".iban"), "DE89 3704 0044 0532 0130 00", "the IBAN in groups of four");
      t.is(await page.textContent("#reference"), reference);
      // What a banking app reads from the code (a screenshot of it, decoded): EPC069-12 version 002, UTF-8, SEPA
      // credit transfer of what is due, with the invoice's structured RF reference.
      const shot = PNG.sync.read(await page.locator("figure.qr svg").screenshot());
      const code = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
      t.is(
        code?.data,
        [
          "BCD",
          "002",
          "1",
          "SCT",
          "COBADEFFXXX",
          "Umbrella Services GmbH",
          "DE89370400440532013000",
          "EUR1274.50",
          "",
          reference,
          "",
        ].join("\n"),
      );
      t.is(
        await page.getAttribute("figure.qr svg", "aria-label"),
        "Scan with your banking app to fill in the transfer",
      );
    } finally {
      await page.close();
    }
  },
);

test.serial("German and French by the customer's country, or as the reader chooses", async (t) => {
  gateway = undefined;
  const german = await paidAndCredited("DE");
  const french = await paidAndCredited("FR");
  const page = await browser.newPage({ locale: "en-US" });
  try {
    await page.goto(url(`/i/${german.token}`));
    t.is(await page.getAttribute("html", "lang"), "de");
    t.is(await page.textContent("#status"), "Teilweise bezahlt");
    t.true((await page.textContent("body"))?.includes("Offener Betrag"));
    await page.goto(url(`/i/${french.token}`));
    t.is(await page.getAttribute("html", "lang"), "fr");
    t.is(await page.textContent("#status"), "Partiellement payée");
    t.true((await page.textContent("body"))?.includes("Reste à payer"));
    await page.goto(url(`/i/${french.token}?lang=de`));
    t.is(await page.textContent("#status"), "Teilweise bezahlt");
  } finally {
    await page.close();
  }
  const browserGerman = await browser.newPage({ locale: "de-DE" });
  try {
    const { token } = await sentInvoice();
    await browserGerman.goto(url(`/i/${token}`));
    t.is(await browserGerman.textContent("#status"), "Offen");
  } finally {
    await browserGerman.close();
  }
});

test.serial("Accept: application/json answers the published view", async (t) => {
  const { invoice, token } = await paidAndCredited(null);
  const answer = await send(port, { method: "GET", path: `/i/${token}`, headers: { accept: "application/json" } });
  t.is(answer.status, 200);
  t.deepEqual(answer.json, {
    documentNumber: invoice.documentNumber,
    creditorReference: creditorReferenceFor(String(invoice.documentNumber)),
    currency: "EUR",
    customerName: "Wayne Enterprises",
    organisationName: "Umbrella Services GmbH",
    totalAmount: invoice.totalAmount,
    amountPaid: "546.00",
    amountCredited: "100.00",
    amountDue: "1274.50",
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: "PartiallyPaid",
    memo: "Merci",
    organisationLogoUrl: null,
    organisationPrimaryColour: null,
  });
  const missing = await send(port, {
    method: "GET",
    path: "/i/AAAAAAAAAAAAAAAAAAAAAA",
    headers: { accept: "application/json" },
  });
  t.is(missing.status, 404);
  t.like(missing.json as object, { title: "PublicInvoice.NotFound" });
});

test.serial("screenshots at desktop and phone width; axe-core finds no serious violation", async (t) => {
  gateway = fakeGateway(() => url("/healthz"));
  const { token } = await paidAndCredited("FR");
  const axe = await readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 375, height: 740 }],
  ] as const) {
    // The page allows no scripts (its CSP): the checker is injected past it, as a browser extension would be.
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(url(`/i/${token}`));
      const shot = await page.screenshot({ fullPage: true, path: join(SCREENSHOTS, `public-invoice-${name}.png`) });
      t.true(shot.length > 10_000, name);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      t.true(await page.evaluate<boolean>("document.documentElement.scrollWidth <= window.innerWidth"), name);
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate<{ id: string; impact: string }[]>(
        "axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))",
      );
      t.deepEqual(
        violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
        [],
        `${name}: ${JSON.stringify(violations)}`,
      );
    } finally {
      await context.close();
    }
  }
  t.log(`screenshots in ${SCREENSHOTS}`);
});
