import {
  type ApiKey,
  CLIENT_ROLES,
  type Client,
  clientSettingsOf,
  type Membership,
  MODULES,
  ORGANISATION_ROLES,
  type Organisation,
  type User,
} from "@apar/core";
import type { JsonSchema } from "../route.js";
import { S } from "./support.js";

/** How the routes show each tenancy record (Dates become ISO 8601 strings in JSON). */

const object = (properties: Record<string, unknown>): JsonSchema => ({
  type: "object",
  required: Object.keys(properties),
  properties,
});

export const settingsView = (client: Client) => {
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

export const SETTINGS_PROPERTIES = {
  logoUrl: { type: ["string", "null"], format: "uri" },
  primaryColour: { type: ["string", "null"], pattern: "^#[0-9a-fA-F]{6}$" },
  billReviewTimeAfterDueDate: {
    type: ["integer", "null"],
    minimum: 0,
    maximum: 365,
    description: "Days after the due date a bill may wait in review.",
  },
  paymentAllowedRedirectHosts: { type: "array", items: { type: "string" } },
  arEmailsEnabled: { type: "boolean", description: "False hides the invoice email composer." },
  defaultPaymentTermsDays: {
    type: ["integer", "null"],
    minimum: 0,
    maximum: 365,
    description: "Invoice terms in days where neither the customer nor the seller identity sets any; null: 30.",
  },
};
export const SETTINGS_SCHEMA = object(SETTINGS_PROPERTIES);

export const clientView = (c: Client) => ({
  id: c.id,
  name: c.name,
  type: c.type,
  modules: c.modules,
  settings: settingsView(c),
  createdAt: c.createdAt,
});
export const CLIENT_SCHEMA = object({
  id: S.uuid,
  name: S.string,
  type: { type: "string", enum: ["Live", "Sandbox"] },
  modules: { type: "array", items: { type: "string", enum: [...MODULES] } },
  settings: SETTINGS_SCHEMA,
  createdAt: S.dateTime,
});

export const clientSettingsView = (c: Client) => ({ clientId: c.id, type: c.type, ...settingsView(c) });
export const CLIENT_SETTINGS_SCHEMA = object({
  clientId: S.uuid,
  type: { type: "string", enum: ["Live", "Sandbox"] },
  ...SETTINGS_PROPERTIES,
});

export const organisationView = (o: Organisation) => ({
  id: o.id,
  clientId: o.clientId,
  name: o.name,
  industryId: o.industryId,
  timeZone: o.timeZone,
  createdAt: o.createdAt,
});
export const ORGANISATION_SCHEMA = object({
  id: S.uuid,
  clientId: S.uuid,
  name: S.string,
  industryId: S.nullableString,
  timeZone: { type: "string", description: "IANA time zone." },
  createdAt: S.dateTime,
});

const ROLES_SCHEMA = { type: "array", items: { type: "string", enum: [...ORGANISATION_ROLES] } };

export const userView = (u: User, memberships: readonly Membership[]) => ({
  id: u.id,
  clientId: u.clientId,
  email: u.email,
  name: u.name,
  clientRoles: u.clientRoles,
  memberships: memberships.map((m) => ({ organisationId: m.organisationId, roles: m.roles })),
  createdAt: u.createdAt,
});
export const USER_SCHEMA = object({
  id: S.uuid,
  clientId: S.uuid,
  email: { type: "string", format: "email" },
  name: S.string,
  clientRoles: { type: "array", items: { type: "string", enum: [...CLIENT_ROLES] } },
  memberships: { type: "array", items: object({ organisationId: S.uuid, roles: ROLES_SCHEMA }) },
  createdAt: S.dateTime,
});

export const memberView = (u: User, m: Membership) => ({
  userId: u.id,
  organisationId: m.organisationId,
  email: u.email,
  name: u.name,
  roles: m.roles,
  createdAt: m.createdAt,
});
export const MEMBER_SCHEMA = object({
  userId: S.uuid,
  organisationId: S.uuid,
  email: { type: "string", format: "email" },
  name: S.string,
  roles: ROLES_SCHEMA,
  createdAt: S.dateTime,
});

/** A key as listed: never its hash, never the key. */
export const apiKeyView = (k: ApiKey, clientId: string) => ({
  id: k.id,
  clientId,
  keyPrefix: k.keyPrefix,
  name: k.name,
  createdAt: k.createdAt,
  expiresAt: k.expiresAt,
  revokedAt: k.revokedAt,
  lastUsedAt: k.lastUsedAt,
});
export const API_KEY_SCHEMA = object({
  id: S.uuid,
  clientId: S.uuid,
  keyPrefix: S.string,
  name: S.nullableString,
  createdAt: S.dateTime,
  expiresAt: S.nullableDateTime,
  revokedAt: S.nullableDateTime,
  lastUsedAt: S.nullableDateTime,
});
