import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Bill } from "../../bills/model.js";
import { POSTED_BILL_STATES } from "../../books/journal.js";
import type { Actor, OutboxEvent } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import { autoMatch, type BillLineInput } from "../../matching/auto-match.js";
import { MATCH_GROUP_MACHINE } from "../../matching/match-group-machine.js";
import {
  type Allocation,
  DEFAULT_TOLERANCES,
  type DeliveryNote,
  type MatchGroup,
  type MatchStatus,
  type PurchaseOrder,
  purchaseOrderWire,
  type SyncRecord,
  type Tolerances,
  type Variance,
} from "../../matching/model.js";
import { computeVariances, matchStatus } from "../../matching/variances.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, notFound, validationError } from "../../shared/errors.js";
import { addAmounts, compareAmounts, isPositiveAmount, normalizeAmount, wireAmount } from "../../shared/money.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { transition } from "../../shared/state-machine.js";
import type { ApprovalDeps } from "../approvals/deps.js";
import { billNotFound } from "../bills/bill-rules.js";
import type { AllocationBody, MatchGroupBody, ResolutionBody, TolerancesBody } from "./inputs.js";

/** A match group as GET /v1/match-groups/{id} answers it: with its documents' lines and its variances. */
export interface MatchGroupJson {
  readonly id: string;
  readonly organisationId: string;
  readonly billId: string;
  readonly status: MatchStatus;
  readonly billLines: readonly (BillLineInput & { readonly line: number })[];
  readonly purchaseOrders: readonly PurchaseOrder[];
  readonly deliveryNotes: readonly DeliveryNote[];
  readonly allocations: readonly Allocation[];
  readonly suggestions: MatchGroup["suggestions"];
  readonly resolutions: MatchGroup["resolutions"];
  readonly variances: readonly Variance[];
  /** How the group came to be Synced (null until it is). */
  readonly synced: SyncRecord | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const groupNotFound = (): DomainError => notFound("MatchGroup.NotFound", "The match group does not exist.");

const billLinesOf = (bill: Bill): BillLineInput[] =>
  bill.fields.lineItems.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
  }));

/** The organisation's tolerances (the defaults until someone sets them). */
export const tolerancesOf = async (s: Pick<Stores, "matching">, scope: OrgScope): Promise<Tolerances> =>
  (await s.matching.tolerances.of(scope)) ?? DEFAULT_TOLERANCES;

/** Everything a group's variances are computed from, read in `s`. */
const evaluate = async (s: Pick<Stores, "matching">, scope: OrgScope, group: MatchGroup, bill: Bill) => {
  const orders = (
    await Promise.all(group.purchaseOrderIds.map((id) => s.matching.purchaseOrders.ofId(scope, id)))
  ).filter((po): po is PurchaseOrder => po !== undefined);
  const notes = (await Promise.all(group.deliveryNoteIds.map((id) => s.matching.deliveryNotes.ofId(scope, id)))).filter(
    (dn): dn is DeliveryNote => dn !== undefined,
  );
  const billedElsewhere = new Map<string, string>();
  for (const other of await s.matching.matchGroups.ofPurchaseOrders(scope, group.purchaseOrderIds)) {
    if (other.id === group.id) continue;
    for (const a of other.allocations)
      if (a.purchaseOrderLineId !== null)
        billedElsewhere.set(
          a.purchaseOrderLineId,
          addAmounts(billedElsewhere.get(a.purchaseOrderLineId) ?? "0", a.quantity),
        );
  }
  const billLines = billLinesOf(bill);
  const variances = computeVariances({
    group,
    billLines,
    orders,
    notes,
    tolerances: await tolerancesOf(s, scope),
    billedElsewhere,
    currency: bill.fields.currency,
  });
  return { orders, notes, billLines, variances, status: matchStatus(group, billLines.length, variances) };
};

const view = async (
  s: Pick<Stores, "matching">,
  scope: OrgScope,
  group: MatchGroup,
  bill: Bill,
): Promise<MatchGroupJson> => {
  const e = await evaluate(s, scope, group, bill);
  return {
    id: group.id,
    organisationId: group.organisationId,
    billId: group.billId,
    status: group.status === "Synced" ? "Synced" : e.status,
    billLines: e.billLines.map((l, i) => ({
      ...l,
      unitPrice: wireAmount(l.unitPrice, bill.fields.currency),
      amount: wireAmount(l.amount, bill.fields.currency),
      line: i + 1,
    })),
    // An order without a currency of its own is priced in the bill's (what its variances compare against).
    purchaseOrders: e.orders.map((po) => purchaseOrderWire(po, bill.fields.currency)),
    deliveryNotes: e.notes,
    allocations: group.allocations,
    suggestions: group.suggestions,
    resolutions: group.resolutions,
    variances: e.variances,
    synced: group.synced ?? null,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  };
};

const groupEvent = (
  deps: ApprovalDeps<never>,
  group: MatchGroup,
  type: "match_group.created" | "match_group.variance" | "match_group.resolved",
  actor: Actor,
): OutboxEvent =>
  makeEvent({
    ids: deps.ids,
    clock: deps.clock,
    type,
    clientId: group.clientId,
    organisationId: group.organisationId,
    actor,
    data: { matchGroup: { id: group.id, billId: group.billId, status: group.status } },
  });

/**
 * Saves a group with its status recomputed, recording `match_group.variance` when it enters Variance and
 * `match_group.resolved` when it becomes Resolved.
 */
const saveRecomputed = async (
  deps: ApprovalDeps<never>,
  s: Pick<Stores, "events" | "matching">,
  scope: OrgScope,
  group: MatchGroup,
  bill: Bill,
  actor: Actor,
  created: boolean,
): Promise<MatchGroupJson> => {
  const e = await evaluate(s, scope, group, bill);
  const moved = transition(MATCH_GROUP_MACHINE, group.status, "evaluate", e.status);
  if (E.isLeft(moved)) throw new Error(moved.left.detail);
  const next: MatchGroup = { ...group, status: moved.right.to, updatedAt: deps.clock.now() };
  const events: OutboxEvent[] = [];
  if (created) {
    await s.matching.matchGroups.add(next);
    events.push(groupEvent(deps, next, "match_group.created", actor));
  } else await s.matching.matchGroups.update(next);
  // a row's events are recorded on entering its status (a group already in Variance records no second one)
  if (next.status !== group.status || created)
    for (const type of moved.right.events) events.push(groupEvent(deps, next, type, actor));
  await s.events.append(events);
  await refreshOrderStatuses(deps, s, scope, next.purchaseOrderIds);
  return view(s, scope, next, bill);
};

/**
 * Keeps purchase orders' matching status current: Open with nothing allocated, FullyMatched when every line's
 * quantity is allocated across the organisation's groups, PartiallyMatched between. Drafts and ended orders
 * keep theirs.
 */
const refreshOrderStatuses = async (
  deps: ApprovalDeps<never>,
  s: Pick<Stores, "matching">,
  scope: OrgScope,
  ids: readonly string[],
) => {
  for (const id of ids) {
    const po = await s.matching.purchaseOrders.ofId(scope, id);
    if (po === undefined || !["Open", "PartiallyMatched", "FullyMatched"].includes(po.status)) continue;
    const allocated = new Map<string, string>();
    for (const g of await s.matching.matchGroups.ofPurchaseOrders(scope, [id]))
      for (const a of g.allocations)
        if (a.purchaseOrderId === id && a.purchaseOrderLineId !== null)
          allocated.set(a.purchaseOrderLineId, addAmounts(allocated.get(a.purchaseOrderLineId) ?? "0", a.quantity));
    const status =
      allocated.size === 0
        ? "Open"
        : po.lines.every((l) => compareAmounts(allocated.get(l.id) ?? "0", l.quantity) >= 0)
          ? "FullyMatched"
          : "PartiallyMatched";
    if (status !== po.status) await s.matching.purchaseOrders.update({ ...po, status, updatedAt: deps.clock.now() });
  }
};

/**
 * Creates a bill's match group: its purchase orders (given, else found by the bill's PO number), delivery
 * notes (given, else those recorded against the orders found), and the lines matched automatically.
 */
export const createMatchGroup =
  (deps: ApprovalDeps<"bills" | "events" | "matching">) =>
  (scope: OrgScope, actor: Actor, body: MatchGroupBody): TE.TaskEither<DomainError, MatchGroupJson> =>
  () =>
    deps.db.run(async (s) => {
      const billId = body.billId.toLowerCase();
      const bill = await s.bills.ofId(scope, billId);
      if (bill === undefined)
        return E.left(
          validationError([
            { field: "billId", code: "not_found", message: "billId is not a bill of this organisation" },
          ]),
        );
      if ((await s.matching.matchGroups.ofBill(scope, billId)) !== undefined)
        return E.left(conflict("MatchGroup.Exists", "The bill already has a match group."));
      if (bill.state === "Paid" || bill.state === "Voided")
        return E.left(
          conflict(
            "MatchGroup.BillClosed",
            `The bill is ${bill.state}: matching it against orders and receipts can change nothing now. ` +
              "Match a bill before it is approved and paid.",
          ),
        );
      const orders: PurchaseOrder[] = [];
      for (const id of body.purchaseOrderIds ?? []) {
        const po = await s.matching.purchaseOrders.ofId(scope, id.toLowerCase());
        if (po === undefined)
          return E.left(
            validationError([
              {
                field: "purchaseOrderIds",
                code: "not_found",
                message: `${id} is not a purchase order of this organisation`,
              },
            ]),
          );
        orders.push(po);
      }
      if (orders.length === 0 && bill.fields.purchaseOrderNumber !== null) {
        const po = await s.matching.purchaseOrders.ofNumber(scope, bill.fields.purchaseOrderNumber.trim());
        if (po !== undefined) orders.push(po);
      }
      const notes: DeliveryNote[] = [];
      for (const id of body.deliveryNoteIds ?? []) {
        const dn = await s.matching.deliveryNotes.ofId(scope, id.toLowerCase());
        if (dn === undefined)
          return E.left(
            validationError([
              {
                field: "deliveryNoteIds",
                code: "not_found",
                message: `${id} is not a delivery note of this organisation`,
              },
            ]),
          );
        notes.push(dn);
      }
      const matched = autoMatch(billLinesOf(bill), orders, notes, () => deps.ids.next());
      const now = deps.clock.now();
      const group: MatchGroup = {
        id: deps.ids.next(),
        ...scope,
        billId,
        purchaseOrderIds: orders.map((o) => o.id),
        deliveryNoteIds: notes.map((n) => n.id),
        allocations: matched.allocations,
        suggestions: matched.suggestions,
        resolutions: [],
        status: "Open",
        createdAt: now,
        updatedAt: now,
      };
      return E.right(await saveRecomputed(deps, s, scope, group, bill, actor, true));
    });

/** Changes a group (allocations or resolutions) and records the status it reaches. */
const changeGroup =
  (deps: ApprovalDeps) =>
  (
    scope: OrgScope,
    actor: Actor,
    id: string,
    change: (group: MatchGroup, bill: Bill, s: Stores) => Promise<E.Either<DomainError, MatchGroup>>,
  ): TE.TaskEither<DomainError, MatchGroupJson> =>
  () =>
    deps.db.run(async (s) => {
      const group = await s.matching.matchGroups.ofId(scope, id);
      if (group === undefined) return E.left(groupNotFound());
      const bill = await s.bills.ofId(scope, group.billId);
      if (bill === undefined) return E.left(billNotFound());
      const changed = await change(group, bill, s);
      if (E.isLeft(changed)) return changed;
      return E.right(await saveRecomputed(deps, s, scope, changed.right, bill, actor, false));
    });

/** Allocates a bill line to an order line and/or a receipt line of the group's documents. */
export const addAllocation =
  (deps: ApprovalDeps) => (scope: OrgScope, actor: Actor, id: string, body: AllocationBody) =>
    changeGroup(deps)(scope, actor, id, async (group, bill, s) => {
      const errors = [];
      if (body.billLine > bill.fields.lineItems.length)
        errors.push({
          field: "billLine",
          code: "range",
          message: `the bill has ${bill.fields.lineItems.length} lines`,
        });
      if (!isPositiveAmount(body.quantity))
        errors.push({ field: "quantity", code: "range", message: "quantity must be above zero" });
      const poLine = body.purchaseOrderLineId?.toLowerCase() ?? null;
      const dnLine = body.deliveryNoteLineId?.toLowerCase() ?? null;
      const orders = await Promise.all(group.purchaseOrderIds.map((o) => s.matching.purchaseOrders.ofId(scope, o)));
      const notes = await Promise.all(group.deliveryNoteIds.map((n) => s.matching.deliveryNotes.ofId(scope, n)));
      const po = orders.find((o) => o?.lines.some((l) => l.id === poLine));
      const dn = notes.find((n) => n?.lines.some((l) => l.id === dnLine));
      if (poLine === null && dnLine === null)
        errors.push({
          field: "purchaseOrderLineId",
          code: "required",
          message: "give purchaseOrderLineId, deliveryNoteLineId or both",
        });
      if (poLine !== null && po === undefined)
        errors.push({
          field: "purchaseOrderLineId",
          code: "not_found",
          message: "is not a line of the group's purchase orders",
        });
      if (dnLine !== null && dn === undefined)
        errors.push({
          field: "deliveryNoteLineId",
          code: "not_found",
          message: "is not a line of the group's delivery notes",
        });
      if (errors.length > 0) return E.left(validationError(errors));
      const allocation: Allocation = {
        id: deps.ids.next(),
        billLine: body.billLine,
        purchaseOrderId: po?.id ?? null,
        purchaseOrderLineId: poLine,
        deliveryNoteId: dn?.id ?? null,
        deliveryNoteLineId: dnLine,
        quantity: normalizeAmount(body.quantity),
        source: "manual",
      };
      return E.right({
        ...group,
        allocations: [...group.allocations, allocation],
        suggestions: group.suggestions.filter((x) => x.billLine !== body.billLine),
      });
    });

/** Removes an allocation. */
export const removeAllocation =
  (deps: ApprovalDeps) => (scope: OrgScope, actor: Actor, id: string, allocationId: string) =>
    changeGroup(deps)(scope, actor, id, async (group) =>
      group.allocations.some((a) => a.id === allocationId)
        ? E.right({ ...group, allocations: group.allocations.filter((a) => a.id !== allocationId) })
        : E.left(notFound("Allocation.NotFound", "The allocation does not exist.")),
    );

/**
 * Records a decision on a bill line's variances (replacing an earlier one); a line without variances has
 * nothing to decide (409 `Resolution.NoVariance`).
 */
export const addResolution =
  (deps: ApprovalDeps) => (scope: OrgScope, actor: Actor, id: string, body: ResolutionBody) =>
    changeGroup(deps)(scope, actor, id, async (group, bill, s) => {
      if (body.billLine > bill.fields.lineItems.length)
        return E.left(
          validationError([
            { field: "billLine", code: "range", message: `the bill has ${bill.fields.lineItems.length} lines` },
          ]),
        );
      const { variances } = await evaluate(s, scope, group, bill);
      if (!variances.some((v) => v.billLine === body.billLine))
        return E.left(
          conflict(
            "Resolution.NoVariance",
            `Bill line ${body.billLine} has no variance: it matches its order and receipt within the tolerances, ` +
              "so there is nothing to resolve on it.",
          ),
        );
      const resolution = { ...body, actor, at: deps.clock.now().toISOString() };
      return E.right({
        ...group,
        resolutions: [...group.resolutions.filter((r) => r.billLine !== body.billLine), resolution],
      });
    });

/** Withdraws the decision on a bill line. */
export const removeResolution = (deps: ApprovalDeps) => (scope: OrgScope, actor: Actor, id: string, billLine: number) =>
  changeGroup(deps)(scope, actor, id, async (group) =>
    group.resolutions.some((r) => r.billLine === billLine)
      ? E.right({ ...group, resolutions: group.resolutions.filter((r) => r.billLine !== billLine) })
      : E.left(notFound("Resolution.NotFound", "The bill line has no resolution.")),
  );

/** A group with its variances computed now. */
export const getMatchGroup =
  (deps: ApprovalDeps<"bills" | "matching">) =>
  (scope: OrgScope, id: string, byBill = false): TE.TaskEither<DomainError, MatchGroupJson> =>
  async () => {
    const s = deps.db.stores;
    if (byBill && (await s.bills.ofId(scope, id)) === undefined) return E.left(billNotFound());
    const group = byBill
      ? await s.matching.matchGroups.ofBill(scope, id)
      : await s.matching.matchGroups.ofId(scope, id);
    if (group === undefined) return E.left(groupNotFound());
    const bill = await s.bills.ofId(scope, group.billId);
    if (bill === undefined) return E.left(groupNotFound());
    return E.right(await view(s, scope, group, bill));
  };

/** One page of the organisation's match groups (summary: id, billId, status as last recorded). */
export const listMatchGroups =
  (deps: ApprovalDeps<"matching">) =>
  (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<MatchGroup>> =>
  async () =>
    E.right(await deps.db.stores.matching.matchGroups.list(scope, page));

/** The organisation's tolerances. */
export const getTolerances =
  (deps: ApprovalDeps<"matching">) =>
  (scope: OrgScope): TE.TaskEither<DomainError, Tolerances> =>
  async () =>
    E.right(await tolerancesOf(deps.db.stores, scope));

/** Replaces the organisation's tolerances (absent members take the defaults). */
export const putTolerances =
  (deps: ApprovalDeps<"matching">) =>
  (scope: OrgScope, body: TolerancesBody): TE.TaskEither<DomainError, Tolerances> =>
  () =>
    deps.db.run(async (s) => {
      const next: Tolerances = { ...DEFAULT_TOLERANCES, ...body };
      const negative = Object.entries(next).filter(([, v]) => /^-/.test(String(v)));
      if (negative.length > 0)
        return E.left(
          validationError(negative.map(([k]) => ({ field: k, code: "range", message: `${k} must not be negative` }))),
        );
      await s.matching.tolerances.put(scope, next);
      return E.right(next);
    });

/**
 * The gate a bill passes before it leaves review: a bill whose match group is in Variance cannot be
 * submitted (409 naming the group); otherwise the group's status is what approval policies see.
 */
export const matchingReviewGate = async (
  s: Pick<Stores, "matching">,
  scope: OrgScope,
  bill: Bill,
): Promise<E.Either<DomainError, "None" | MatchStatus>> => {
  const group = await s.matching.matchGroups.ofBill(scope, bill.id);
  if (group === undefined) return E.right("None");
  const { status } = await evaluate(s, scope, group, bill);
  if (status === "Variance")
    return E.left(
      conflict(
        "MatchGroup.Variance",
        `The bill's match group ${group.id} is in Variance: resolve its variances before the bill leaves review.`,
      ),
    );
  return E.right(group.status === "Synced" ? "Synced" : status);
};

/**
 * Syncs a posted bill's group in the caller's unit of work: Synced from Open or Resolved (as evaluated now), with when,
 * who and the export; a group already Synced stays as it is. A bill not (or no longer) approved has no booking to have
 * synced (409 `MatchGroup.BillNotPosted`); a group in Variance is 409 `MatchGroup.InvalidTransition`.
 */
export const syncGroupWithin = async (
  deps: ApprovalDeps<never>,
  s: Pick<Stores, "matching">,
  scope: OrgScope,
  group: MatchGroup,
  bill: Bill,
  by: { readonly actor: Actor; readonly exportId: string | null },
): Promise<E.Either<DomainError, MatchGroup>> => {
  if (group.status === "Synced") return E.right(group);
  if (!POSTED_BILL_STATES.includes(bill.state))
    return E.left(
      conflict(
        "MatchGroup.BillNotPosted",
        `The group's bill is ${bill.state}: only a bill that was approved is in the books, so only its group is synced.`,
      ),
    );
  const { status } = await evaluate(s, scope, group, bill);
  const moved = transition(MATCH_GROUP_MACHINE, status, "sync", status);
  if (E.isLeft(moved)) return moved;
  const now = deps.clock.now();
  const next: MatchGroup = {
    ...group,
    status: moved.right.to,
    synced: { at: now.toISOString(), actor: by.actor, exportId: by.exportId },
    updatedAt: now,
  };
  await s.matching.matchGroups.update(next);
  return E.right(next);
};

/**
 * Sets a match group Synced because its bill reached an accounting system outside an export of apar's books (a
 * webhook subscriber that booked the bill says so); syncing a Synced group again changes nothing.
 */
export const syncMatchGroup =
  (deps: ApprovalDeps<"bills" | "matching">) =>
  (scope: OrgScope, actor: Actor, id: string): TE.TaskEither<DomainError, MatchGroupJson> =>
  () =>
    deps.db.run(async (s) => {
      const group = await s.matching.matchGroups.ofId(scope, id);
      if (group === undefined) return E.left(groupNotFound());
      const bill = await s.bills.ofId(scope, group.billId);
      if (bill === undefined) return E.left(groupNotFound());
      const synced = await syncGroupWithin(deps, s, scope, group, bill, { actor, exportId: null });
      return E.isLeft(synced) ? synced : E.right(await view(s, scope, synced.right, bill));
    });
