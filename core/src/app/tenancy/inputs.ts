// The request bodies of the tenancy and auth routes: decoded with these codecs, documented from them.
import * as t from "io-ts";
import { closedType } from "../../shared/codecs/closed-type.js";
import { nullable, oneOf } from "../../shared/codecs/combinators.js";
import { IntFromStringOrNumber } from "../../shared/codecs/int-from-string-or-number.js";
import { DateFromIsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Email, NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CLIENT_ROLES, MODULES, ORGANISATION_ROLES } from "../../tenancy/model.js";

/** The body of POST /v1/auth/codes (and /auth/codes). */
export const AuthCodeBody = closedType({ userId: Uuid, organisationId: Uuid }, {});
/** The body of POST /v1/auth/exchange (and /auth/exchange). */
export const AuthExchangeBody = closedType({ code: NonEmptyTrimmedString(200) }, {});

// The use cases check the URL, the colour and the range; the documentation says what they check.
const SETTINGS = {
  logoUrl: documented(nullable(t.string), { format: "uri" }),
  primaryColour: documented(nullable(t.string), { pattern: "^#[0-9a-fA-F]{6}$" }),
  billReviewTimeAfterDueDate: documented(nullable(IntFromStringOrNumber), {
    minimum: 0,
    maximum: 365,
    description: "Days after the due date a bill may wait in review.",
  }),
  paymentAllowedRedirectHosts: t.array(t.string),
  arEmailsEnabled: documented(t.boolean, { description: "False hides the invoice email composer." }),
  defaultPaymentTermsDays: documented(nullable(IntFromStringOrNumber), {
    minimum: 0,
    maximum: 365,
    description:
      "Invoice terms in days where neither the customer nor the organisation's seller identity sets any; null: 30.",
  }),
};
const SettingsPatch = documented(t.partial(SETTINGS), { description: "Only the settings given change." });
/** The settings PATCH /v1/clients/{clientId} also takes flat, as GET /v1/client-settings spells them. */
export const FLAT_CLIENT_SETTINGS = Object.keys(SETTINGS) as (keyof typeof SETTINGS)[];
const ClientChanges = {
  type: oneOf(["Live", "Sandbox"] as const, "ClientType"),
  modules: t.array(oneOf(MODULES, "Module")),
  settings: SettingsPatch,
};
/** The body of POST /v1/clients. */
export const CreateClientBody = closedType({ name: NonEmptyTrimmedString(200) }, ClientChanges);
/**
 * The body of PATCH /v1/clients/{clientId}: the members given change; settings flat (as GET
 * /v1/client-settings answers them) or under `settings`.
 */
export const UpdateClientBody = closedType({}, { name: NonEmptyTrimmedString(200), ...ClientChanges, ...SETTINGS });

const OrganisationRole = oneOf(ORGANISATION_ROLES, "OrganisationRole");
/** The body of POST /v1/organisations. */
export const CreateOrganisationBody = closedType(
  { name: NonEmptyTrimmedString(200) },
  {
    industryId: nullable(t.string),
    timeZone: documented(NonEmptyTrimmedString(64), { description: "IANA time zone; default UTC." }),
  },
);
/** The body of PATCH /v1/organisations/{id}: its name (what customer-facing texts fall back to). */
export const UpdateOrganisationBody = closedType({ name: NonEmptyTrimmedString(200) }, {});
/** The body of POST /v1/organisations/{id}/users. */
export const AddMemberBody = closedType({ email: Email, name: NonEmptyTrimmedString(200) }, { role: OrganisationRole });
/** The body of POST /v1/users. */
export const CreateUserBody = closedType(
  { email: Email, name: NonEmptyTrimmedString(200) },
  { clientRoles: t.array(oneOf(CLIENT_ROLES, "ClientRole")), organisationId: Uuid, role: OrganisationRole },
);

/** The body of POST /v1/api-keys. */
export const CreateApiKeyBody = closedType(
  {},
  { name: nullable(NonEmptyTrimmedString(200)), expiresAt: nullable(DateFromIsoDateTime) },
);
