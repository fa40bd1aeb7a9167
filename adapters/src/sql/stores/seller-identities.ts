import type { SellerIdentity } from "@apar/core";
import type { SellerIdentities } from "@apar/core/ports";
import type { SqlSession } from "../sql-session.js";
import { organisationDocument, saveOrganisationDocument } from "./organisation-documents.js";
import { decodeDoc, encodeDoc } from "./receivable-docs.js";

/** Seller identities in SQL: one JSON document per organisation. */
export const sqlSellerIdentities = (session: SqlSession): SellerIdentities => ({
  async ofOrganisation(scope) {
    const body = await organisationDocument(session, "seller_identities", scope);
    return body === undefined ? undefined : decodeDoc<SellerIdentity>(body, ["updatedAt"]);
  },
  async save(scope, identity) {
    await saveOrganisationDocument(session, "seller_identities", scope, encodeDoc(identity), identity.updatedAt);
  },
});
