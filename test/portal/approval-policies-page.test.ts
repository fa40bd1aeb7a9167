import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { createUser } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { Browser, Page } from "playwright-core";
import { TOKENS } from "../../host/src/tokens.js";
import {
  anotherClient,
  type BillHarness,
  confirmedSuppliers,
  pdfWith,
  startBillHarness,
} from "../http/bills/bill-harness.js";
import { browserSuite, fillChecked, seriousAxeViolations, signInPage, submit, submitWith } from "./browser.js";

let h: BillHarness;
let browser: Browser;
let base: string;

const test = browserSuite("test/portal/approval-policies-page", startBillHarness, async (started, chromium, url) => {
  h = started;
  browser = chromium;
  base = url;
});

type Json = Record<string, unknown>;

const signedIn = (credential: string, bypassCSP = false): Promise<Page> =>
  signInPage(browser, base, credential, { bypassCSP });

test.serial(
  "a client administrator creates, edits and deletes a policy in the browser; the API and the next submitted bill follow it",
  async (t) => {
    const approver = await createUser({
      db: h.app.database,
      clock: h.app.container.get(TOKENS.Clock),
      ids: h.app.container.get(TOKENS.Ids),
      randomBytes: secureRandomBytes,
    })({
      clientId: h.clientId,
      email: "grace@example.com",
      name: "Grace",
      clientRoles: [],
      organisation: { id: h.organisationId, roles: ["Approver"] },
    })();
    if (E.isLeft(approver)) throw new Error(approver.left.code);
    const page = await signedIn(h.headers["x-service-api-key"] ?? "", true);
    await page.goto(`${base}/portal/approval-policies`);
    await submit(page, `#organisations a:has-text("Bills org")`);
    t.truthy(await page.$("#no-policies"));
    await submit(page, "#new-policy");

    await fillChecked(page, "#name", "Large bills");
    await page.selectOption("#action", "AlwaysReview");
    await fillChecked(page, "#amountGte", "1000,00");
    await fillChecked(page, "#currency", "eur");
    await page.check(`#approverUserIds label:has-text("Grace") input`);
    await submitWith(page, "#save");
    // A refused amount is named, and the form keeps what was typed.
    t.regex(await page.innerText(".notice.error"), /amount/i);
    t.is(await page.inputValue("#name"), "Large bills");
    t.true(await page.isChecked(`#approverUserIds label:has-text("Grace") input`));
    await fillChecked(page, "#amountGte", "1000");
    await submitWith(page, "#save");
    t.regex(await page.innerText(".notice"), /Saved/);
    const row = await page.innerText("#policies tbody tr");
    t.regex(row, /Large bills/);
    t.regex(row, /total at least 1000\.00 EUR/);
    t.regex(row, /Ask for approval: 1 of Grace <grace@example\.com>/);
    t.deepEqual(await seriousAxeViolations(page), []);

    const listed = (await h.call("GET", "/v1/approval-policies")).json as { data: Json[] };
    t.is(listed.data.length, 1);
    t.like(listed.data[0], {
      name: "Large bills",
      priorityOrder: 10,
      action: "AlwaysReview",
      amountGte: "1000.00",
      currency: "EUR",
      approverUserIds: [approver.right.id],
      approvalsRequired: 1,
      active: true,
      version: 1,
    });

    // Editing: a new version, and a bill submitted afterwards is decided by it.
    await submit(page, `#policies a:has-text("Large bills")`);
    t.is(await page.inputValue("#amountGte"), "1000.00");
    await page.selectOption("#action", "AutoApprove");
    await fillChecked(page, "#amountGte", "");
    await fillChecked(page, "#amountLte", "500");
    await submitWith(page, "#save");
    const edited = ((await h.call("GET", "/v1/approval-policies")).json as { data: Json[] }).data[0] ?? {};
    t.like(edited, { action: "AutoApprove", amountGte: null, amountLte: "500.00", approverUserIds: [], version: 2 });
    // Auto-approval applies only to a bill paid to its supplier's confirmed account (dual control).
    await confirmedSuppliers(h, ["Small Co"]);
    const up = await h.upload(pdfWith({ supplierName: "Small Co", currency: "EUR", totalAmount: "120.00" }));
    const bill = await h.settled(String((up.json as Json).id));
    const submitted = (await h.call("POST", `/v1/bills/${String(bill.id)}/submit`)).json as Json;
    t.is(submitted.state, "Approved");
    t.like(submitted.appliedPolicy as object, { policyName: "Large bills", policyVersion: 2 });

    await submitWith(page, `#policies button:has-text("Delete")`);
    t.regex(await page.innerText(".notice"), /deleted/);
    t.deepEqual(((await h.call("GET", "/v1/approval-policies")).json as { data: Json[] }).data, []);
    await mkdir(join(tmpdir(), "apar-screenshots"), { recursive: true });
    await page.goto(`${base}/portal/approval-policies/policy?organisationId=${h.organisationId}`);
    t.true(
      (await page.screenshot({ fullPage: true, path: join(tmpdir(), "apar-screenshots", "policy-form.png") })).length >
        10_000,
    );
    t.deepEqual(await seriousAxeViolations(page), []);
    await page.context().close();
  },
);

test.serial(
  "another client's organisation and policy answer like missing ones; a client without the ap module is refused",
  async (t) => {
    const them = await anotherClient(h, ["ap"]);
    const theirs = await h.call("POST", "/v1/approval-policies", {
      headers: them.headers,
      body: { name: "Theirs", priorityOrder: 1, action: "AutoApprove" },
    });
    t.is(theirs.status, 201, theirs.text);
    const theirId = String((theirs.json as Json).id);
    const page = await signedIn(h.headers["x-service-api-key"] ?? "");
    for (const path of [
      `/portal/approval-policies?organisationId=${them.organisation.id}`,
      `/portal/approval-policies/policy?organisationId=${them.organisation.id}&id=${theirId}`,
      `/portal/approval-policies/policy?organisationId=${h.organisationId}&id=${theirId}`,
      `/portal/approval-policies/policy?organisationId=${h.organisationId}&id=nope`,
    ])
      t.is((await page.goto(`${base}${path}`))?.status(), 404, path);
    await page.goto(`${base}/portal/approval-policies`);
    t.is(await page.locator(`a:has-text("Their org")`).count(), 0);
    const csrf = (await page.getAttribute("form.inline input[name=csrf]", "value")) ?? "";
    for (const organisationId of [them.organisation.id, h.organisationId]) {
      const deleted = await page.request.post(`${base}/portal/approval-policies/delete`, {
        form: { csrf, organisationId, id: theirId },
        headers: { origin: base },
        maxRedirects: 0,
      });
      t.is(deleted.status(), 404);
    }
    const still = (await h.call("GET", `/v1/approval-policies/${theirId}`, { headers: them.headers })).json as Json;
    t.is(still.name, "Theirs");
    await page.context().close();

    const plain = await anotherClient(h, ["ar"]);
    const refused = await signedIn(plain.rawKey);
    t.is((await refused.goto(`${base}/portal/approval-policies`))?.status(), 403);
    t.regex(await refused.innerText(".notice.error"), /does not include the ap module/);
    await refused.context().close();
  },
);
