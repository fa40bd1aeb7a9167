import {
  type Actor,
  type BankDetails,
  type BankDetailsAct,
  normalisedOrNull,
  normaliseSupplierName,
  normaliseTaxNumber,
  type Supplier,
} from "@apar/core";
import type { Suppliers } from "@apar/core/ports";
import { decodeDate, decodeJson, decodeOptionalString, encodeDate, encodeOptionalDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { key255 } from "./bills.js";
import { listPage } from "./paging.js";

interface SupplierRow {
  readonly id: string;
  readonly client_id: string;
  readonly organisation_id: string;
  readonly name: string;
  readonly tax_number: unknown;
  readonly email: unknown;
  readonly address: unknown;
  readonly bank_details: unknown;
  readonly bank_details_proposed_by: unknown;
  readonly bank_details_proposed_at: unknown;
  readonly bank_details_confirmed_by: unknown;
  readonly bank_details_confirmed_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const SELECT = `SELECT id, client_id, organisation_id, name, tax_number, email, address, bank_details,
  bank_details_proposed_by, bank_details_proposed_at, bank_details_confirmed_by, bank_details_confirmed_at,
  created_at, updated_at FROM suppliers`;

const actOf = (by: unknown, at: unknown): BankDetailsAct | null =>
  by === null || by === undefined ? null : { actor: decodeJson<Actor>(by), at: decodeDate(at) };

const decode = (r: SupplierRow): Supplier => ({
  id: r.id,
  clientId: r.client_id,
  organisationId: r.organisation_id,
  name: r.name,
  taxNumber: decodeOptionalString(r.tax_number),
  email: decodeOptionalString(r.email),
  address: decodeOptionalString(r.address),
  bankDetails: r.bank_details === null || r.bank_details === undefined ? null : decodeJson<BankDetails>(r.bank_details),
  bankDetailsProposed: actOf(r.bank_details_proposed_by, r.bank_details_proposed_at),
  bankDetailsConfirmed: actOf(r.bank_details_confirmed_by, r.bank_details_confirmed_at),
  createdAt: decodeDate(r.created_at),
  updatedAt: decodeDate(r.updated_at),
});

const nameKey = (s: Supplier) => key255(normalisedOrNull(s.name, normaliseSupplierName));
const taxKey = (s: Supplier) => key255(normalisedOrNull(s.taxNumber, normaliseTaxNumber));
const bank = (s: Supplier) => (s.bankDetails === null ? null : JSON.stringify(s.bankDetails));
/** The columns of an act: the actor as JSON and the instant. */
const act = (a: BankDetailsAct | null) => [a === null ? null : JSON.stringify(a.actor), encodeOptionalDate(a?.at)];

/** Suppliers in SQL, within one organisation of one client. */
export const sqlSuppliers = (session: SqlSession): Suppliers => ({
  async add(s) {
    await session.execute(
      `INSERT INTO suppliers (id, client_id, organisation_id, name, name_norm, tax_number, tax_number_norm, email,
       address, bank_details, bank_details_proposed_by, bank_details_proposed_at, bank_details_confirmed_by,
       bank_details_confirmed_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        s.id,
        s.clientId,
        s.organisationId,
        s.name,
        nameKey(s),
        s.taxNumber,
        taxKey(s),
        s.email,
        s.address,
        bank(s),
        ...act(s.bankDetailsProposed),
        ...act(s.bankDetailsConfirmed),
        encodeDate(s.createdAt),
        encodeDate(s.updatedAt),
      ],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<SupplierRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decode(row);
  },
  async ofIdForUpdate(scope, id) {
    // A locking read sees the latest committed row, not the transaction's snapshot. SQLite has one writer.
    const lock = session.dialect === "mysql" && session.transaction !== null ? " FOR UPDATE" : "";
    const [row] = await session.select<SupplierRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3${lock}`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decode(row);
  },
  search(scope, q, page) {
    const list = { select: SELECT, table: "suppliers", index: "suppliers_organisation", scope };
    if (q === undefined || q.trim() === "") return listPage(session, list, page, decode);
    // Normal forms hold only letters, digits and spaces; the e-mail is compared lower-cased, its LIKE
    // characters escaped with `!`.
    const any: string[] = [];
    const bind: unknown[] = [];
    const name = normalisedOrNull(q, normaliseSupplierName);
    if (name !== null) {
      any.push("name_norm LIKE ?");
      bind.push(`%${name}%`);
    }
    const tax = normalisedOrNull(q, normaliseTaxNumber);
    if (tax !== null) {
      any.push("tax_number_norm LIKE ?");
      bind.push(`%${tax}%`);
    }
    const email = q
      .trim()
      .toLowerCase()
      .replace(/[!%_]/g, (c) => `!${c}`);
    any.push("LOWER(email) LIKE ? ESCAPE '!'");
    bind.push(`%${email}%`);
    return listPage(session, { ...list, checks: [[`(${any.join(" OR ")})`, ...bind]] }, page, decode);
  },
  async withTaxNumber(scope, taxNumber) {
    const rows = await session.select<SupplierRow>(
      `${SELECT} WHERE client_id = $1 AND organisation_id = $2 AND tax_number_norm = $3 ORDER BY id LIMIT 10`,
      [scope.clientId, scope.organisationId, key255(taxNumber)],
    );
    return rows.map(decode);
  },
  async withName(scope, name) {
    const rows = await session.select<SupplierRow>(
      `${SELECT} WHERE client_id = $1 AND organisation_id = $2 AND name_norm = $3 ORDER BY id LIMIT 10`,
      [scope.clientId, scope.organisationId, key255(name)],
    );
    return rows.map(decode);
  },
  async update(s) {
    await session.execute(
      `UPDATE suppliers SET name = $1, name_norm = $2, tax_number = $3, tax_number_norm = $4, email = $5, address = $6,
       bank_details = $7, bank_details_proposed_by = $8, bank_details_proposed_at = $9, bank_details_confirmed_by = $10,
       bank_details_confirmed_at = $11, updated_at = $12 WHERE id = $13 AND client_id = $14 AND organisation_id = $15`,
      [
        s.name,
        nameKey(s),
        s.taxNumber,
        taxKey(s),
        s.email,
        s.address,
        bank(s),
        ...act(s.bankDetailsProposed),
        ...act(s.bankDetailsConfirmed),
        encodeDate(s.updatedAt),
        s.id,
        s.clientId,
        s.organisationId,
      ],
    );
  },
  async remove(scope, id) {
    return (
      (await session.execute("DELETE FROM suppliers WHERE id = $1 AND client_id = $2 AND organisation_id = $3", [
        id,
        scope.clientId,
        scope.organisationId,
      ])) > 0
    );
  },
});
