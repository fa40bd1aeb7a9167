import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { DeliveryNote, OrderLine, PurchaseOrder } from "../../matching/model.js";
import { PURCHASE_ORDER_MACHINE } from "../../matching/purchase-order-machine.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, type FieldError, notFound, validationError } from "../../shared/errors.js";
import { isNegativeAmount, isPositiveAmount, normalizeAmount } from "../../shared/money.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { transition } from "../../shared/state-machine.js";
import type { ApprovalDeps } from "../approvals/deps.js";
import type { DeliveryNoteBody, PurchaseOrderBody, PurchaseOrderPatch } from "./inputs.js";

type LineBody = PurchaseOrderBody["lines"][number];

const poNotFound = (): DomainError => notFound("PurchaseOrder.NotFound", "The purchase order does not exist.");
const dnNotFound = (): DomainError => notFound("DeliveryNote.NotFound", "The delivery note does not exist.");
const numberTaken = (what: string, number: string): DomainError =>
  conflict(`${what}.NumberTaken`, `The organisation already has a ${what} numbered ${number}.`);

/** Quantities above zero, prices not negative. */
const lineErrors = (lines: readonly LineBody[]): FieldError[] =>
  lines.flatMap((l, i) => [
    ...(isPositiveAmount(l.quantity)
      ? []
      : [{ field: `lines[${i}].quantity`, code: "range", message: "quantity must be above zero" }]),
    ...(l.unitPrice !== undefined && l.unitPrice !== null && isNegativeAmount(l.unitPrice)
      ? [{ field: `lines[${i}].unitPrice`, code: "range", message: "unitPrice must not be negative" }]
      : []),
  ]);

const linesOf = (lines: readonly LineBody[], newId: () => string, before: readonly OrderLine[] = []): OrderLine[] =>
  lines.map((l, i) => ({
    // Lines keep their ids by position, so allocations made to them survive an edit.
    id: before[i]?.id ?? newId(),
    sku: l.sku ?? null,
    description: l.description,
    quantity: normalizeAmount(l.quantity),
    unitPrice: l.unitPrice === undefined || l.unitPrice === null ? null : normalizeAmount(l.unitPrice),
  }));

const supplierErrors = async (s: Pick<Stores, "suppliers">, scope: OrgScope, supplierId: string | null | undefined) =>
  supplierId === undefined ||
  supplierId === null ||
  (await s.suppliers.ofId(scope, supplierId.toLowerCase())) !== undefined
    ? []
    : [{ field: "supplierId", code: "not_found", message: "supplierId is not a supplier of this organisation" }];

/** Creates a purchase order (Open unless Draft is asked for). */
export const createPurchaseOrder =
  (deps: ApprovalDeps<"matching" | "suppliers">) =>
  (scope: OrgScope, body: PurchaseOrderBody): TE.TaskEither<DomainError, PurchaseOrder> =>
  () =>
    deps.db.run(async (s) => {
      const errors = [...lineErrors(body.lines), ...(await supplierErrors(s, scope, body.supplierId))];
      if (errors.length > 0) return E.left(validationError(errors));
      const now = deps.clock.now();
      const po: PurchaseOrder = {
        id: deps.ids.next(),
        ...scope,
        number: body.number,
        supplierId: body.supplierId?.toLowerCase() ?? null,
        currency: body.currency ?? null,
        status: body.status ?? "Open",
        lines: linesOf(body.lines, () => deps.ids.next()),
        createdAt: now,
        updatedAt: now,
      };
      return (await s.matching.purchaseOrders.add(po)) ? E.right(po) : E.left(numberTaken("PurchaseOrder", po.number));
    });

/** Changes a purchase order's fields (not a Closed or Cancelled one). */
export const updatePurchaseOrder =
  (deps: ApprovalDeps<"matching" | "suppliers">) =>
  (scope: OrgScope, id: string, patch: PurchaseOrderPatch): TE.TaskEither<DomainError, PurchaseOrder> =>
  () =>
    deps.db.run(async (s) => {
      const po = await s.matching.purchaseOrders.ofId(scope, id);
      if (po === undefined) return E.left(poNotFound());
      const changing = transition(PURCHASE_ORDER_MACHINE, po.status, "change", undefined);
      if (E.isLeft(changing)) return changing;
      const errors = [...lineErrors(patch.lines ?? []), ...(await supplierErrors(s, scope, patch.supplierId))];
      if (errors.length > 0) return E.left(validationError(errors));
      const next: PurchaseOrder = {
        ...po,
        ...(patch.number === undefined ? {} : { number: patch.number }),
        ...(patch.supplierId === undefined ? {} : { supplierId: patch.supplierId?.toLowerCase() ?? null }),
        ...(patch.currency === undefined ? {} : { currency: patch.currency }),
        ...(patch.status === undefined ? {} : { status: patch.status }),
        ...(patch.lines === undefined ? {} : { lines: linesOf(patch.lines, () => deps.ids.next(), po.lines) }),
        updatedAt: deps.clock.now(),
      };
      return (await s.matching.purchaseOrders.update(next))
        ? E.right(next)
        : E.left(numberTaken("PurchaseOrder", next.number));
    });

/** Closes (`close`) or cancels (`cancel`) a purchase order; both are final. */
export const endPurchaseOrder =
  (deps: ApprovalDeps<"matching">) =>
  (scope: OrgScope, id: string, how: "close" | "cancel"): TE.TaskEither<DomainError, PurchaseOrder> =>
  () =>
    deps.db.run(async (s) => {
      const po = await s.matching.purchaseOrders.ofId(scope, id);
      if (po === undefined) return E.left(poNotFound());
      const moved = transition(PURCHASE_ORDER_MACHINE, po.status, how, undefined);
      if (E.isLeft(moved)) return moved;
      const next: PurchaseOrder = {
        ...po,
        status: moved.right.to,
        updatedAt: deps.clock.now(),
      };
      await s.matching.purchaseOrders.update(next);
      return E.right(next);
    });

/** Creates (id undefined) or replaces a delivery note. */
export const saveDeliveryNote =
  (deps: ApprovalDeps<"matching" | "suppliers">) =>
  (scope: OrgScope, id: string | undefined, body: DeliveryNoteBody): TE.TaskEither<DomainError, DeliveryNote> =>
  () =>
    deps.db.run(async (s) => {
      const before = id === undefined ? undefined : await s.matching.deliveryNotes.ofId(scope, id);
      if (id !== undefined && before === undefined) return E.left(dnNotFound());
      const errors = [...lineErrors(body.lines), ...(await supplierErrors(s, scope, body.supplierId))];
      const poId = body.purchaseOrderId?.toLowerCase() ?? null;
      if (poId !== null && (await s.matching.purchaseOrders.ofId(scope, poId)) === undefined)
        errors.push({
          field: "purchaseOrderId",
          code: "not_found",
          message: "purchaseOrderId is not a purchase order of this organisation",
        });
      if (errors.length > 0) return E.left(validationError(errors));
      const now = deps.clock.now();
      const note: DeliveryNote = {
        id: before?.id ?? deps.ids.next(),
        ...scope,
        number: body.number,
        supplierId: body.supplierId?.toLowerCase() ?? null,
        purchaseOrderId: poId,
        receivedDate: body.receivedDate ?? null,
        status: before?.status ?? "Open",
        lines: linesOf(body.lines, () => deps.ids.next(), before?.lines),
        createdAt: before?.createdAt ?? now,
        updatedAt: now,
      };
      const saved =
        before === undefined ? await s.matching.deliveryNotes.add(note) : await s.matching.deliveryNotes.update(note);
      return saved ? E.right(note) : E.left(numberTaken("DeliveryNote", note.number));
    });

/** Reads, lists and deletes purchase orders and delivery notes. */
export const matchingDocuments = (deps: ApprovalDeps<"matching">) => {
  const po = () => deps.db.stores.matching.purchaseOrders;
  const dn = () => deps.db.stores.matching.deliveryNotes;
  const found =
    <D>(missing: () => DomainError, get: () => Promise<D | undefined>): TE.TaskEither<DomainError, D> =>
    async () => {
      const d = await get();
      return d === undefined ? E.left(missing()) : E.right(d);
    };
  const removed =
    (missing: () => DomainError, remove: () => Promise<boolean>): TE.TaskEither<DomainError, void> =>
    async () =>
      (await remove()) ? E.right(undefined) : E.left(missing());
  return {
    getPurchaseOrder: (scope: OrgScope, id: string) => found(poNotFound, () => po().ofId(scope, id)),
    listPurchaseOrders:
      (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<PurchaseOrder>> =>
      async () =>
        E.right(await po().list(scope, page)),
    deletePurchaseOrder: (scope: OrgScope, id: string) => removed(poNotFound, () => po().remove(scope, id)),
    getDeliveryNote: (scope: OrgScope, id: string) => found(dnNotFound, () => dn().ofId(scope, id)),
    listDeliveryNotes:
      (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<DeliveryNote>> =>
      async () =>
        E.right(await dn().list(scope, page)),
    deleteDeliveryNote: (scope: OrgScope, id: string) => removed(dnNotFound, () => dn().remove(scope, id)),
  };
};
