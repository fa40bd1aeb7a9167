import type { SellerIdentity } from "@apar/core";
import type { SellerIdentities } from "@apar/core/ports";
import { encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { decodeDoc, encodeDoc } from "./receivable-docs.js";

/** Seller identities in SQL: one JSON document per organisation. */
export const sqlSellerIdentities = (session: SqlSession): SellerIdentities => ({
  async ofOrganisation(scope) {
    const [row] = await session.select<{ body: unknown }>(
      "SELECT body FROM seller_identities WHERE client_id = $1 AND organisation_id = $2",
      [scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decodeDoc<SellerIdentity>(row.body, ["updatedAt"]);
  },
  async save(scope, identity) {
    // One upsert: "update, else insert" takes gap locks on MySQL that deadlock two organisations saving at
    // once, and its UPDATE counts changed rows, not matched ones.
    const upsert =
      session.dialect === "mysql"
        ? "ON DUPLICATE KEY UPDATE body = VALUES(body), updated_at = VALUES(updated_at)"
        : "ON CONFLICT (client_id, organisation_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at";
    await session.execute(
      `INSERT INTO seller_identities (client_id, organisation_id, body, updated_at) VALUES ($1, $2, $3, $4) ${upsert}`,
      [scope.clientId, scope.organisationId, encodeDoc(identity), encodeDate(identity.updatedAt)],
    );
  },
});
