import * as t from "io-ts";
import { intIn, nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { clientSettingsOf } from "./client-settings.js";
import {
  type ApiKey,
  CLIENT_ROLES,
  type Client,
  type Membership,
  MODULES,
  ORGANISATION_ROLES,
  type Organisation,
  type User,
} from "./model.js";

// How the routes show each tenancy record: instants as ISO 8601 strings.

const iso = (d: Date): string => d.toISOString();
const isoOrNull = (d: Date | null): string | null => (d === null ? null : d.toISOString());

const days = (description: string) => documented(nullable(intIn(0, 365, "Days")), { description });

/** A client's settings, defaults filled in. */
export const SettingsView = t.type(
  {
    logoUrl: documented(nullable(t.string), { format: "uri" }),
    primaryColour: documented(nullable(t.string), { pattern: "^#[0-9a-fA-F]{6}$" }),
    billReviewTimeAfterDueDate: days("Days after the due date a bill may wait in review."),
    paymentAllowedRedirectHosts: t.readonlyArray(t.string),
    arEmailsEnabled: documented(t.boolean, { description: "False hides the invoice email composer." }),
    defaultPaymentTermsDays: days(
      "Invoice terms in days where neither the customer nor the seller identity sets any; null: 30.",
    ),
  },
  "ClientSettings",
);

/** A client's settings as the routes show them. */
export const settingsView = (client: Client): t.TypeOf<typeof SettingsView> => {
  const s = clientSettingsOf(client);
  return {
    logoUrl: s.logoUrl,
    primaryColour: s.primaryColour,
    billReviewTimeAfterDueDate: s.billReviewTimeAfterDueDate,
    paymentAllowedRedirectHosts: s.paymentAllowedRedirectHosts,
    arEmailsEnabled: s.arEmailsEnabled,
    defaultPaymentTermsDays: s.defaultPaymentTermsDays ?? null,
  };
};

const ClientType = oneOf(["Live", "Sandbox"] as const, "ClientType");

/** A client. */
export const ClientView = t.type(
  {
    id: Uuid,
    name: t.string,
    type: ClientType,
    modules: t.readonlyArray(oneOf(MODULES, "Module")),
    settings: SettingsView,
    createdAt: IsoDateTime,
  },
  "Client",
);

/** A client as the routes show it. */
export const clientView = (c: Client): t.TypeOf<typeof ClientView> => ({
  id: c.id,
  name: c.name,
  type: c.type,
  modules: c.modules,
  settings: settingsView(c),
  createdAt: iso(c.createdAt),
});

/** The caller's client: its type and settings. */
export const ClientSettingsView = t.intersection(
  [t.type({ clientId: Uuid, type: ClientType }), SettingsView],
  "ClientSettingsOfClient",
);

/** The caller's client settings as GET /v1/client-settings answers them. */
export const clientSettingsView = (c: Client): t.TypeOf<typeof ClientSettingsView> => ({
  clientId: c.id,
  type: c.type,
  ...settingsView(c),
});

/** An organisation. */
export const OrganisationView = t.type(
  {
    id: Uuid,
    clientId: Uuid,
    name: t.string,
    industryId: nullable(t.string),
    timeZone: documented(t.string, { description: "IANA time zone." }),
    createdAt: IsoDateTime,
  },
  "Organisation",
);

/** An organisation as the routes show it. */
export const organisationView = (o: Organisation): t.TypeOf<typeof OrganisationView> => ({
  id: o.id,
  clientId: o.clientId,
  name: o.name,
  industryId: o.industryId,
  timeZone: o.timeZone,
  createdAt: iso(o.createdAt),
});

const Roles = t.readonlyArray(oneOf(ORGANISATION_ROLES, "OrganisationRole"));
const EmailAddress = documented(t.string, { format: "email" });

/** A user with the organisations they belong to. */
export const UserView = t.type(
  {
    id: Uuid,
    clientId: Uuid,
    email: EmailAddress,
    name: t.string,
    clientRoles: t.readonlyArray(oneOf(CLIENT_ROLES, "ClientRole")),
    memberships: t.readonlyArray(t.type({ organisationId: Uuid, roles: Roles })),
    createdAt: IsoDateTime,
  },
  "User",
);

/** A user as the routes show them. */
export const userView = (u: User, memberships: readonly Membership[]): t.TypeOf<typeof UserView> => ({
  id: u.id,
  clientId: u.clientId,
  email: u.email,
  name: u.name,
  clientRoles: u.clientRoles,
  memberships: memberships.map((m) => ({ organisationId: m.organisationId, roles: m.roles })),
  createdAt: iso(u.createdAt),
});

/** A member of an organisation. */
export const MemberView = t.type(
  { userId: Uuid, organisationId: Uuid, email: EmailAddress, name: t.string, roles: Roles, createdAt: IsoDateTime },
  "Member",
);

/** A member as the routes show them. */
export const memberView = (u: User, m: Membership): t.TypeOf<typeof MemberView> => ({
  userId: u.id,
  organisationId: m.organisationId,
  email: u.email,
  name: u.name,
  roles: m.roles,
  createdAt: iso(m.createdAt),
});

/** An API key as listed: never its hash, never the key. */
export const ApiKeyView = t.type(
  {
    id: Uuid,
    clientId: Uuid,
    keyPrefix: t.string,
    name: nullable(t.string),
    createdAt: IsoDateTime,
    expiresAt: nullable(IsoDateTime),
    revokedAt: nullable(IsoDateTime),
    lastUsedAt: nullable(IsoDateTime),
  },
  "ApiKey",
);

/** A key as its creation answers it: the raw key, shown once. */
export const NewApiKeyView = t.type(
  {
    id: Uuid,
    clientId: Uuid,
    rawKey: t.string,
    keyPrefix: t.string,
    name: nullable(t.string),
    createdAt: IsoDateTime,
    expiresAt: nullable(IsoDateTime),
  },
  "NewApiKey",
);

/** A key as listed. */
export const apiKeyView = (k: ApiKey, clientId: string): t.TypeOf<typeof ApiKeyView> => ({
  id: k.id,
  clientId,
  keyPrefix: k.keyPrefix,
  name: k.name,
  createdAt: iso(k.createdAt),
  expiresAt: isoOrNull(k.expiresAt),
  revokedAt: isoOrNull(k.revokedAt),
  lastUsedAt: isoOrNull(k.lastUsedAt),
});
