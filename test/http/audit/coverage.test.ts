import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { createApiKey, createUser, STORE_AUDIT } from "@apar/core/app";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { TOKENS } from "../../../host/src/tokens.js";
import { camt053 } from "../../helpers/camt-files.js";
import { eventually } from "../../helpers/eventually.js";
import { type Receiver, startReceiver } from "../../portal/browser.js";
import { type FakeModel, sseEvents, startFakeModel } from "../agents/fake-model.js";
import {
  type BillHarness,
  bankDetailsOf,
  confirmedSuppliers,
  multipart,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { DKIM_PRIVATE_KEY, FIXTURE_DNS } from "../inbound/inbound-harness.js";
import { type FakeStripe, startFakeStripe } from "../payments/fake-stripe.js";
import { type Answer, send } from "../support/client.js";

// Coverage of the audit log: every route that changes something (POST, PUT, PATCH, DELETE) is made to succeed once,
// in an order where each finds what it needs, and each successful answer must have left an audit entry carrying its
// request id. Routes that cannot change anything are listed with the reason; a new mutating route is in neither
// list and fails the walk until it is walked. The last test takes one row of the audit table away and sees the walk
// fail on the change it no longer records.

type Json = Record<string, unknown>;

/**
 * Mutating routes that record no change anyone could audit, each with the reason (the walk checks they are the only
 * ones, and that those it walks leave no entry).
 */
const CHANGE_NOTHING: Readonly<Record<string, string>> = {
  portalRequestSignInLink:
    "mails a one-time sign-in link: nothing changes until it is used (the session it opens is recorded)",
  validateBankDetails: "checks bank details and stores nothing",
  validateBankDetailsV1: "checks bank details and stores nothing",
  patchApSettingsRemoved: "removed: answers 410",
  patchApSettingsRemovedV1: "removed: answers 410",
  mailboxOauthCallbackRemoved: "removed: answers 410",
  mailboxOauthCallbackRemovedV1: "removed: answers 410",
  portalSignIn: "a session is a sealed cookie: nothing is stored",
  portalSignOut: "a session is a sealed cookie: nothing is stored",
  paymentAccountOnboardingSession: "asks the processor for a session; stores nothing",
  createPublicInvoiceCheckoutSession: "asks the processor for a checkout page; stores nothing",
};

/** Request ids of the audit entries written so far, read chain by chain from where the last look ended. */
const auditReader = (h: BillHarness) => {
  const read = new Map<string, number>();
  const requestIds = new Set<string>();
  return async (requestId: string): Promise<boolean> => {
    const log = h.app.database.stores.auditLog;
    for (const head of await log.heads()) {
      for (let after = read.get(head.chainId) ?? 0; after < head.lastSeq; ) {
        const entries = await log.chainEntries(head.chainId, after, 500);
        if (entries.length === 0) break;
        for (const e of entries) if (e.requestId !== null) requestIds.add(e.requestId);
        after = entries.at(-1)?.seq ?? head.lastSeq;
        read.set(head.chainId, after);
      }
    }
    return requestIds.has(requestId);
  };
};

interface Walk {
  body?: unknown;
  headers?: Record<string, string>;
  raw?: Buffer;
  contentType?: string;
  /** The route changes nothing (CHANGE_NOTHING): it must leave no entry. */
  quiet?: boolean;
}

interface Walker {
  /** Sends one request; it must succeed (else the walk itself is broken and throws). */
  (op: string, method: string, path: string, options?: Walk): Promise<Answer>;
  readonly walked: Set<string>;
  /** Successful changes that left no audit entry with their request id. */
  readonly problems: string[];
}

const walker = (h: BillHarness): Walker => {
  const seen = auditReader(h);
  let n = 0;
  const walked = new Set<string>();
  const problems: string[] = [];
  const call = async (op: string, method: string, path: string, o: Walk = {}) => {
    const requestId = `walk-${op}-${++n}`;
    const body = o.raw ?? (o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body)));
    const contentType = o.contentType ?? (o.raw === undefined ? "application/json" : undefined);
    const answer = await send(h.app.port ?? 0, {
      method,
      path,
      headers: {
        ...h.headers,
        ...(body === undefined || contentType === undefined ? {} : { "content-type": contentType }),
        "x-request-id": requestId,
        ...o.headers,
      },
      ...(body === undefined ? {} : { body }),
    });
    const location = String(answer.headers.location ?? "");
    const ok =
      (answer.status >= 200 && answer.status < 300) ||
      (answer.status === 303 && (!location.includes("/sign-in") || location.includes("signedout=1")));
    const why = /class="notice error"[^>]*>([^<]*)/.exec(answer.text)?.[1] ?? answer.text.slice(0, 400);
    if (!ok) throw new Error(`${op} ${method} ${path}: ${answer.status} ${location} ${why}`);
    walked.add(op);
    const recorded = await seen(requestId);
    if (!recorded && o.quiet !== true)
      problems.push(`${op}: ${method} ${path} answered ${answer.status} and left no audit entry`);
    if (recorded && o.quiet === true) problems.push(`${op}: said to change nothing, but left an audit entry`);
    return answer;
  };
  return Object.assign(call, { walked, problems });
};

let h: BillHarness;
let model: FakeModel;
let stripe: FakeStripe;
let receiver: Receiver;
const INBOUND_SECRET = "walk-inbound-secret-0123456789";
const WEBHOOK_SECRET = "whsec_walk";

test.before(async () => {
  model = await startFakeModel();
  receiver = await startReceiver();
  stripe = await startFakeStripe();
  h = await startBillHarness({
    vars: {
      APAR_AGENT_BASE_URL: model.baseUrl,
      APAR_AGENT_MODEL: "fake-model",
      APAR_AGENT_API_KEY: "sk-test",
      APAR_INBOUND_EMAIL_SECRET: INBOUND_SECRET,
      APAR_WEBHOOKS_ALLOW_INSECURE: "on",
      APAR_PAYMENT_GATEWAY: "stripe",
      APAR_STRIPE_SECRET_KEY: "sk_test_walk",
      APAR_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APAR_STRIPE_API_URL: stripe.url,
    },
    overrides: { dnsResolver: FIXTURE_DNS },
  });
});
test.after.always(async () => {
  await h?.dispose();
  await model?.close();
  await stripe?.close();
  await receiver?.close();
});

const idOf = (a: Answer): string => String((a.json as Json).id);
const mutating = (): string[] =>
  h.app.container
    .get(TOKENS.Routes)
    .filter((r) => r.method !== "GET")
    .map((r) => r.operationId);

/** A bill read by the fake reader (PendingReview), with the fields given. */
const readBill = async (fields: Json): Promise<string> => {
  const up = await h.upload(pdfWith({ invoiceNumber: `W-${Math.random().toString(36).slice(2, 8)}`, ...fields }));
  const bill = await h.settled(idOf(up));
  if (bill.state !== "PendingReview") throw new Error(`bill in ${String(bill.state)}`);
  return String(bill.id);
};

/** The next mail in the .eml outbox that holds `pattern`. */
const mailed = (pattern: RegExp, seen: Set<string>) =>
  eventually(async () => {
    const dir = join(h.env.dataDir, "outbox");
    if (!existsSync(dir)) return undefined;
    for (const file of (await readdir(dir)).sort()) {
      if (seen.has(file) || !file.endsWith(".eml")) continue;
      const match = pattern.exec((await simpleParser(await readFile(join(dir, file)))).text ?? "");
      if (match !== null) {
        seen.add(file);
        return match;
      }
    }
    return undefined;
  }, `a mail matching ${pattern}`);

const signedMail = async (from: string, to: string, text: string, domain = "supplier.example") =>
  (
    await nodemailer
      .createTransport({
        streamTransport: true,
        buffer: true,
        dkim: { domainName: domain, keySelector: "test", privateKey: DKIM_PRIVATE_KEY },
      })
      .sendMail({
        from,
        to,
        subject: text,
        attachments: [{ filename: "i.pdf", content: pdfWith({ supplierName: "Mailed AG", invoiceNumber: text }) }],
      })
  ).message as Buffer;

/** The cookies an answer sets, as a request's `cookie` header. */
const cookiesOf = (answer: Answer): string =>
  [answer.headers["set-cookie"] ?? []]
    .flat()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

/** The portal: an HTTP session signed in with `credential`, and its forms' CSRF token. */
const portalSession = async (credential: string) => {
  const port = h.app.port ?? 0;
  const form = await send(port, { method: "GET", path: "/portal/sign-in" });
  const nonce = String(form.headers["set-cookie"] ?? "").split(";")[0] ?? "";
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] ?? "";
  const signedIn = await send(port, {
    method: "POST",
    path: "/portal/sign-in",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: nonce },
    body: Buffer.from(new URLSearchParams({ credential, csrf }).toString()),
  });
  const cookie = ([signedIn.headers["set-cookie"]].flat()[0] ?? "").split(";")[0] ?? "";
  if (signedIn.status !== 303 || cookie === "") throw new Error(`portal sign-in: ${signedIn.status}`);
  const page = await send(port, { method: "GET", path: "/portal/api-keys", headers: { cookie } });
  const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
  if (token === undefined) throw new Error(`no portal csrf: ${page.status}`);
  return {
    form: (fields: Record<string, string>) => ({
      raw: Buffer.from(new URLSearchParams({ csrf: token, ...fields }).toString()),
      contentType: "application/x-www-form-urlencoded",
      headers: { cookie, "x-service-api-key": "", "x-service-organisation-id": "" },
    }),
    upload: (fields: Record<string, string>, file: Buffer) => {
      const { body, contentType } = multipart(file, "portal.pdf", "file", { csrf: token, ...fields });
      return { raw: body, contentType, headers: { cookie, "x-service-api-key": "", "x-service-organisation-id": "" } };
    },
  };
};

test.serial("every route that changes something leaves an audit entry with its request id", async (t) => {
  const walk = walker(h);
  const org = h.organisationId;
  const seenMail = new Set<string>();
  const mcpHeaders = { accept: "application/json, text/event-stream" };
  const deps = {
    db: h.app.database,
    clock: h.app.container.get(TOKENS.Clock),
    ids: h.app.container.get(TOKENS.Ids),
    randomBytes: secureRandomBytes,
  };
  const operator = await createApiKey(deps)({ scope: { kind: "operator" } })();
  if (E.isLeft(operator)) throw new Error(operator.left.code);
  const asOperator = { "x-service-api-key": operator.right.rawKey, "x-service-client-id": h.clientId };

  // Tenancy: clients, organisations, users, keys, sign-in codes.
  const client = await walk("createClient", "POST", "/v1/clients", { headers: asOperator, body: { name: "Walked" } });
  await walk("updateClient", "PATCH", `/v1/clients/${idOf(client)}`, {
    headers: asOperator,
    body: { name: "Walked Ltd" },
  });
  const other = await walk("createOrganisation", "POST", "/v1/organisations", { body: { name: "Second org" } });
  await walk("updateOrganisation", "PATCH", `/v1/organisations/${org}`, { body: { name: "Walked org" } });
  const person = await walk("createUser", "POST", "/v1/users", { body: { email: "walk@example.com", name: "Walk" } });
  const member = await walk("addOrganisationUser", "POST", `/v1/organisations/${org}/users`, {
    body: { email: "walk@example.com", name: "Walk", role: "Approver" },
  });
  const memberId = String((member.json as Json).userId ?? idOf(person));
  const code = await walk("createAuthCode", "POST", "/v1/auth/codes", {
    body: { userId: memberId, organisationId: org },
  });
  const exchanged = await walk("exchangeAuthCode", "POST", "/v1/auth/exchange", {
    headers: { "x-service-api-key": "", "x-service-organisation-id": "" },
    body: { code: (code.json as Json).code },
  });
  const code2 = await walk("createAuthCodeUnversioned", "POST", "/auth/codes", {
    body: { userId: memberId, organisationId: org },
  });
  await walk("exchangeAuthCodeUnversioned", "POST", "/auth/exchange", {
    headers: { "x-service-api-key": "", "x-service-organisation-id": "" },
    body: { code: (code2.json as Json).code },
  });
  const approverToken = { authorization: `Bearer ${String((exchanged.json as Json).token)}`, "x-service-api-key": "" };
  const key = await walk("createApiKey", "POST", "/v1/api-keys", { body: { name: "walked" } });
  await walk("revokeApiKey", "DELETE", `/v1/api-keys/${idOf(key)}`);
  await walk("putSellerIdentity", "PUT", "/v1/seller-identity", {
    body: {
      legalName: "Walked Käufer AG",
      addressLines: ["Hauptstraße 1"],
      city: "Berlin",
      countryCode: "DE",
      companyRegistrationId: "HRB 1",
      bankAccounts: [{ iban: "DE75 5121 0800 1245 1261 99", bic: "SOGEDEFFXXX" }],
    },
  });

  // Companies and inbound mail: a stranger's forward is refused, its sender allowed; a signed one awaits an organisation.
  const company = await walk("createCompany", "POST", "/v1/companies", {
    body: { name: "Walked company", organisationIds: [org, idOf(other)] },
  });
  const companyId = idOf(company);
  await walk("updateCompany", "PATCH", `/v1/companies/${companyId}`, { body: { name: "Walked company GmbH" } });
  const address = String((company.json as Json).forwardingAddress);
  const inbound = {
    "x-service-inbound-secret": INBOUND_SECRET,
    "x-service-api-key": "",
    "x-service-organisation-id": "",
  };
  await walk("receiveInboundEmail", "POST", "/inbound/email", {
    headers: inbound,
    contentType: "message/rfc822",
    raw: await signedMail("stranger@stranger.example", address, "Unknown sender"),
  });
  const rejection = await eventually(async () => {
    const list = (await h.call("GET", `/v1/companies/${companyId}/forwarding-rejections`)).json as Json[];
    return list[0];
  }, "the forwarding rejection");
  await walk(
    "allowSenderFromRejection",
    "POST",
    `/v1/companies/${companyId}/forwarding-rejections/${String(rejection.id)}/allow-sender`,
    { body: {} },
  );
  const sender = await walk("addAllowedSender", "POST", `/v1/companies/${companyId}/allowed-senders`, {
    body: { sender: "ap@supplier.example" },
  });
  await walk("receiveInboundEmail", "POST", "/inbound/email", {
    headers: inbound,
    contentType: "message/rfc822",
    raw: await signedMail("ap@supplier.example", address, "Mailed-1"),
  });
  const waiting = await eventually(async () => {
    const scope = { clientId: h.clientId, organisationId: org };
    const page = await h.app.database.stores.auditLog.list(
      scope,
      { type: "company_bill.awaiting_organisation" },
      { limit: 1 },
    );
    return page.items[0]?.resourceId;
  }, "a bill awaiting an organisation");
  await walk("assignCompanyBill", "POST", `/v1/companies/${companyId}/bills/${waiting}/assign`, {
    body: { organisationId: org },
  });
  const senderId = idOf(sender);
  await walk("removeAllowedSender", "DELETE", `/v1/companies/${companyId}/allowed-senders/${senderId}`);
  const doomed = await walk("createCompany", "POST", "/v1/companies", { body: { name: "Short-lived" } });
  await walk("deleteCompany", "DELETE", `/v1/companies/${idOf(doomed)}`);

  // Suppliers and dual control.
  await confirmedSuppliers(h, ["Acme Tools"]);
  const supplier = await walk("createSupplier", "POST", "/v1/suppliers", {
    body: { name: "Walked Supplier", bankDetails: { iban: "DE89370400440532013000" } },
  });
  const supplierId = idOf(supplier);
  await walk("updateSupplier", "PATCH", `/v1/suppliers/${supplierId}`, {
    body: { bankDetails: { iban: "GB82WEST12345698765432" } },
  });
  const stored = (await h.call("GET", `/v1/suppliers/${supplierId}`)).json as Json;
  await walk("confirmSupplierBankDetails", "POST", `/v1/suppliers/${supplierId}/bank-details/confirm`, {
    headers: approverToken,
    body: { bankDetails: stored.bankDetails },
  });
  const gone = await walk("createSupplier", "POST", "/v1/suppliers", { body: { name: "Gone Supplier" } });
  await walk("deleteSupplier", "DELETE", `/v1/suppliers/${idOf(gone)}`);

  // Approval policies (the last one stays out of the bills' way: inactive).
  const policy = await walk("createApprovalPolicy", "POST", "/v1/approval-policies", {
    body: { name: "Walked", priorityOrder: 5, action: "AlwaysReview", active: false },
  });
  await walk("replaceApprovalPolicy", "PUT", `/v1/approval-policies/${idOf(policy)}`, {
    body: { name: "Walked again", priorityOrder: 6, action: "AlwaysReview", active: false },
  });
  await walk("deleteApprovalPolicy", "DELETE", `/v1/approval-policies/${idOf(policy)}`);

  // Bills through their life (no active policy: the organisation's administrators approve).
  const acme = {
    supplierName: "Acme Tools",
    currency: "EUR",
    totalAmount: "100.00",
    bankDetails: bankDetailsOf("DE89370400440532013000"),
  };
  const { body: upload, contentType } = multipart(pdfWith({ ...acme, invoiceNumber: "UP-1" }));
  const uploaded = await walk("uploadBill", "POST", "/v1/bills", { raw: upload, contentType });
  const first = String((await h.settled(idOf(uploaded))).id);
  await walk("updateBill", "PATCH", `/v1/bills/${first}`, { body: { dueDate: "2999-01-31" } });
  await walk("submitBill", "POST", `/v1/bills/${first}/submit`);
  await walk("approveBill", "POST", `/v1/bills/${first}/approve`);
  // An approved bill's group is booked (a subscriber says so): Synced.
  const bookedGroup = await h.call("POST", "/v1/match-groups", { body: { billId: first } });
  await walk("syncMatchGroup", "POST", `/v1/match-groups/${idOf(bookedGroup)}/sync`);
  await walk("scheduleBillPayment", "POST", `/v1/bills/${first}/schedule-payment`, {
    body: { paymentDate: "2999-01-15", paymentMethod: "BankTransfer" },
  });
  await walk("unscheduleBill", "POST", `/v1/bills/${first}/unschedule`);
  await walk("returnBillToReview", "POST", `/v1/bills/${first}/return-to-review`, { body: { reason: "check" } });
  await walk("submitBill", "POST", `/v1/bills/${first}/submit`);
  await walk("rejectBill", "POST", `/v1/bills/${first}/reject`, { body: { reason: "not ours" } });
  await walk("reopenBill", "POST", `/v1/bills/${first}/reopen`);
  await walk("voidBill", "POST", `/v1/bills/${first}/void`, { body: { reason: "walked" } });
  const twice = pdfWith({ ...acme, invoiceNumber: "DUP-1" }, "same");
  const original = await h.upload(twice);
  await h.settled(idOf(original));
  const copy = await h.upload(twice);
  await h.settled(idOf(copy));
  await walk("dismissBillDuplicate", "POST", `/v1/bills/${idOf(copy)}/dismiss-duplicate`);
  const unreadable = await h.upload(Buffer.from("%PDF-1.7 UNREADABLE"));
  await h.settled(idOf(unreadable));
  await walk("retryBillReading", "POST", `/v1/bills/${idOf(unreadable)}/retry-ocr`);
  const toPay = await readBill(acme);
  await walk("submitBill", "POST", `/v1/bills/${toPay}/submit`);
  await walk("approveBill", "POST", `/v1/bills/${toPay}/approve`);
  await walk("markBillPaid", "POST", `/v1/bills/${toPay}/mark-paid`, {
    body: { reason: "paid by phone", reference: "T-1" },
  });

  // Supplier credit.
  const credited = await readBill({ ...acme, totalAmount: "50.00" });
  const acmeId = String((((await h.call("GET", "/v1/suppliers?q=Acme")).json as { data: Json[] }).data[0] as Json).id);
  await h.call("PATCH", `/v1/bills/${credited}`, { body: { supplierId: acmeId } });
  const draft = await walk("draftSupplierCreditNote", "POST", `/v1/suppliers/${acmeId}/credit-notes`, {
    body: { amount: "10.00", currency: "EUR" },
  });
  await walk("issueSupplierCreditNote", "POST", `/v1/supplier-credit-notes/${idOf(draft)}/issue`);
  const applied = await walk("applySupplierCredit", "POST", `/v1/supplier-credit-notes/${idOf(draft)}/applications`, {
    body: { billId: credited, amount: "5.00" },
  });
  const application = ((applied.json as Json).applications as Json[]).at(-1) as Json;
  await walk(
    "reverseSupplierCredit",
    "POST",
    `/v1/supplier-credit-notes/${idOf(draft)}/applications/${String(application.id)}/reverse`,
  );
  const unused = await walk("draftSupplierCreditNote", "POST", `/v1/suppliers/${acmeId}/credit-notes`, {
    body: { amount: "1.00", currency: "EUR" },
  });
  await walk("deleteSupplierCreditNote", "DELETE", `/v1/supplier-credit-notes/${idOf(unused)}`);

  // Three-way matching.
  await walk("putMatchTolerances", "PUT", "/v1/match-tolerances", { body: { priceSeverity: "Warn" } });
  const po = await walk("createPurchaseOrder", "POST", "/v1/purchase-orders", {
    body: { number: "PO-W1", lines: [{ description: "Consulting day", quantity: "2", unitPrice: "800" }] },
  });
  await walk("updatePurchaseOrder", "PATCH", `/v1/purchase-orders/${idOf(po)}`, { body: { currency: "EUR" } });
  const note = await walk("createDeliveryNote", "POST", "/v1/delivery-notes", {
    body: { number: "DN-W1", lines: [{ description: "Consulting day", quantity: "2" }] },
  });
  await walk("replaceDeliveryNote", "PUT", `/v1/delivery-notes/${idOf(note)}`, {
    body: { number: "DN-W1", lines: [{ description: "Consulting day", quantity: "1" }] },
  });
  const matched = await readBill({
    ...acme,
    totalAmount: "1700",
    lineItems: [{ description: "Advisory services", quantity: "2", unitPrice: "850", amount: "1700" }],
  });
  const group = await walk("createMatchGroup", "POST", "/v1/match-groups", {
    body: { billId: matched, purchaseOrderIds: [idOf(po)] },
  });
  const lineId = String((((po.json as Json).lines as Json[])[0] as Json).id);
  const allocated = await walk("addMatchAllocation", "POST", `/v1/match-groups/${idOf(group)}/allocations`, {
    body: { billLine: 1, quantity: "2", purchaseOrderLineId: lineId },
  });
  await walk("addMatchResolution", "POST", `/v1/match-groups/${idOf(group)}/resolutions`, {
    body: { billLine: 1, decision: "Accept", reason: "service" },
  });
  await walk("removeMatchResolution", "DELETE", `/v1/match-groups/${idOf(group)}/resolutions/1`);
  const allocationId = String((((allocated.json as Json).allocations as Json[])[0] as Json).id);
  await walk("removeMatchAllocation", "DELETE", `/v1/match-groups/${idOf(group)}/allocations/${allocationId}`);
  // The books: the chart, an export of the period and its acknowledgement (which syncs the groups of its bills).
  await walk("putAccountingChart", "PUT", "/v1/accounting/chart", { body: { accounts: { expenses: "4900" } } });
  const today = new Date().toISOString().slice(0, 10);
  const exported = await walk("createAccountingExport", "POST", "/v1/accounting/exports", {
    body: { from: `${today.slice(0, 4)}-01-01`, to: today, format: "csv" },
  });
  await walk("acknowledgeAccountingExport", "POST", `/v1/accounting/exports/${idOf(exported)}/acknowledge`);
  await walk("closePurchaseOrder", "POST", `/v1/purchase-orders/${idOf(po)}/close`);
  const po2 = await h.call("POST", "/v1/purchase-orders", { body: { number: "PO-W2", lines: [] } });
  await walk("cancelPurchaseOrder", "POST", `/v1/purchase-orders/${idOf(po2)}/cancel`);
  const po3 = await h.call("POST", "/v1/purchase-orders", { body: { number: "PO-W3", lines: [] } });
  await walk("deletePurchaseOrder", "DELETE", `/v1/purchase-orders/${idOf(po3)}`);
  await walk("deleteDeliveryNote", "DELETE", `/v1/delivery-notes/${idOf(note)}`);

  // Payment runs: proposed by the key, approved by a person, released, each transfer answered; another rejected.
  await walk("putPaymentRunSettings", "PUT", "/v1/payment-run-settings", { body: { approvalsRequired: 1 } });
  const runBills: string[] = [];
  for (const total of ["10.00", "20.00", "30.00"]) {
    const id = await readBill({ ...acme, totalAmount: total });
    await h.call("POST", `/v1/bills/${id}/submit`);
    await h.call("POST", `/v1/bills/${id}/approve`);
    runBills.push(id);
  }
  const runs = await walk("createPaymentRuns", "POST", "/v1/payment-runs", { body: { billIds: runBills.slice(0, 2) } });
  const runId = String((((runs.json as Json).data as Json[])[0] as Json).id);
  await walk("approvePaymentRun", "POST", `/v1/payment-runs/${runId}/approve`, { headers: approverToken });
  const file = await h.call("GET", `/v1/payment-runs/${runId}/file`);
  if (file.status !== 200) throw new Error(`release: ${file.status} ${file.text}`);
  await walk("confirmPaymentRunBill", "POST", `/v1/payment-runs/${runId}/bills/${runBills[0]}/confirm`);
  await walk("returnPaymentRunBill", "POST", `/v1/payment-runs/${runId}/bills/${runBills[1]}/return`, {
    body: { reason: "account closed" },
  });
  const rejected = await h.call("POST", "/v1/payment-runs", { body: { billIds: [runBills[2]] } });
  const rejectedId = String((((rejected.json as Json).data as Json[])[0] as Json).id);
  await walk("rejectPaymentRun", "POST", `/v1/payment-runs/${rejectedId}/reject`, { body: { reason: "not now" } });

  // Receivables.
  const customer = await walk("createCustomer", "POST", "/v1/customers", {
    body: { name: "Globex", email: "ap@globex.example" },
  });
  const customerId = idOf(customer);
  await walk("updateCustomer", "PATCH", `/v1/customers/${customerId}`, { body: { name: "Globex Corp" } });
  const dropped = await walk("createCustomer", "POST", "/v1/customers", { body: { name: "Dropped" } });
  await walk("deleteCustomer", "DELETE", `/v1/customers/${idOf(dropped)}`);
  const product = await walk("createProduct", "POST", "/v1/products", { body: { name: "Widget", unitPrice: "5.00" } });
  await walk("updateProduct", "PATCH", `/v1/products/${idOf(product)}`, { body: { unitPrice: "6.00" } });
  await walk("deleteProduct", "DELETE", `/v1/products/${idOf(product)}`);
  const lines = [{ description: "Consulting", quantity: "1", unitPrice: "100.00" }];
  const invoice = await walk("createInvoice", "POST", "/v1/invoices", {
    body: { customerId, currency: "EUR", lineItems: lines },
  });
  const invoiceId = idOf(invoice);
  await walk("updateInvoice", "PATCH", `/v1/invoices/${invoiceId}`, { body: { memo: "Thank you" } });
  await walk("sendInvoice", "POST", `/v1/invoices/${invoiceId}/send`, { body: {} });
  await walk("sendInvoiceReminder", "POST", `/v1/invoices/${invoiceId}/reminders`);
  await walk("recordInvoicePayment", "POST", `/v1/invoices/${invoiceId}/payments`, {
    body: { amount: "10.00", paidAt: new Date().toISOString() },
  });
  const creditNote = await walk("createCreditNote", "POST", `/v1/invoices/${invoiceId}/credit-notes`, {
    body: { amount: "5.00", reason: "discount" },
  });
  await walk("issueCreditNote", "POST", `/v1/invoices/${invoiceId}/credit-notes/${idOf(creditNote)}/issue`);
  await walk("validateBankDetails", "POST", "/bank-details/validate", {
    body: { iban: "DE89370400440532013000" },
    quiet: true,
  });
  await walk("validateBankDetailsV1", "POST", "/v1/bank-details/validate", {
    body: { iban: "DE89370400440532013000" },
    quiet: true,
  });
  const voided = await h.call("POST", "/v1/invoices", { body: { customerId, currency: "EUR", lineItems: lines } });
  await walk("voidInvoice", "POST", `/v1/invoices/${idOf(voided)}/void`, { body: { reason: "typo" } });
  const owed = await h.call("POST", "/v1/invoices", { body: { customerId, currency: "EUR", lineItems: lines } });
  const owedSent = (await h.call("POST", `/v1/invoices/${idOf(owed)}/send`, { body: {} })).json as Json;
  const statement = await walk("importBankStatement", "POST", "/v1/bank-statements", {
    contentType: "application/xml",
    raw: camt053("WALK-1", [{ ref: "W-1", amount: "100.00", direction: "CRDT", name: "Nobody" }]),
  });
  const entries = (await h.call("GET", `/v1/bank-statements/${idOf(statement)}/entries`)).json as { data: Json[] };
  await walk(
    "matchBankStatementEntry",
    "POST",
    `/v1/bank-statements/${idOf(statement)}/entries/${String(entries.data[0]?.id)}/match`,
    { body: { invoiceId: String(owedSent.id) } },
  );
  // Imports: a dry run writes nothing (and leaves no entry); an import records each record it makes.
  const csv = (text: string) => ({ raw: Buffer.from(text), contentType: "text/csv" });
  await walk("importSuppliers", "POST", "/v1/imports/suppliers?dryRun=true", {
    ...csv("name\nImported Parts AB\n"),
    quiet: true,
  });
  await walk("importSuppliers", "POST", "/v1/imports/suppliers", csv("name\nImported Parts AB\n"));
  await walk("importCustomers", "POST", "/v1/imports/customers", csv("name,email\nImported Ltd,ap@imported.example\n"));
  await walk("importProducts", "POST", "/v1/imports/products", csv("name,unitPrice\nImported Widget,3.50\n"));
  await walk("putInvoiceReminderRules", "PUT", "/v1/invoice-reminders", { body: { offsets: ["OnDueDate"] } });
  const schedule = await walk("createRecurringInvoice", "POST", "/v1/recurring-invoices", {
    body: { customerId, cadence: "Monthly", startDate: "2999-01-01", lineItems: lines },
  });
  await walk("updateRecurringInvoice", "PATCH", `/v1/recurring-invoices/${idOf(schedule)}`, {
    body: { memo: "Monthly" },
  });
  await walk("pauseRecurringInvoice", "POST", `/v1/recurring-invoices/${idOf(schedule)}/pause`);
  await walk("resumeRecurringInvoice", "POST", `/v1/recurring-invoices/${idOf(schedule)}/resume`);
  await walk("cancelRecurringInvoice", "POST", `/v1/recurring-invoices/${idOf(schedule)}/cancel`);

  // Payment account with the processor, and its events.
  const account = await walk("enablePaymentAccount", "POST", `/v1/organisations/${org}/payment-account/enable`, {
    body: { country: "de", email: "finance@walk.example" },
  });
  const accountId = String((account.json as Json).accountId);
  const active = {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], disabled_reason: null },
  };
  const returnUrls = { returnUrl: "https://walk.example/done", refreshUrl: "https://walk.example/again" };
  await walk("paymentAccountOnboardingLink", "POST", `/v1/organisations/${org}/payment-account/link`, {
    body: returnUrls,
  });
  await walk("paymentAccountOnboardingSession", "POST", `/v1/organisations/${org}/payment-account/session`, {
    quiet: true,
  });
  const event = {
    id: "evt_walk_1",
    object: "event",
    type: "account.updated",
    api_version: "2026-10-28.endive",
    created: 1_800_000_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: accountId, object: "account", ...active } },
  };
  const signed = stripe.signed(event, WEBHOOK_SECRET);
  await walk("stripeEvents", "POST", "/webhooks/stripe", {
    headers: { "stripe-signature": signed.signature, "x-service-api-key": "", "x-service-organisation-id": "" },
    raw: Buffer.from(signed.body),
  });

  const payable = await h.call("POST", "/v1/invoices", { body: { customerId, currency: "EUR", lineItems: lines } });
  const payableSent = (await h.call("POST", `/v1/invoices/${idOf(payable)}/send`, { body: {} })).json as Json;
  const publicToken = String(payableSent.paymentUrl).split("/i/")[1] ?? "";
  await walk("createPublicInvoiceCheckoutSession", "POST", `/i/${publicToken}/checkout-session`, {
    headers: { "x-service-api-key": "", "x-service-organisation-id": "" },
    quiet: true,
  });

  // Webhooks: a subscription, its test event, a replay, a recovery; then away.
  const subscription = await walk("createWebhookSubscription", "POST", "/v1/webhook-subscriptions", {
    body: { url: receiver.url, eventTypes: ["bill.created"] },
  });
  const subscriptionId = idOf(subscription);
  await walk("updateWebhookSubscription", "PATCH", `/v1/webhook-subscriptions/${subscriptionId}`, {
    body: { eventTypes: ["bill.created", "bill.approved"] },
  });
  await walk("rotateWebhookSecret", "POST", `/v1/webhook-subscriptions/${subscriptionId}/rotate-secret`);
  const tested = await walk("testWebhookSubscription", "POST", `/v1/webhook-subscriptions/${subscriptionId}/test`);
  await walk("disableWebhookSubscription", "POST", `/v1/webhook-subscriptions/${subscriptionId}/disable`);
  await walk("enableWebhookSubscription", "POST", `/v1/webhook-subscriptions/${subscriptionId}/enable`);
  await eventually(
    async () => ((await h.call("GET", `/v1/webhook-deliveries/${idOf(tested)}`)).json as Json).status === "Succeeded",
    "the test delivery",
  );
  await walk("replayWebhookDelivery", "POST", `/v1/webhook-deliveries/${idOf(tested)}/replay`);
  await walk("recoverWebhookDeliveries", "POST", `/v1/webhook-subscriptions/${subscriptionId}/recover`, {
    body: { since: new Date(Date.now() - 3_600_000).toISOString() },
  });
  await walk("deleteWebhookSubscription", "DELETE", `/v1/webhook-subscriptions/${subscriptionId}`);

  // MCP and the agents: a tool that changes something; a confirmation of each door; a conversation renamed, deleted.
  const tool = (name: string, args: Json) => ({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  });
  await walk("mcp", "POST", "/v1/mcp", { headers: mcpHeaders, body: tool("create_customer", { name: "Via MCP" }) });
  await walk("mcpForOrganisation", "POST", `/mcp/${org}`, {
    headers: mcpHeaders,
    body: tool("create_customer", { name: "Via MCP path" }),
  });
  const pending = await readBill(acme);
  await h.call("POST", `/v1/bills/${pending}/submit`);
  const asked = await h.call("POST", "/v1/mcp", { headers: mcpHeaders, body: tool("approve_bill", { id: pending }) });
  const confirmationId = /"confirmationId\\?":\\?"([A-Za-z0-9_-]+)/.exec(asked.text)?.[1];
  if (confirmationId === undefined) throw new Error(`no MCP confirmation: ${asked.text}`);
  await walk("confirmMcpToolCall", "POST", `/v1/mcp/confirmations/${confirmationId}`);
  const agentBill = await readBill(acme);
  await h.call("POST", `/v1/bills/${agentBill}/submit`);
  model.script(
    {
      steps: [{ toolCall: { id: "call_1", name: "approve_bill", argumentParts: [JSON.stringify({ id: agentBill })] } }],
    },
    { steps: [{ text: "Please confirm." }] },
  );
  const askedAgent = await walk("apAgentTurn", "POST", "/agent/ap", {
    headers: { accept: "text/event-stream" },
    body: { message: "Approve the walked bill" },
  });
  const agentToken = sseEvents(askedAgent.text).find((e) => e.event === "confirmation")?.data.token;
  if (typeof agentToken !== "string") throw new Error(`no agent confirmation: ${askedAgent.text}`);
  await walk("confirmAgentToolCall", "POST", `/agent/confirmations/${agentToken}`);
  model.script({ steps: [{ text: "Hello from the walk." }] });
  const turn = await walk("apAgentTurn", "POST", "/agent/ap", {
    headers: { accept: "text/event-stream" },
    body: { message: "Hello" },
  });
  const conversationId = /"id":"([0-9a-f-]{36})"/.exec(turn.text)?.[1] ?? "";
  model.script({ steps: [{ text: "Hello from AR." }] });
  await walk("arAgentTurn", "POST", "/agent/ar", { headers: { accept: "text/event-stream" }, body: { message: "Hi" } });
  await walk("renameAgentConversation", "PATCH", `/agent/conversations/${conversationId}`, { body: { title: "Walk" } });
  await walk("deleteAgentConversation", "DELETE", `/agent/conversations/${conversationId}`);

  // The public approval link, mailed to the organisation's administrators.
  await userWithToken(h, "Admin");
  const linkOf = (amount: string) =>
    new RegExp(`${amount.replace(".", "\\.")}[\\s\\S]*/public/bills/([A-Za-z0-9_-]{43})`);
  const linkBill = await readBill({ ...acme, totalAmount: "111.11" });
  await h.call("POST", `/v1/bills/${linkBill}/submit`);
  const approveLink = (await mailed(linkOf("111.11"), seenMail))[1];
  await walk("approvePublicBill", "POST", `/public/bills/${approveLink}/approve`, {
    headers: { "x-service-api-key": "", "x-service-organisation-id": "" },
    contentType: "application/x-www-form-urlencoded",
    raw: Buffer.from(""),
  });
  const rejectBill = await readBill({ ...acme, totalAmount: "222.22" });
  await h.call("POST", `/v1/bills/${rejectBill}/submit`);
  const rejectLink = (await mailed(linkOf("222.22"), seenMail))[1];
  await walk("rejectPublicBill", "POST", `/public/bills/${rejectLink}/reject`, {
    headers: { "x-service-api-key": "", "x-service-organisation-id": "" },
    contentType: "application/x-www-form-urlencoded",
    raw: Buffer.from("reason=Not+ours"),
  });

  // The portal, signed in with the harness's key: its forms change through the same use cases.
  const portal = await portalSession(String(h.headers["x-service-api-key"]));
  const portalKey = await walk(
    "portalCreateApiKey",
    "POST",
    "/portal/api-keys",
    portal.form({ name: "From the portal" }),
  );
  const portalKeyId = new URL(String(portalKey.headers.location), "http://x").searchParams.get("id") ?? "";
  await walk("portalRevokeApiKey", "POST", "/portal/api-keys/revoke", portal.form({ id: portalKeyId }));
  await walk(
    "portalSaveApprovalPolicy",
    "POST",
    "/portal/approval-policies/policy",
    portal.form({ organisationId: org, name: "Portal policy", priorityOrder: "9", action: "AlwaysReview" }),
  );
  const portalPolicy = ((await h.call("GET", "/v1/approval-policies")).json as { data: Json[] }).data.find(
    (p) => p.name === "Portal policy",
  );
  await walk(
    "portalDeleteApprovalPolicy",
    "POST",
    "/portal/approval-policies/delete",
    portal.form({ organisationId: org, id: String(portalPolicy?.id) }),
  );
  await walk(
    "portalAllowSender",
    "POST",
    "/portal/companies/allow",
    portal.form({ id: companyId, sender: "billing@portal.example" }),
  );
  const allowed = (await h.call("GET", `/v1/companies/${companyId}/allowed-senders`)).json as { data: Json[] };
  const portalSender = allowed.data.find((x) => x.value === "billing@portal.example");
  await walk(
    "portalRemoveAllowedSender",
    "POST",
    "/portal/companies/remove-sender",
    portal.form({ id: companyId, senderId: String(portalSender?.id) }),
  );
  await send(h.app.port ?? 0, {
    method: "POST",
    path: "/inbound/email",
    headers: { ...inbound, "content-type": "message/rfc822" },
    body: await signedMail("nobody@elsewhere.example", address, "Another stranger"),
  });
  const secondRejection = await eventually(async () => {
    const list = (await h.call("GET", `/v1/companies/${companyId}/forwarding-rejections`)).json as Json[];
    return list.find((r) => r.fromAddress === "nobody@elsewhere.example");
  }, "the second rejection");
  await walk(
    "portalAllowRejectedSender",
    "POST",
    "/portal/companies/allow-rejected",
    portal.form({ id: companyId, rejectionId: String(secondRejection.id) }),
  );
  await walk(
    "portalSaveSellerIdentity",
    "POST",
    "/portal/seller-identity",
    portal.form({
      organisationId: org,
      legalName: "Walked Käufer AG",
      addressLine: "Hafenstraße 2",
      city: "Hamburg",
      countryCode: "DE",
      companyRegistrationId: "HRB 1",
      iban: "DE75 5121 0800 1245 1261 99",
      bic: "SOGEDEFFXXX",
    }),
  );
  const reviewed = await readBill(acme);
  await walk(
    "portalCorrectBill",
    "POST",
    "/portal/review/correct",
    portal.form({ organisationId: org, id: reviewed, dueDate: "2999-03-01" }),
  );
  await walk("portalSubmitBill", "POST", "/portal/review/submit", portal.form({ organisationId: org, id: reviewed }));
  await walk("portalApproveBill", "POST", "/portal/review/approve", portal.form({ organisationId: org, id: reviewed }));
  const pasted = { organisationId: org, kind: "customers", csv: "name\nPasted Customer\n" };
  await walk("portalImportCsv", "POST", "/portal/imports", {
    ...portal.form({ ...pasted, mode: "check" }),
    quiet: true,
  });
  await walk("portalImportCsv", "POST", "/portal/imports", portal.form({ ...pasted, mode: "import" }));
  const thisYear = `${new Date().toISOString().slice(0, 4)}-01-01`;
  const booked = await walk(
    "portalCreateBooksExport",
    "POST",
    "/portal/books/exports",
    portal.form({ organisationId: org, from: thisYear, to: new Date().toISOString().slice(0, 10), format: "csv" }),
  );
  const bookedId = /#export-([0-9a-f-]{36})/.exec(String(booked.headers.location ?? ""))?.[1];
  await walk(
    "portalAcknowledgeBooksExport",
    "POST",
    `/portal/books/exports/${bookedId ?? "missing"}/acknowledge`,
    portal.form({ organisationId: org }),
  );
  const duplicated = pdfWith({ ...acme, invoiceNumber: "DUP-P" }, "portal-same");
  await h.settled(idOf(await h.upload(duplicated)));
  const again = idOf(await h.upload(duplicated));
  await h.settled(again);
  await walk(
    "portalDismissDuplicate",
    "POST",
    "/portal/review/dismiss-duplicate",
    portal.form({ organisationId: org, id: again }),
  );
  await walk(
    "portalVoidBill",
    "POST",
    "/portal/review/void",
    portal.form({ organisationId: org, id: again, reason: "Sent twice" }),
  );
  await walk(
    "portalUploadBill",
    "POST",
    "/portal/bills/upload",
    portal.upload({ organisationId: org }, pdfWith({ ...acme, invoiceNumber: "PORTAL-UP" }, "portal-upload")),
  );
  const refused = await readBill(acme);
  await h.call("POST", `/v1/bills/${refused}/submit`);
  await walk(
    "portalRejectBill",
    "POST",
    "/portal/review/reject",
    portal.form({ organisationId: org, id: refused, reason: "No" }),
  );
  const hook = await walk(
    "portalCreateWebhookSubscription",
    "POST",
    "/portal/webhooks",
    portal.form({ url: `${receiver.url}/portal`, eventType: "bill.created" }),
  );
  const hookId = new URL(String(hook.headers.location), "http://x").searchParams.get("id") ?? "";
  await walk(
    "portalUpdateWebhookEventTypes",
    "POST",
    "/portal/webhooks/event-types",
    portal.form({ id: hookId, eventType: "bill.approved" }),
  );
  await walk("portalRotateWebhookSecret", "POST", "/portal/webhooks/rotate-secret", portal.form({ id: hookId }));
  await walk("portalSendWebhookTest", "POST", "/portal/webhooks/test", portal.form({ id: hookId }));
  // Delivered before the subscription is disabled: a delivery due while it is disabled is not sent.
  const hookDelivery = await eventually(async () => {
    const list = (await h.call("GET", `/v1/webhook-deliveries?subscriptionId=${hookId}`)).json as { data: Json[] };
    return list.data.find((d) => d.status === "Succeeded");
  }, "the portal's test delivery");
  await walk("portalDisableWebhookSubscription", "POST", "/portal/webhooks/disable", portal.form({ id: hookId }));
  await walk("portalEnableWebhookSubscription", "POST", "/portal/webhooks/enable", portal.form({ id: hookId }));
  await walk(
    "portalReplayWebhookDelivery",
    "POST",
    "/portal/webhooks/replay",
    portal.form({ id: String(hookDelivery.id), subscriptionId: hookId }),
  );
  await walk(
    "portalRecoverWebhookDeliveries",
    "POST",
    "/portal/webhooks/recover",
    portal.form({ id: hookId, since: new Date(Date.now() - 3_600_000).toISOString() }),
  );
  await walk("portalDeleteWebhookSubscription", "POST", "/portal/webhooks/delete", portal.form({ id: hookId }));

  // People, and a person signing in by a mailed link (the session is recorded as theirs).
  await walk(
    "portalInvitePerson",
    "POST",
    "/portal/people/invite",
    portal.form({ organisationId: org, email: "grace@walk.example", name: "Grace", roles: "Approver" }),
  );
  const grace = await h.app.database.stores.users.ofEmail(h.clientId, "grace@walk.example");
  if (grace === undefined) throw new Error("the invited person has no account");
  await walk(
    "portalChangeRoles",
    "POST",
    "/portal/people/roles",
    portal.form({ organisationId: org, userId: grace.id, roles: "Member" }),
  );
  const linkPattern = /\/portal\/sign-in\/link\/([A-Za-z0-9_-]{43})/;
  const publicForm = (answer: Answer, fields: Record<string, string>) => ({
    raw: Buffer.from(
      new URLSearchParams({ csrf: /name="csrf" value="([^"]+)"/.exec(answer.text)?.[1] ?? "", ...fields }).toString(),
    ),
    contentType: "application/x-www-form-urlencoded",
    headers: { cookie: cookiesOf(answer), "x-service-api-key": "", "x-service-organisation-id": "" },
  });
  const port = h.app.port ?? 0;
  const linkPage = async () => {
    const token = (await mailed(linkPattern, seenMail))[1] ?? "";
    return { token, page: await send(port, { method: "GET", path: `/portal/sign-in/link/${token}` }) };
  };
  const invited = await linkPage();
  await walk("portalUseSignInLink", "POST", `/portal/sign-in/link/${invited.token}`, publicForm(invited.page, {}));
  // An address with an account in two clients: its link offers a choice of them.
  const twins = [];
  for (const clientId of [h.clientId, idOf(client)]) {
    const made = await createUser(deps)({
      clientId,
      email: "twin@walk.example",
      name: "Twin",
      clientRoles: ["Admin"],
    })();
    if (E.isLeft(made)) throw new Error(made.left.code);
    twins.push(made.right.id);
  }
  const signInForm = await send(port, { method: "GET", path: "/portal/sign-in" });
  await walk("portalRequestSignInLink", "POST", "/portal/sign-in/link", {
    ...publicForm(signInForm, { email: "twin@walk.example" }),
    quiet: true,
  });
  const twinLink = await linkPage();
  const used = publicForm(twinLink.page, {});
  const chooser = await send(port, {
    method: "POST",
    path: `/portal/sign-in/link/${twinLink.token}`,
    headers: { ...used.headers, "content-type": used.contentType },
    body: used.raw,
  });
  if (chooser.status !== 200) throw new Error(`no choice of accounts: ${chooser.status}`);
  await walk("portalChooseAccount", "POST", "/portal/sign-in/choose", publicForm(chooser, { account: twins[1] ?? "" }));
  await walk(
    "portalRemoveMember",
    "POST",
    "/portal/people/remove",
    portal.form({ organisationId: org, userId: grace.id }),
  );
  await walk("portalSignOut", "POST", "/portal/sign-out", { ...portal.form({}), quiet: true });

  t.deepEqual(walk.problems, []);
  const notWalked = mutating().filter((op) => !walk.walked.has(op) && !Object.hasOwn(CHANGE_NOTHING, op));
  t.deepEqual(notWalked, [], "mutating routes the walk does not reach: walk them, or say why they change nothing");
  t.deepEqual(
    Object.keys(CHANGE_NOTHING).filter((op) => !mutating().includes(op)),
    [],
    "routes the list names that do not exist",
  );
});

test.serial("the walk fails on a change the audit table no longer records", async (t) => {
  const broken = await startBillHarness({
    overrides: { auditTable: { ...STORE_AUDIT, organisations: { ...STORE_AUDIT.organisations, update: "internal" } } },
  });
  try {
    const walk = walker(broken);
    await walk("updateOrganisation", "PATCH", `/v1/organisations/${broken.organisationId}`, {
      body: { name: "Quiet" },
    });
    await walk("createCustomer", "POST", "/v1/customers", { body: { name: "Still recorded" } });
    t.deepEqual(walk.problems, [
      `updateOrganisation: PATCH /v1/organisations/${broken.organisationId} answered 200 and left no audit entry`,
    ]);
  } finally {
    await broken.dispose();
  }
});
