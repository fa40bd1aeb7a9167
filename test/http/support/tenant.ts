import type { RouteDef } from "@apar/adapters/http/index";
// A tenant with one of everything, for walks over every route (tenant isolation, wire format).
import { randomTokens } from "@apar/adapters/invoices/index";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import {
  type Client,
  DEFAULT_CHART,
  hashToolConfirmationToken,
  newToolConfirmationToken,
  SYSTEM_ACTOR,
  uuidV7,
} from "@apar/core";
import {
  addAllowedSender,
  type CreatedApiKey,
  createCompany,
  createCreditNote,
  createCustomer,
  createInvoice,
  createProduct,
  createWebhookSubscription,
  recordForwardingRejection,
  sendInvoice,
  sendWebhookTest,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { TOKENS } from "../../../host/src/tokens.js";
import { type Harness, key, seedClient, seedKey, seedOrganisation, seedUser } from "../auth/harness.js";
import { send } from "./client.js";

export const MARKER = "tenant-b-secret-marker";

/**
 * A tenant with one of everything: a new client, or (`within`) a new organisation of an existing client, whose
 * company is then linked to that organisation only.
 */
export const seedTenant = async (h: Harness, name: string, within?: { client: Client; apiKey: CreatedApiKey }) => {
  const client = within?.client ?? (await seedClient(h));
  const apiKey = within?.apiKey ?? (await seedKey(h, { kind: "clients", clientIds: [client.id] }));
  const organisation = await seedOrganisation(h, client.id, `${name} org ${MARKER}`);
  const user = await seedUser(h, client.id, { organisationId: organisation.id, roles: ["Admin"] });
  const deps = { db: h.db, clock: h.clock, ids: h.app.container.get(TOKENS.Ids), randomBytes: secureRandomBytes };
  const company = await createCompany(deps)({
    clientId: client.id,
    name: `${name} company ${MARKER}`,
    ...(within === undefined ? {} : { organisationIds: [organisation.id] }),
  })();
  if (E.isLeft(company)) throw new Error(company.left.code);
  const rejection = await recordForwardingRejection(deps)({
    clientId: client.id,
    companyId: company.right.id,
    fromAddress: `${MARKER}@supplier.example`,
    subject: MARKER,
    attachments: [],
    reason: "SenderNotAllowed",
    authResult: "Unknown",
    dkimResult: "Unknown",
    spfResult: "Unknown",
  })();
  if (E.isLeft(rejection)) throw new Error(rejection.left.code);
  const sender = await addAllowedSender(deps)({
    clientId: client.id,
    companyId: company.right.id,
    sender: `${MARKER}@supplier.example`,
  })();
  if (E.isLeft(sender)) throw new Error(sender.left.code);
  const orgHeaders = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  const supplier = await h.call("POST", "/v1/suppliers", {
    headers: orgHeaders,
    body: { name: `${name} supplier ${MARKER}` },
  });
  const boundary = "tenant-walk-boundary";
  const upload = await send(h.app.port ?? 0, {
    method: "POST",
    path: "/v1/bills",
    headers: { ...orgHeaders, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${MARKER}.pdf"\r\n\r\n%PDF-1.7 ${MARKER}\r\n--${boundary}--\r\n`,
    ),
  });
  if (supplier.status !== 201 || upload.status !== 202) throw new Error(`seed: ${supplier.status} ${upload.status}`);
  const supplierId = (supplier.json as { id: string }).id;
  const policy = await h.call("POST", "/v1/approval-policies", {
    headers: orgHeaders,
    body: { name: `${name} policy ${MARKER}`, priorityOrder: 1, action: "AlwaysReview" },
  });
  if (policy.status !== 201) throw new Error(`seed policy: ${policy.status}`);
  const policyId = (policy.json as { id: string }).id;
  const po = await h.call("POST", "/v1/purchase-orders", {
    headers: orgHeaders,
    body: { number: `PO-${MARKER}`, lines: [{ description: MARKER, quantity: "1", unitPrice: "1" }] },
  });
  const note = await h.call("POST", "/v1/delivery-notes", {
    headers: orgHeaders,
    body: { number: `DN-${MARKER}`, lines: [{ description: MARKER, quantity: "1" }] },
  });
  if (po.status !== 201 || note.status !== 201) throw new Error(`seed matching: ${po.status} ${note.status}`);
  const purchaseOrderId = (po.json as { id: string }).id;
  const deliveryNoteId = (note.json as { id: string }).id;
  const billId = (upload.json as { id: string }).id;
  const group = await h.call("POST", "/v1/match-groups", {
    headers: orgHeaders,
    body: { billId, purchaseOrderIds: [purchaseOrderId], deliveryNoteIds: [deliveryNoteId] },
  });
  if (group.status !== 201) throw new Error(`seed match group: ${group.status}`);
  const matchGroupId = (group.json as { id: string }).id;
  // The seeded bill has no lines yet: its allocation goes in through the store.
  const groupScope = { clientId: client.id, organisationId: organisation.id };
  const stored = await h.app.database.stores.matching.matchGroups.ofId(groupScope, matchGroupId);
  const allocationId = missingId();
  if (stored === undefined) throw new Error("seed match group: not stored");
  await h.app.database.stores.matching.matchGroups.update({
    ...stored,
    allocations: [
      {
        id: allocationId,
        billLine: 1,
        purchaseOrderId,
        purchaseOrderLineId: null,
        deliveryNoteId: null,
        deliveryNoteLineId: null,
        quantity: "1",
        source: "manual",
      },
    ],
  });
  const credit = await h.call("POST", `/v1/suppliers/${supplierId}/credit-notes`, {
    headers: orgHeaders,
    body: { amount: "10", currency: "EUR", number: MARKER },
  });
  if (credit.status !== 201) throw new Error(`seed credit note: ${credit.status}`);
  const supplierCreditNoteId = (credit.json as { id: string }).id;
  // Its application goes in through the store: the seeded bill is not read yet (no total to credit).
  const creditApplicationId = missingId();
  const storedNote = await h.app.database.stores.supplierCreditNotes.ofId(groupScope, supplierCreditNoteId);
  if (storedNote === undefined) throw new Error("seed credit note: not stored");
  await h.app.database.stores.supplierCreditNotes.update({
    ...storedNote,
    status: "PartiallyApplied",
    applications: [
      {
        id: creditApplicationId,
        billId,
        amount: "1",
        status: "Applied",
        appliedAt: new Date().toISOString(),
        reversedAt: null,
        actor: { type: "system", id: null },
      },
    ],
  });
  const scope = { clientId: client.id, organisationId: organisation.id };
  const invoiceDeps = { ...deps, tokens: randomTokens(), publicBaseUrl: "https://apar.test" };
  const customer = await createCustomer(invoiceDeps)(scope, { name: `${name} customer ${MARKER}` })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  const schedule = await h.call("POST", "/v1/recurring-invoices", {
    headers: orgHeaders,
    body: { customerId: customer.right.id, cadence: "Monthly", startDate: "2999-01-01", lineItems: [{}], memo: MARKER },
  });
  if (schedule.status !== 201) throw new Error(`seed schedule: ${schedule.status}`);
  const scheduleId = (schedule.json as { id: string }).id;
  // A draft invoice (its reminder routes answer for it before anything else).
  const invoice = await createInvoice(invoiceDeps)({
    scope,
    actor: SYSTEM_ACTOR,
    body: {
      customerId: customer.right.id,
      currency: "EUR",
      lineItems: [{ description: MARKER, quantity: "1", unitPrice: "1" }],
    },
  })();
  if (E.isLeft(invoice)) throw new Error(invoice.left.code);
  const invoiceId = invoice.right.id;
  // A sent invoice with a draft credit note, and a product.
  const sent = await createInvoice(invoiceDeps)({
    scope,
    actor: SYSTEM_ACTOR,
    body: { customerId: customer.right.id, currency: "EUR", lineItems: [{ description: MARKER, unitPrice: "10" }] },
  })();
  if (E.isLeft(sent)) throw new Error(sent.left.code);
  const sentOk = await sendInvoice(invoiceDeps)({ scope, actor: SYSTEM_ACTOR, id: sent.right.id })();
  if (E.isLeft(sentOk)) throw new Error(sentOk.left.code);
  const creditNote = await createCreditNote(invoiceDeps)({
    scope,
    invoiceId: sent.right.id,
    body: { amount: "1", reason: MARKER },
  })();
  if (E.isLeft(creditNote)) throw new Error(creditNote.left.code);
  const product = await createProduct(invoiceDeps)(scope, { name: `${name} product ${MARKER}`, unitPrice: "1" })();
  if (E.isLeft(product)) throw new Error(product.left.code);
  // A subscription (its URL check passes: this walk is about ids, not URLs) and a delivery of its test event.
  const webhookDeps = { ...h.app.container.get(TOKENS.WebhookDeps), checkUrl: async () => E.right(null) };
  const subscription = await createWebhookSubscription(webhookDeps)({
    clientId: client.id,
    url: `https://${MARKER}.example/hook`,
    eventTypes: ["bill.created"],
  })();
  if (E.isLeft(subscription)) throw new Error(subscription.left.code);
  const delivery = await sendWebhookTest(webhookDeps)({
    clientId: client.id,
    id: subscription.right.subscription.id,
    actor: { type: "system", id: null },
  })();
  if (E.isLeft(delivery)) throw new Error(delivery.left.code);
  // A payment run paying the seeded bill, through the store (the seeded bill is not read: nothing to pay yet).
  const paymentRunId = missingId();
  const account = { name: MARKER, iban: "DE89370400440532013000", accountNumber: null, bic: null, country: "DE" };
  await h.app.database.stores.paymentRuns.insert({
    id: paymentRunId,
    clientId: client.id,
    organisationId: organisation.id,
    status: "Proposed",
    currency: "EUR",
    executionDate: "2999-01-01",
    debtor: account,
    messageId: paymentRunId.replace(/-/g, ""),
    controlSum: "1.00",
    items: [
      {
        billId,
        endToEndId: billId.replace(/-/g, ""),
        supplierName: MARKER,
        amount: "1.00",
        creditor: account,
        reference: MARKER,
        status: "Pending",
        returnReason: null,
      },
    ],
    proposedBy: { type: "system", id: null },
    approvalsRequired: 1,
    approvals: [],
    released: null,
    rejected: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  // An export of the books carrying one entry, through the store.
  const accountingExportId = missingId();
  await h.app.database.stores.accountingExports.add({
    id: accountingExportId,
    clientId: client.id,
    organisationId: organisation.id,
    from: "2026-01-01",
    to: "2026-01-31",
    format: "csv",
    onlyNew: false,
    chart: DEFAULT_CHART,
    entryCount: 1,
    lineCount: 2,
    createdAt: new Date(),
    createdBy: SYSTEM_ACTOR,
    acknowledgedAt: null,
    acknowledgedBy: null,
    matchGroupsSynced: 0,
  });
  await h.app.database.stores.accountingExports.addEntries(
    { clientId: client.id, organisationId: organisation.id },
    accountingExportId,
    [
      {
        seq: 1,
        entry: {
          key: `bill:${billId}`,
          kind: "bill",
          date: "2026-01-02",
          documentId: billId,
          documentNumber: MARKER,
          currency: "EUR",
          counterparty: MARKER,
          reference: MARKER,
          text: MARKER,
          lines: [
            { role: "payables", account: "1600", side: "credit", amount: "1", taxRate: null },
            { role: "expenses", account: "4980", side: "debit", amount: "1", taxRate: null },
          ],
        },
      },
    ],
  );
  // A bank statement import with one unmatched credit, through the store.
  const bankStatementId = missingId();
  const statementEntryId = missingId();
  await h.app.database.stores.bankStatements.insert({
    id: bankStatementId,
    clientId: client.id,
    organisationId: organisation.id,
    fingerprint: bankStatementId.replace(/-/g, "").padEnd(64, "0"),
    statementIds: [MARKER],
    accountIbans: [],
    entries: [
      {
        id: statementEntryId,
        paymentKey: `bank-entry:-:${MARKER}`,
        reference: MARKER,
        amount: "1.00",
        currency: "EUR",
        direction: "CRDT",
        bookingDate: "2026-01-01",
        valueDate: null,
        creditorReferences: [],
        remittanceText: [MARKER],
        endToEndIds: [],
        counterpartyName: MARKER,
        counterpartyIban: null,
        bankReferences: [`AcctSvcrRef:${MARKER}`],
        match: null,
      },
    ],
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  // A conversation of B's key with an agent, through the store (no model runs in the walk).
  const conversationId = missingId();
  await h.app.database.stores.conversations.add({
    id: conversationId,
    clientId: client.id,
    organisationId: organisation.id,
    owner: { type: "api_key", id: apiKey.apiKey.id },
    agentType: "Ap",
    customTitle: null,
    autoTitle: MARKER,
    messageCount: 0,
    lastMessagePreview: MARKER,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  // Bill approvals B's key asked for through MCP and an agent, waiting for B's confirmation, through the store.
  const confirmationTokens = { mcp: "", agent: "" };
  for (const via of ["mcp", "agent"] as const) {
    confirmationTokens[via] = newToolConfirmationToken(secureRandomBytes);
    await h.app.database.stores.toolConfirmations.add({
      tokenHash: hashToolConfirmationToken(confirmationTokens[via]),
      clientId: client.id,
      organisationId: organisation.id,
      principal: { type: "api_key", id: apiKey.apiKey.id },
      via,
      tool: "approve_bill",
      input: { id: billId },
      summary: MARKER,
      amount: "1.00",
      currency: "EUR",
      payee: MARKER,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      usedAt: null,
    });
  }
  return {
    client,
    apiKey,
    organisation,
    user,
    company: company.right,
    rejection: rejection.right,
    senderId: sender.right.sender.id,
    supplierId,
    policyId,
    purchaseOrderId,
    deliveryNoteId,
    matchGroupId,
    allocationId,
    supplierCreditNoteId,
    creditApplicationId,
    billId,
    scheduleId,
    invoiceId,
    customerId: customer.right.id,
    productId: product.right.id,
    creditNoteId: creditNote.right.id,
    subscriptionId: subscription.right.subscription.id,
    deliveryId: delivery.right.id,
    paymentRunId,
    bankStatementId,
    statementEntryId,
    accountingExportId,
    conversationId,
    confirmationTokens,
  };
};
export type Tenant = Awaited<ReturnType<typeof seedTenant>>;

/** An id nobody has. */
export const missingId = (): string => uuidV7(Date.now(), secureRandomBytes(10));

/** A well-formed public token of nobody. */
export const PUBLIC_TOKEN = "A".repeat(43);

/** The tenant's id for a path parameter; the walk fails for a parameter it does not know, so it grows with the routes. */
export const idFor = (route: RouteDef, param: string, b: Tenant): string | undefined => {
  const segment = route.path.split("/").at(route.path.split("/").indexOf(`{${param}}`) - 1);
  const byResource: Record<string, string> = {
    organisations: b.organisation.id,
    users: b.user.id,
    "api-keys": b.apiKey.apiKey.id,
    companies: b.company.id,
    clients: b.client.id,
    "forwarding-rejections": b.rejection.id,
    "allowed-senders": b.senderId,
    bills: b.billId,
    suppliers: b.supplierId,
    "recurring-invoices": b.scheduleId,
    invoices: b.invoiceId,
    customers: b.customerId,
    products: b.productId,
    "credit-notes": b.creditNoteId,
    // Public pages take a token, not an id: an id there is as unknown as a missing token.
    i: b.scheduleId,
    "approval-policies": b.policyId,
    "purchase-orders": b.purchaseOrderId,
    "delivery-notes": b.deliveryNoteId,
    "match-groups": b.matchGroupId,
    allocations: b.allocationId,
    resolutions: "1",
    "supplier-credit-notes": b.supplierCreditNoteId,
    applications: b.creditApplicationId,
    "webhook-subscriptions": b.subscriptionId,
    "webhook-deliveries": b.deliveryId,
    "payment-runs": b.paymentRunId,
    exports: b.accountingExportId,
    "bank-statements": b.bankStatementId,
    entries: b.statementEntryId,
    conversations: b.conversationId,
  };
  // A public approval token is itself the credential (the caller's key plays no part): B's real token would
  // rightly open B's page. The walk sends a well-formed token of nobody; test/portal/public-approval covers tokens.
  // A tool confirmation's token is no credential without its owner's: B's real one must answer like nobody's.
  if (segment === "confirmations") return b.confirmationTokens[route.path.startsWith("/agent/") ? "agent" : "mcp"];
  if (param === "token") return PUBLIC_TOKEN;
  if (param === "organisationId") return b.organisation.id;
  return param === "companyId" ? b.company.id : param === "clientId" ? b.client.id : byResource[segment ?? ""];
};
