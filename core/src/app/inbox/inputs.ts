// The request bodies of the company routes: decoded with these codecs, documented from them.
import * as t from "io-ts";
import { closedType } from "../../shared/codecs/closed-type.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { COMPANY_ORGANISATIONS_MAX } from "./company-rules.js";

// The use case checks the limit.
const OrganisationIds = documented(t.array(Uuid), { maxItems: COMPANY_ORGANISATIONS_MAX });

/** The body of POST /v1/companies. */
export const CreateCompanyBody = closedType({ name: NonEmptyTrimmedString(200) }, { organisationIds: OrganisationIds });
/** The body of PATCH /v1/companies/{id}. */
export const UpdateCompanyBody = closedType({}, { name: NonEmptyTrimmedString(200), organisationIds: OrganisationIds });
/** The body of POST /v1/companies/{id}/allowed-senders. */
export const AllowedSenderBody = closedType({ sender: t.string }, {});
/** The body of POST /v1/companies/{companyId}/forwarding-rejections/{id}/allow-sender (optional). */
export const AllowFromRejectionBody = closedType({}, { wholeDomain: t.boolean });
/** The body of POST /v1/companies/{companyId}/bills/{billId}/assign. */
export const AssignCompanyBillBody = closedType({ organisationId: Uuid }, {});
