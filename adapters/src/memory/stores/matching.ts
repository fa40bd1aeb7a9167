import type { DeliveryNote, MatchGroup, PurchaseOrder, Tolerances } from "@apar/core";
import type { MatchingStores, NumberedDocuments, OrgScope } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy, type MatchingRow } from "../tables.js";
import { keysetPage } from "./paging.js";

type Doc = MatchingRow["doc"];

const inScope = (scope: OrgScope) => (d: Doc) =>
  d.clientId === scope.clientId && d.organisationId === scope.organisationId;

const documents = <D extends Doc>(access: Access, kind: MatchingRow["kind"], unique: (d: D) => readonly string[]) => {
  const rows = () =>
    [...access.read().matchingDocuments.values()].filter((r) => r.kind === kind).map((r) => r.doc as D);
  const clash = (d: D) =>
    rows().some(
      (o) => o.id !== d.id && o.organisationId === d.organisationId && unique(o).some((k) => unique(d).includes(k)),
    );
  return {
    add: (d: D) =>
      access.write((t) => {
        if (t.matchingDocuments.get(d.id) !== undefined) throw new Error(`duplicate matching document ${d.id}`);
        if (clash(d)) return false;
        t.matchingDocuments.set(d.id, { kind, doc: copy(d) });
        return true;
      }),
    ofId: async (scope: OrgScope, id: string) => {
      const r = access.read().matchingDocuments.get(id);
      return r !== undefined && r.kind === kind && inScope(scope)(r.doc) ? copy(r.doc as D) : undefined;
    },
    find: async (scope: OrgScope, pick: (d: D) => boolean) => copy(rows().find((d) => inScope(scope)(d) && pick(d))),
    filter: async (scope: OrgScope, pick: (d: D) => boolean) =>
      copy(rows().filter((d) => inScope(scope)(d) && pick(d))),
    update: (d: D) =>
      access.write((t) => {
        const r = t.matchingDocuments.get(d.id);
        if (r === undefined || r.kind !== kind || !inScope(d)(r.doc)) return true;
        if (clash(d)) return false;
        t.matchingDocuments.set(d.id, { kind, doc: { ...copy(d), createdAt: r.doc.createdAt } });
        return true;
      }),
    remove: (scope: OrgScope, id: string) =>
      access.write((t) => {
        const r = t.matchingDocuments.get(id);
        if (r === undefined || r.kind !== kind || !inScope(scope)(r.doc)) return false;
        t.matchingDocuments.delete(id);
        return true;
      }),
    list: async (scope: OrgScope, page: Parameters<NumberedDocuments<D>["list"]>[1]) =>
      copy(keysetPage(rows().filter(inScope(scope)), (d) => d.id, page)),
  };
};

/** Purchase orders, delivery notes, match groups and tolerances in memory. */
export const memoryMatching = (access: Access): MatchingStores => {
  const numbered = <D extends Doc & { number: string }>(kind: "po" | "dn") => {
    const d = documents<D>(access, kind, (x) => [x.number]);
    return { ...d, ofNumber: (scope: OrgScope, number: string) => d.find(scope, (x) => x.number === number) };
  };
  const groups = documents<MatchGroup & Doc>(access, "group", (g) => [g.billId]);
  type TolDoc = Doc & { tolerances: Tolerances };
  const tolerances = documents<TolDoc>(access, "tolerances", () => []);
  return {
    purchaseOrders: numbered<PurchaseOrder & Doc>("po"),
    deliveryNotes: numbered<DeliveryNote & Doc>("dn"),
    matchGroups: {
      add: groups.add,
      ofId: groups.ofId,
      ofBill: (scope, billId) => groups.find(scope, (g) => g.billId === billId),
      update: async (g) => {
        await groups.update(g as MatchGroup & Doc);
      },
      list: groups.list,
      ofPurchaseOrders: (scope, ids) => groups.filter(scope, (g) => g.purchaseOrderIds.some((id) => ids.includes(id))),
    },
    tolerances: {
      of: async (scope) => (await tolerances.ofId(scope, scope.organisationId))?.tolerances,
      put: async (scope, t) => {
        const doc = { id: scope.organisationId, ...scope, tolerances: t };
        if ((await tolerances.ofId(scope, scope.organisationId)) === undefined) await tolerances.add(doc);
        else await tolerances.update(doc);
      },
    },
  };
};
