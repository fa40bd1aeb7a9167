import { existsSync } from "node:fs";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { createUser } from "@apar/core/app";
import anyTest, { type TestFn } from "ava";
import * as E from "fp-ts/lib/Either.js";
import { simpleParser } from "mailparser";
import type { Browser } from "playwright-core";
import { TOKENS } from "../../../host/src/tokens.js";
import { eventually } from "../../helpers/eventually.js";
import { suiteNeeding } from "../../helpers/services.js";
import {
  type BillHarness,
  bankDetailsOf,
  confirmedSuppliers,
  pdfWith,
  startBillHarness,
} from "../../http/bills/bill-harness.js";
import { send } from "../../http/support/client.js";
import { browserSkipReason, fillChecked, launchChromium, seriousAxeViolations, submit } from "../browser.js";

const skip = browserSkipReason();
const test = suiteNeeding(anyTest as TestFn<unknown>, "test/portal/public-approval", skip);

let h: BillHarness;
let browser: Browser;
let admin: { id: string; email: string };
const seen = new Set<string>();

test.before(async () => {
  h = await startBillHarness();
  // Bills are approved and paid only to a supplier's confirmed account: these suppliers have one.
  await confirmedSuppliers(h, ["Acme <b>Tools</b>", "Beta Supplies", "Gamma Ltd", "Globex Supplies"]);
  browser = await launchChromium();
  const user = await createUser({
    db: h.app.database,
    clock: h.app.container.get(TOKENS.Clock),
    ids: h.app.container.get(TOKENS.Ids),
    randomBytes: secureRandomBytes,
  })({
    clientId: h.clientId,
    email: "approver-admin@example.com",
    name: "Ada <Admin>",
    clientRoles: [],
    organisation: { id: h.organisationId, roles: ["Admin"] },
  })();
  if (E.isLeft(user)) throw new Error(user.left.code);
  admin = { id: user.right.id, email: user.right.email };
});
test.after.always(async () => {
  await browser?.close();
  await h?.dispose();
});

type Json = Record<string, unknown>;
const outbox = () => join(h.env.dataDir, "outbox");

/** The next mail to arrive in the .eml outbox (the worker sends it right after the submit). */
const nextMail = async () => {
  const file = await eventually(async () => {
    const files = existsSync(outbox())
      ? (await readdir(outbox())).filter((f) => f.endsWith(".eml") && !seen.has(f)).sort()
      : [];
    return files[0];
  }, "an approval mail");
  seen.add(file);
  return simpleParser(await readFile(join(outbox(), file)));
};

/** A bill in NeedsApproval (no policy: the organisation's admins approve) and the link mailed for it. */
const billAwaitingApproval = async (supplierName: string, fields: Json = {}) => {
  const up = await h.upload(
    pdfWith({
      supplierName,
      invoiceNumber: `INV-${Math.random()}`,
      currency: "EUR",
      totalAmount: "1250.50",
      ...fields,
    }),
  );
  const bill = await h.settled(String((up.json as Json).id));
  const submitted = await h.call("POST", `/v1/bills/${String(bill.id)}/submit`);
  if ((submitted.json as Json).state !== "NeedsApproval") throw new Error(JSON.stringify(submitted.json));
  const mail = await nextMail();
  const link = /http:\/\/localhost:\d+\/public\/bills\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0];
  if (link === undefined) throw new Error(`no link in ${mail.text}`);
  // The mailed base URL is the configured one; the test talks to the harness's port.
  const url = new URL(link);
  return { id: String(bill.id), mail, path: url.pathname, url: `http://127.0.0.1:${h.app.port}${url.pathname}` };
};

const stateOf = async (id: string) => ((await h.call("GET", `/v1/bills/${id}`)).json as Json).state;

test.serial("the mailed link shows the bill, changes nothing on GET, approves once in the browser", async (t) => {
  const b = await billAwaitingApproval("Acme <b>Tools</b>");
  t.deepEqual(b.mail.to && "value" in b.mail.to ? b.mail.to.value.map((v) => v.address) : [], [admin.email]);
  t.true((b.mail.subject ?? "").includes("1250.50 EUR"));
  const page = await browser.newPage();
  try {
    const shown = await page.goto(b.url);
    t.is(shown?.status(), 200);
    t.is(await page.textContent("#supplier"), "Acme <b>Tools</b>", "escaped, shown as text");
    t.is(await page.textContent("#total"), "1250.50 EUR");
    t.is(shown?.headers()["referrer-policy"], "no-referrer");
    // A mail scanner's GET (twice) changes nothing.
    await page.reload();
    t.is(await stateOf(b.id), "NeedsApproval");
    await submit(page, "#approve");
    t.regex(await page.innerText("body"), /The bill is approved\./, "the answer page says it is done");
    t.regex(
      (await page.innerText("#decided")).replace(/\s+/g, " "),
      /Supplier Acme <b>Tools<\/b> Invoice number \S+ Total 1250\.50 EUR/,
      "and which bill it was",
    );
    t.is(await stateOf(b.id), "Approved");
    const events = await h.app.database.stores.events.ofSubject(h.clientId, "bill", b.id);
    const approved = events.map((e) => e.envelope).find((e) => e.type === "bill.approved");
    t.deepEqual(approved?.actor, { type: "user", id: admin.id });
    // Single use: the page and a second POST now say the link is not valid.
    const again = await page.goto(b.url);
    t.is(again?.status(), 404);
    const replay = await send(h.app.port ?? 0, { method: "POST", path: `${b.path}/approve` });
    t.is(replay.status, 404);
  } finally {
    await page.close();
  }
});

test.serial(
  "reject through the form with a reason; an empty reason is refused and leaves the link usable",
  async (t) => {
    const b = await billAwaitingApproval("Beta Supplies");
    const page = await browser.newPage();
    try {
      await page.goto(b.url);
      const empty = await send(h.app.port ?? 0, {
        method: "POST",
        path: `${b.path}/reject`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: Buffer.from("reason=%20"),
      });
      t.is(empty.status, 400);
      await fillChecked(page, "#reason", "Not ordered by us");
      await submit(page, "#reject");
      t.regex(await page.innerText("body"), /The bill is rejected\./, "the answer page says it is done");
      const bill = (await h.call("GET", `/v1/bills/${b.id}`)).json as Json;
      t.like(bill, { state: "Rejected", rejectionReason: "Not ordered by us" });
    } finally {
      await page.close();
    }
  },
);

test.serial("links die when the bill leaves NeedsApproval another way; unknown tokens answer 404", async (t) => {
  const b = await billAwaitingApproval("Gamma Ltd");
  t.is((await send(h.app.port ?? 0, { method: "GET", path: b.path })).status, 200);
  t.is((await h.call("POST", `/v1/bills/${b.id}/void`)).status, 200);
  const page = await browser.newPage();
  try {
    t.is((await page.goto(b.url))?.status(), 404);
    t.is(await page.textContent("h1"), "Link not valid");
  } finally {
    await page.close();
  }
  const stored = await h.app.database.stores.approvalLinks.ofHash("0".repeat(64));
  t.is(stored, undefined);
  for (const path of ["/public/bills/nope", `/public/bills/${"A".repeat(43)}`])
    t.is((await send(h.app.port ?? 0, { method: "POST", path: `${path}/approve` })).status, 404);
});

test.serial(
  "the page says the policy's reason in words, shows amounts with their currency and the document itself; screenshots and axe-core",
  async (t) => {
    const policy = await h.call("POST", "/v1/approval-policies", {
      body: {
        name: "Large bills",
        priorityOrder: 10,
        action: "AlwaysReview",
        amountGte: "1000",
        currency: "EUR",
        approverUserIds: [admin.id],
      },
    });
    t.is(policy.status, 201, policy.text);
    const b = await billAwaitingApproval("Globex Supplies");
    const shots = join(tmpdir(), "apar-screenshots");
    await mkdir(shots, { recursive: true });
    for (const [name, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 375, height: 740 }],
    ] as const) {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      try {
        const shown = await page.goto(b.url);
        t.is(shown?.status(), 200);
        t.is(
          await page.textContent("#policy"),
          "The policy “Large bills” asks for approval because the bill is in EUR and the total (1250.50 EUR) is at least 1000.00 EUR; one approval is needed.",
        );
        t.is(await page.textContent("#total"), "1250.50 EUR");
        t.is(await page.getAttribute("#document", "src"), `${b.path}/document`);
        const shot = await page.screenshot({ fullPage: true, path: join(shots, `public-approval-${name}.png`) });
        t.true(shot.length > 10_000);
        t.true(await page.evaluate<boolean>("document.documentElement.scrollWidth <= window.innerWidth"), name);
        t.deepEqual(await seriousAxeViolations(page), [], name);
      } finally {
        await context.close();
      }
    }
    // The document through the token: the bytes as received, inline, and nothing changes.
    const doc = await fetch(`${b.url}/document`);
    t.is(doc.status, 200);
    t.is(doc.headers.get("content-type"), "application/pdf");
    t.is(doc.headers.get("content-disposition"), "inline");
    t.is(
      Buffer.from(await doc.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
      "%PDF-",
    );
    t.is(await stateOf(b.id), "NeedsApproval");
    t.is((await fetch(`http://127.0.0.1:${h.app.port}/public/bills/${"A".repeat(43)}/document`)).status, 404);
    // Decided in the browser with a reason; the link (and its document) then stop working.
    const page = await browser.newPage();
    try {
      await page.goto(b.url);
      await fillChecked(page, "#reason", "Not ordered by us");
      await submit(page, "#reject");
      t.regex(await page.innerText("body"), /The bill is rejected\./, "the answer page says it is done");
    } finally {
      await page.close();
    }
    t.is((await fetch(`${b.url}/document`)).status, 404);
    await h.call("DELETE", `/v1/approval-policies/${String((policy.json as Json).id)}`);
  },
);

test.serial(
  "the page shows where the money goes by its last four: the supplier's account, who confirmed it, a new account on the bill; in its own font",
  async (t) => {
    const page = await browser.newPage();
    try {
      // A confirmed supplier's account, masked but for its country and last four, in groups of four.
      const confirmed = await billAwaitingApproval("Beta Supplies");
      await page.goto(confirmed.url);
      t.is(await page.textContent("#payee-account"), "DE•• •••• •••• •••• ••30 00");
      t.regex((await page.textContent("#payee-status")) ?? "", /^Confirmed by .+ on \d{4}-\d{2}-\d{2}/);
      t.is(await page.$("#payee-bill-account"), null, "the bill names the supplier's own account");
      t.false((await page.content()).includes("0532013000"), "the whole number is not on a page behind a link");
      // The inline style sheet is sent as written (escaped, "Segoe UI" broke the font list: a serif page).
      t.is(
        await page.evaluate("getComputedStyle(document.body).fontFamily"),
        'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      );
      // A bill read with another account than the supplier is known by: both shown, the new one flagged.
      const changed = await billAwaitingApproval("Gamma Ltd", { bankDetails: bankDetailsOf("GB82WEST12345698765432") });
      await page.goto(changed.url);
      t.is(await page.textContent("#payee-account"), "DE•• •••• •••• •••• ••30 00");
      t.is(await page.textContent("#payee-bill-account"), "GB•• •••• •••• •••• ••54 32");
      t.regex((await page.textContent("#payee-changed")) ?? "", /never been paid at this account/);
      // A supplier whose account no second person confirmed.
      const made = await h.call("POST", "/v1/suppliers", {
        body: { name: "Delta Unconfirmed", bankDetails: { iban: "FR1420041010050500013M02606" } },
      });
      t.is(made.status, 201, made.text);
      const unconfirmed = await billAwaitingApproval("Delta Unconfirmed");
      await page.goto(unconfirmed.url);
      t.is(await page.textContent("#payee-account"), "FR•• •••• •••• •••• •••• •••2 606");
      t.regex((await page.textContent("#payee-status")) ?? "", /^Unconfirmed: no second person has confirmed/);
    } finally {
      await page.close();
    }
  },
);
