import type { DeliveryNote, MatchGroup, PurchaseOrder, Tolerances } from "@apar/core";
import type { MatchingStores, NumberedDocuments, OrgScope } from "@apar/core/ports";
import { UniqueConstraintError } from "sequelize";
import { decodeDate, decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { listPage } from "./paging.js";

type Kind = "po" | "dn" | "group" | "tolerances";
type Row = {
  id: unknown;
  client_id: unknown;
  organisation_id: unknown;
  body: unknown;
  created_at: unknown;
  updated_at: unknown;
};
type Doc = {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

const SELECT = "SELECT id, client_id, organisation_id, body, created_at, updated_at FROM matching_documents";

const bodyOf = (d: Doc): string => {
  const { id: _i, clientId: _c, organisationId: _o, createdAt: _a, updatedAt: _u, ...body } = d;
  return JSON.stringify(body);
};

const decode = <D>(r: Row): D =>
  ({
    ...decodeJson<object>(r.body),
    id: String(r.id),
    clientId: String(r.client_id),
    organisationId: String(r.organisation_id),
    createdAt: decodeDate(r.created_at),
    updatedAt: decodeDate(r.updated_at),
  }) as D;

/** A unique index refused the row: answers false instead of throwing. */
const unlessTaken = async (work: () => Promise<unknown>): Promise<boolean> => {
  try {
    await work();
    return true;
  } catch (error) {
    if (error instanceof UniqueConstraintError) return false;
    throw error;
  }
};

const scoped = "client_id = $1 AND organisation_id = $2 AND kind = $3";

const documents = <D extends Doc>(
  session: SqlSession,
  kind: Kind,
  columns: (d: D) => { number: string | null; billId: string | null; refs: string | null },
) => {
  const one = async (scope: OrgScope, where: string, value: string): Promise<D | undefined> => {
    const [row] = await session.select<Row>(`${SELECT} WHERE ${scoped} AND ${where} = $4`, [
      scope.clientId,
      scope.organisationId,
      kind,
      value,
    ]);
    return row === undefined ? undefined : decode<D>(row);
  };
  return {
    add: (d: D) => {
      const c = columns(d);
      return unlessTaken(() =>
        session.execute(
          `INSERT INTO matching_documents (id, kind, client_id, organisation_id, number, bill_id, refs, body, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            d.id,
            kind,
            d.clientId,
            d.organisationId,
            c.number,
            c.billId,
            c.refs,
            bodyOf(d),
            encodeDate(d.createdAt),
            encodeDate(d.updatedAt),
          ],
        ),
      );
    },
    ofId: (scope: OrgScope, id: string) => one(scope, "id", id),
    ofNumber: (scope: OrgScope, number: string) => one(scope, "number", number),
    ofBill: (scope: OrgScope, billId: string) => one(scope, "bill_id", billId),
    update: (d: D) => {
      const c = columns(d);
      return unlessTaken(() =>
        session.execute(
          `UPDATE matching_documents SET number = $1, bill_id = $2, refs = $3, body = $4, updated_at = $5
           WHERE id = $6 AND client_id = $7 AND organisation_id = $8 AND kind = $9`,
          [c.number, c.billId, c.refs, bodyOf(d), encodeDate(d.updatedAt), d.id, d.clientId, d.organisationId, kind],
        ),
      );
    },
    remove: async (scope: OrgScope, id: string) =>
      (await session.execute(`DELETE FROM matching_documents WHERE ${scoped} AND id = $4`, [
        scope.clientId,
        scope.organisationId,
        kind,
        id,
      ])) > 0,
    list: (scope: OrgScope, page: Parameters<NumberedDocuments<D>["list"]>[1]) =>
      listPage(
        session,
        {
          select: SELECT,
          table: "matching_documents",
          index: "matching_documents_list",
          scope,
          seek: [["kind = ?", kind]],
        },
        page,
        (r: Row) => decode<D>(r),
      ),
    ofRef: async (scope: OrgScope, ref: string): Promise<D[]> => {
      // Ids are UUIDs: one cannot be part of another, so a substring match is exact.
      const rows = await session.select<Row>(`${SELECT} WHERE ${scoped} AND refs LIKE $4`, [
        scope.clientId,
        scope.organisationId,
        kind,
        `%${ref}%`,
      ]);
      return rows.map((r) => decode<D>(r));
    },
  };
};

const numbered = (d: PurchaseOrder | DeliveryNote) => ({ number: d.number, billId: null, refs: null });

/** Purchase orders, delivery notes, match groups and tolerances in SQL. */
export const sqlMatching = (session: SqlSession): MatchingStores => {
  const pos = documents<PurchaseOrder>(session, "po", numbered);
  const dns = documents<DeliveryNote>(session, "dn", numbered);
  const groups = documents<MatchGroup>(session, "group", (g) => ({
    number: null,
    billId: g.billId,
    refs: g.purchaseOrderIds.join(" "),
  }));
  type TolDoc = Doc & { readonly tolerances: Tolerances };
  const tolerances = documents<TolDoc>(session, "tolerances", () => ({ number: null, billId: null, refs: null }));
  return {
    purchaseOrders: pos,
    deliveryNotes: dns,
    matchGroups: {
      add: groups.add,
      ofId: groups.ofId,
      ofBill: groups.ofBill,
      update: async (g) => {
        await groups.update(g);
      },
      list: groups.list,
      ofPurchaseOrders: async (scope, ids) => {
        const found = new Map<string, MatchGroup>();
        for (const id of ids) for (const g of await groups.ofRef(scope, id)) found.set(g.id, g);
        return [...found.values()];
      },
    },
    tolerances: {
      of: async (scope) => (await tolerances.ofId(scope, scope.organisationId))?.tolerances,
      put: async (scope, t) => {
        const now = new Date();
        const doc: TolDoc = { id: scope.organisationId, ...scope, tolerances: t, createdAt: now, updatedAt: now };
        if (!(await tolerances.update(doc)) || (await tolerances.ofId(scope, scope.organisationId)) === undefined)
          await tolerances.add(doc);
      },
    },
  };
};
