import { change, diff } from "../../audit/diff.js";
import type { AuditChanges } from "../../audit/model.js";
import type { Actor } from "../../events/envelope.js";
import type { MatchingStores } from "../../ports/matching.js";
import type { StoreName, Stores } from "../../ports/stores.js";
import type { OrgScope } from "../../shared/scope.js";
import type { ApiKey } from "../../tenancy/model.js";

/** The chain of changes no client owns: operator keys, for one. */
export const OPERATOR_CHAIN = "00000000-0000-0000-0000-000000000000";

/** A resource one store write changed, and how. */
export interface Touch {
  readonly resourceType: string;
  readonly resourceId: string;
  /** Undefined: the client the change was made for (the request's), else the operator's chain. */
  readonly clientId: string | undefined;
  /** Null for client-wide resources. */
  readonly organisationId: string | null;
  /** `created`, `updated`, `deleted` or a verb of the resource (`revoked`). */
  readonly action: string;
  readonly changes: AuditChanges;
  /** Who, when the store call knows better than the request (a sign-in code names its user). */
  readonly actor?: Actor;
}

/** How a write is audited: what it reads before it runs (in its unit of work), and what it touched. */
export interface WriteAudit<A extends readonly unknown[], R> {
  readonly before?: (stores: Stores, args: A) => Promise<unknown>;
  readonly touches: (args: A, result: R, before: unknown) => readonly Touch[];
}

/**
 * How one store method is audited: `read` changes nothing; `internal` is apar's own bookkeeping that no one decided
 * (queues, deliveries, counters, last-used times, idempotency records, chat transcripts); anything else records what
 * the write changed.
 */
export type MethodAudit<F> =
  | "read"
  | "internal"
  | (F extends (...args: infer A) => Promise<infer R> ? WriteAudit<A, R> : never);

type StoreAudit<S> = { readonly [M in keyof S]-?: MethodAudit<S[M]> };

/** The stores the table describes: the outbox and the log itself are the capture's own business. */
export type AuditedStore = Exclude<StoreName, "events" | "auditLog" | "matching">;

/**
 * Every method of every store, said to read, to keep books, or how it changes what: a store method added without its
 * row does not compile, so no write can bypass the audit log.
 */
export type StoreAuditTable = { readonly [K in AuditedStore]: StoreAudit<Stores[K]> } & {
  readonly matching: { readonly [K in keyof MatchingStores]: StoreAudit<MatchingStores[K]> };
};

interface Owned {
  readonly clientId: string;
  readonly organisationId?: string | null;
}
interface Identified extends Owned {
  readonly id: string;
}

const touch = (
  resourceType: string,
  resourceId: string,
  owner: Partial<Owned>,
  action: string,
  changes: AuditChanges,
): Touch => ({
  resourceType,
  resourceId,
  clientId: owner.clientId,
  organisationId: owner.organisationId ?? null,
  action,
  changes,
});

/** False answers (a duplicate number, a stale version, nothing removed) changed nothing. */
const changed = (result: unknown): boolean => result !== false && result !== 0;

/** `add(record)`: the record is created. */
const adds = <R extends Identified>(type: string): WriteAudit<readonly [R, ...unknown[]], unknown> => ({
  touches: ([record], result) =>
    changed(result) ? [touch(type, record.id, record, "created", diff(null, record))] : [],
});

/** `update(record, ...)`: the record as `read` finds it before is compared with the one written. */
const updates = <R extends Identified>(
  type: string,
  read: (stores: Stores, record: R) => Promise<R | undefined>,
): WriteAudit<readonly [R, ...unknown[]], unknown> => ({
  before: (stores, [record]) => read(stores, record),
  touches: ([record], result, before) =>
    changed(result) ? [touch(type, record.id, record, "updated", diff(before as R | undefined, record))] : [],
});

/** `remove(scope, id)`-like calls: the record `read` finds before is gone. */
const removes = <A extends readonly unknown[], R extends Identified>(
  type: string,
  read: (stores: Stores, args: A) => Promise<R | undefined>,
): WriteAudit<A, unknown> => ({
  before: read,
  touches: (_args, result, before) => {
    const gone = before as R | undefined;
    return gone !== undefined && changed(result) ? [touch(type, gone.id, gone, "deleted", diff(gone, null))] : [];
  },
});

/** `save(record)` of a record that may be new: created or updated, compared with what `read` found. */
const saves = <A extends readonly unknown[]>(
  type: string,
  idOf: (args: A) => string,
  ownerOf: (args: A) => Owned,
  recordOf: (args: A) => object,
  read: (stores: Stores, args: A) => Promise<object | undefined>,
  prefix = "",
): WriteAudit<A, unknown> => ({
  before: read,
  touches: (args, _result, before) => [
    touch(
      type,
      idOf(args),
      ownerOf(args),
      before === undefined ? "created" : "updated",
      diff(before as object | undefined, recordOf(args), prefix),
    ),
  ],
});

const orgScope = (scope: OrgScope): Owned => scope;

/** A membership's id in the log: its organisation and user. */
const membershipId = (m: { readonly userId: string; readonly organisationId: string }): string =>
  `${m.organisationId}/${m.userId}`;

/** A key's clients: each client it serves sees its creation and revocation; an operator key belongs to none. */
const keyTouches = (key: ApiKey, action: string, changes: AuditChanges): Touch[] =>
  key.scope.kind === "operator"
    ? [touch("api_key", key.id, { clientId: OPERATOR_CHAIN }, action, changes)]
    : key.scope.clientIds.map((clientId) => touch("api_key", key.id, { clientId }, action, changes));

const numbered = <D extends Identified>(
  type: string,
  store: (s: Stores) => { ofId(scope: OrgScope, id: string): Promise<D | undefined> },
): StoreAudit<MatchingStores["purchaseOrders"]> => ({
  add: adds(type),
  ofId: "read",
  ofNumber: "read",
  update: updates(type, (s, doc) => store(s).ofId(doc as unknown as OrgScope, doc.id) as Promise<never>),
  remove: removes(type, (s, [scope, id]) => store(s).ofId(scope, id)),
  list: "read",
});

const catalogue = (type: string, store: (s: Stores) => Stores["customers"] | Stores["products"]) => ({
  add: adds(type),
  ofId: "read" as const,
  search: "read" as const,
  sample: "read" as const,
  update: updates(type, (s, r: Identified) => store(s).ofId(r as OrgScope, r.id) as Promise<never>),
  remove: removes(type, (s, [scope, id]: readonly [OrgScope, string]) => store(s).ofId(scope, id) as Promise<never>),
});

/** The one table of how every store write is audited. */
export const STORE_AUDIT: StoreAuditTable = {
  clients: {
    // A client's first entry is its creation, in its own chain.
    add: {
      touches: ([client]) => [touch("client", client.id, { clientId: client.id }, "created", diff(null, client))],
    },
    ofId: "read",
    list: "read",
    update: {
      before: (s, [client]) => s.clients.ofId(client.id),
      touches: ([client], _r, before) => [
        touch("client", client.id, { clientId: client.id }, "updated", diff(before as object | undefined, client)),
      ],
    },
    count: "read",
  },
  organisations: {
    add: { touches: ([o]) => [touch("organisation", o.id, { ...o, organisationId: o.id }, "created", diff(null, o))] },
    ofId: "read",
    listByClient: "read",
    update: {
      before: (s, [o]) => s.organisations.ofId(o.clientId, o.id),
      touches: ([o], _r, before) => [
        touch("organisation", o.id, { ...o, organisationId: o.id }, "updated", diff(before as object | undefined, o)),
      ],
    },
  },
  users: { add: adds("user"), ofId: "read", ofEmail: "read", withEmail: "read" },
  memberships: {
    // A membership names no client: the request's (or the organisation's made in the same unit of work).
    add: { touches: ([m]) => [touch("membership", membershipId(m), m, "created", diff(null, m))] },
    of: "read",
    ofUser: "read",
    ofOrganisation: "read",
    setRoles: {
      before: (s, [userId, organisationId]) => s.memberships.of(userId, organisationId),
      touches: ([userId, organisationId, roles], _r, before) =>
        before === undefined
          ? []
          : [
              touch("membership", membershipId({ userId, organisationId }), { organisationId }, "updated", {
                roles: change((before as { roles: unknown }).roles, roles),
              }),
            ],
    },
    remove: {
      before: (s, [userId, organisationId]) => s.memberships.of(userId, organisationId),
      touches: ([userId, organisationId], removed, before) =>
        removed && before !== undefined
          ? [
              touch(
                "membership",
                membershipId({ userId, organisationId }),
                { organisationId },
                "deleted",
                diff(before as object, null),
              ),
            ]
          : [],
    },
    lockOrganisation: "read",
  },
  apiKeys: {
    add: { touches: ([key]) => keyTouches(key, "created", diff(null, key)) },
    ofPrefix: "read",
    ofId: "read",
    withTenancy: "read",
    listByClient: "read",
    revoke: {
      before: (s, [id]) => s.apiKeys.ofId(id),
      touches: ([, at], _r, before) => {
        const key = before as ApiKey | undefined;
        return key === undefined ? [] : keyTouches(key, "revoked", { revokedAt: change(key.revokedAt, at) });
      },
    },
    touch: "internal",
  },
  authCodes: {
    // Issuing a user's sign-in code and its use (the user signing in) are the user's story.
    add: { touches: ([code]) => [touch("user", code.userId, code, "sign_in_code_issued", diff(null, code))] },
    consume: {
      touches: (_args, code) =>
        code === undefined
          ? []
          : [
              {
                ...touch("user", code.userId, code, "signed_in", { usedAt: change(null, code.usedAt) }),
                actor: { type: "user", id: code.userId },
              },
            ],
    },
  },
  // A sign-in link is a one-time credential mailed to an address (no client yet): what it leads to is recorded, the
  // account and membership an invitation makes and the session a link or OpenID Connect opens.
  signInLinks: { add: "internal", consume: "internal", usable: "read" },
  personSessions: {
    add: {
      touches: ([session]) => [
        {
          ...touch("user", session.userId, session, "signed_in", {
            method: change(null, session.method),
            expiresAt: change(null, session.expiresAt),
          }),
          actor: { type: "user", id: session.userId },
        },
      ],
    },
    live: "read",
    end: {
      before: (s, [idHash, at]) => s.personSessions.live(idHash, at),
      touches: ([, at], _r, before) => {
        const session = before as { userId: string; clientId: string } | undefined;
        return session === undefined
          ? []
          : [
              {
                ...touch("user", session.userId, session, "signed_out", { endedAt: change(null, at) }),
                actor: { type: "user", id: session.userId },
              },
            ];
      },
    },
  },
  companies: {
    add: adds("company"),
    ofId: "read",
    ofSlug: "read",
    listByClient: "read",
    update: updates("company", (s, c) => s.companies.ofId(c.clientId, c.id)),
    remove: removes("company", (s, [clientId, id]) => s.companies.ofId(clientId, id)),
  },
  forwardingRejections: {
    add: adds("forwarding_rejection"),
    newestOfCompany: "read",
    ofId: "read",
    removeOfCompany: {
      touches: ([clientId, companyId], removed) =>
        removed > 0
          ? [touch("company", companyId, { clientId }, "deleted", { forwardingRejections: change(removed, 0) })]
          : [],
    },
  },
  allowedSenders: {
    add: adds("allowed_sender"),
    listOfCompany: "read",
    ofId: "read",
    remove: removes("allowed_sender", (s, [clientId, companyId, id]) => s.allowedSenders.ofId(clientId, companyId, id)),
    removeOfCompany: {
      touches: ([clientId, companyId], removed) =>
        removed > 0
          ? [touch("company", companyId, { clientId }, "deleted", { allowedSenders: change(removed, 0) })]
          : [],
    },
  },
  companyBills: {
    // A bill received against a company is a bill (the event `company_bill.awaiting_organisation` says so too).
    add: adds("bill"),
    ofId: "read",
    update: updates("bill", (s, b) => s.companyBills.ofId(b.clientId, b.companyId, b.id)),
    remove: removes("bill", (s, [clientId, companyId, id]) => s.companyBills.ofId(clientId, companyId, id)),
    removeOfCompany: {
      touches: ([clientId, companyId], removed) =>
        removed > 0 ? [touch("company", companyId, { clientId }, "deleted", { bills: change(removed, 0) })] : [],
    },
    documentHashes: "read",
  },
  jobs: {
    enqueue: "internal",
    claim: "internal",
    renew: "internal",
    complete: "internal",
    fail: "internal",
    release: "internal",
    ofId: "read",
    livePayloads: "read",
    depth: "read",
  },
  bills: {
    add: adds("bill"),
    ofId: "read",
    update: updates("bill", (s, b) => s.bills.ofId(b, b.id)),
    list: "read",
    duplicateCandidates: "read",
    paidBankDetails: "read",
    staleInExtracting: "read",
    referencedDocuments: "read",
  },
  suppliers: {
    add: adds("supplier"),
    ofId: "read",
    ofIdForUpdate: "read",
    search: "read",
    withTaxNumber: "read",
    withName: "read",
    update: updates("supplier", (s, r) => s.suppliers.ofId(r, r.id)),
    remove: removes("supplier", (s, [scope, id]) => s.suppliers.ofId(scope, id)),
  },
  idempotencyKeys: { add: "internal", find: "read" },
  webhookSubscriptions: {
    addWithinLimit: adds("webhook_subscription"),
    ofId: "read",
    listByClient: "read",
    activeOfClient: "read",
    ofIds: "read",
    update: updates("webhook_subscription", (s, r) => s.webhookSubscriptions.ofId(r.clientId, r.id)),
    remove: removes("webhook_subscription", (s, [clientId, id]) => s.webhookSubscriptions.ofId(clientId, id)),
    // Failure counts of deliveries (and the automatic disable they lead to) are the delivery worker's books.
    recordAttempts: "internal",
  },
  webhookDeliveries: {
    addMany: "internal",
    ofId: "read",
    list: "read",
    claimDue: "internal",
    finishAttempt: "internal",
    finishAttempts: "internal",
    // A person sending a delivery again, or every failed one of a subscription since a time.
    requeue: {
      before: (s, [clientId, id]) => s.webhookDeliveries.ofId(clientId, id),
      touches: ([clientId, id], requeued, before) =>
        requeued
          ? [
              touch("webhook_delivery", id, { clientId }, "replayed", {
                status: change((before as { status?: string } | undefined)?.status ?? null, "Pending"),
              }),
            ]
          : [],
    },
    requeueFailed: {
      touches: ([clientId, subscriptionId, since], requeued) => [
        touch("webhook_subscription", subscriptionId, { clientId }, "deliveries_recovered", {
          failedSince: change(null, since),
          requeued: change(null, requeued),
        }),
      ],
    },
    resumeParked: "internal",
    release: "internal",
  },
  recurringSchedules: {
    add: adds("recurring_invoice"),
    ofId: "read",
    list: "read",
    update: updates("recurring_invoice", (s, r) => s.recurringSchedules.ofId(r, r.id)),
    due: "read",
  },
  invoiceReminders: {
    rulesOf: "read",
    saveRules: saves(
      "reminder_rules",
      ([scope]) => scope.organisationId,
      ([scope]) => scope,
      ([, offsets]) => ({ offsets }),
      async (s, [scope]) => {
        const offsets = await s.invoiceReminders.rulesOf(scope);
        return offsets === undefined ? undefined : { offsets };
      },
    ),
    add: adds("invoice_reminder"),
    ofId: "read",
    ofInvoice: "read",
    update: updates("invoice_reminder", (s, r) => s.invoiceReminders.ofId(r, r.id)),
    due: "read",
    unplanned: "read",
    markPlanned: "internal",
  },
  approvalPolicies: {
    add: adds("approval_policy"),
    ofId: "read",
    list: "read",
    update: updates("approval_policy", (s, r) => s.approvalPolicies.ofId(r, r.id)),
    remove: removes("approval_policy", (s, [scope, id]) => s.approvalPolicies.ofId(scope, id)),
  },
  billLifecycles: {
    ofBill: "read",
    ofBills: "read",
    // A bill's decision, approvals and payment are part of the bill's story.
    save: saves(
      "bill",
      ([l]) => l.billId,
      ([l]) => l,
      ([l]) => l,
      (s, [l]) => s.billLifecycles.ofBill(l, l.billId),
      "approval.",
    ),
    lockBill: "read",
    approvedCount: "read",
  },
  approvalLinks: {
    add: {
      touches: ([link]) => [
        touch("bill", link.billId, link, "approval_link_sent", {
          [`approvalLinks.${link.userId}`]: change(null, link),
        }),
      ],
    },
    ofHash: "read",
    markUsed: {
      before: (s, [tokenHash]) => s.approvalLinks.ofHash(tokenHash),
      touches: ([, at], used, before) => {
        const link = before as { billId: string; userId: string; clientId: string; organisationId: string } | undefined;
        return used && link !== undefined
          ? [
              touch("bill", link.billId, link, "approval_link_used", {
                [`approvalLinks.${link.userId}.usedAt`]: change(null, at),
              }),
            ]
          : [];
      },
    },
    // Every move of a bill ends its open links (whether it had any or not): the move's own entry records it.
    revokeForBill: "internal",
  },
  matching: {
    purchaseOrders: numbered("purchase_order", (s) => s.matching.purchaseOrders),
    deliveryNotes: numbered("delivery_note", (s) => s.matching.deliveryNotes) as StoreAudit<
      MatchingStores["deliveryNotes"]
    >,
    matchGroups: {
      add: adds("match_group"),
      ofId: "read",
      ofBill: "read",
      update: updates("match_group", (s, g) => s.matching.matchGroups.ofId(g, g.id)),
      list: "read",
      ofPurchaseOrders: "read",
    },
    tolerances: {
      of: "read",
      put: saves(
        "match_tolerances",
        ([scope]) => scope.organisationId,
        ([scope]) => orgScope(scope),
        ([, tolerances]) => tolerances,
        (s, [scope]) => s.matching.tolerances.of(scope),
      ),
    },
  },
  supplierCreditNotes: {
    add: adds("supplier_credit_note"),
    ofId: "read",
    update: updates("supplier_credit_note", (s, r) => s.supplierCreditNotes.ofId(r, r.id)),
    remove: removes("supplier_credit_note", (s, [scope, id]) => s.supplierCreditNotes.ofId(scope, id)),
    list: "read",
    lock: "read",
  },
  customers: catalogue("customer", (s) => s.customers),
  products: catalogue("product", (s) => s.products) as StoreAudit<Stores["products"]>,
  invoices: {
    add: adds("invoice"),
    ofId: "read",
    ofPublicToken: "read",
    update: updates("invoice", (s, r) => s.invoices.ofId(r, r.id)),
    list: "read",
  },
  creditNotes: {
    add: adds("credit_note"),
    ofId: "read",
    update: updates("credit_note", (s, r) => s.creditNotes.ofId(r, r.id)),
    list: "read",
  },
  // Numbers are given inside the unit of work of the document that takes one (audited there).
  documentNumbers: { next: "internal" },
  sellerIdentities: {
    ofOrganisation: "read",
    save: saves(
      "seller_identity",
      ([scope]) => scope.organisationId,
      ([scope]) => scope,
      ([, identity]) => identity,
      (s, [scope]) => s.sellerIdentities.ofOrganisation(scope),
    ),
  },
  paymentRuns: {
    insert: adds("payment_run"),
    update: updates("payment_run", (s, r) => s.paymentRuns.ofId(r, r.id)),
    ofId: "read",
    ofBill: "read",
    list: "read",
    lock: "read",
    settingsOf: "read",
    saveSettings: saves(
      "payment_run_settings",
      ([scope]) => scope.organisationId,
      ([scope]) => scope,
      ([, settings]) => settings,
      (s, [scope]) => s.paymentRuns.settingsOf(scope),
    ),
  },
  accountingCharts: {
    ofOrganisation: "read",
    save: saves(
      "accounting_chart",
      ([scope]) => scope.organisationId,
      ([scope]) => scope,
      ([, chart]) => chart,
      (s, [scope]) => s.accountingCharts.ofOrganisation(scope),
    ),
  },
  accountingExports: {
    add: adds("accounting_export"),
    // The entries an export carried are its own books (the export's entry says what it is).
    addEntries: "internal",
    ofId: "read",
    list: "read",
    entries: "read",
    carried: "read",
    acknowledge: updates("accounting_export", (s, r) => s.accountingExports.ofId(r, r.id)),
  },
  bookSources: {
    billsDated: "read",
    billsChanged: "read",
    invoicesIssued: "read",
    invoicesChanged: "read",
    creditNotesIssued: "read",
  },
  bankStatements: {
    insert: adds("bank_statement"),
    update: updates("bank_statement", (s, r) => s.bankStatements.ofId(r, r.id)),
    ofId: "read",
    ofFingerprint: "read",
    list: "read",
    lock: "read",
  },
  conversations: {
    add: adds("agent_conversation"),
    // Each turn moves the counters and the preview: only a rename is someone's change.
    update: {
      before: (s, [c]) => s.conversations.ofId(c, c.id),
      touches: ([c], _r, before) => {
        const changes = diff(
          { customTitle: (before as { customTitle?: unknown } | undefined)?.customTitle ?? null },
          { customTitle: c.customTitle },
        );
        return Object.keys(changes).length === 0 ? [] : [touch("agent_conversation", c.id, c, "renamed", changes)];
      },
    },
    ofId: "read",
    list: "read",
    remove: removes("agent_conversation", (s, [scope, id]) => s.conversations.ofId(scope, id)),
    addMessage: "internal",
    messages: "read",
  },
  toolConfirmations: {
    add: {
      touches: ([c]) => [
        touch("tool_confirmation", c.tokenHash, c, "requested", diff(null, { ...c, tokenHash: undefined })),
      ],
    },
    ofHash: "read",
    markUsed: {
      touches: ([scope, tokenHash, at], used) =>
        used ? [touch("tool_confirmation", tokenHash, scope, "confirmed", { usedAt: change(null, at) })] : [],
    },
  },
  reports: { bills: "read", invoices: "read" },
  paymentAccounts: {
    ofOrganisation: "read",
    ofAccountId: "read",
    save: saves(
      "payment_account",
      ([a]) => a.accountId,
      ([a]) => a,
      ([a]) => a,
      (s, [a]) => s.paymentAccounts.ofOrganisation(a),
    ),
    // The processor's events applied once each: an idempotency record (what they change is audited there).
    markEventApplied: "internal",
  },
};
