import type { SellerIdentity } from "@apar/core";
import type { SellerIdentities } from "@apar/core/ports";
import { UniqueConstraintError } from "sequelize";
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
    const bind = [encodeDoc(identity), encodeDate(identity.updatedAt), scope.clientId, scope.organisationId];
    const changed = await session.execute(
      "UPDATE seller_identities SET body = $1, updated_at = $2 WHERE client_id = $3 AND organisation_id = $4",
      bind,
    );
    if (changed > 0) return;
    try {
      await session.execute(
        "INSERT INTO seller_identities (body, updated_at, client_id, organisation_id) VALUES ($1, $2, $3, $4)",
        bind,
      );
    } catch (error) {
      // MySQL counts changed rows only: the same identity saved twice finds its row here.
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
  },
});
