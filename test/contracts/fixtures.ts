import { systemClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import type {
  ApiKey,
  AuthCode,
  Client,
  Company,
  ForwardingRejection,
  Membership,
  Organisation,
  OutboxEvent,
  User,
} from "@apar/core";

/** A time with milliseconds, to prove instants round-trip exactly. */
export const T0 = new Date("2026-03-04T05:06:07.891Z");

/** `ms` after T0. */
export const at = (ms: number): Date => new Date(T0.getTime() + ms);

const ids = randomIds(systemClock);

/** A new time-ordered id. */
export const newId = (): string => ids.next();

/** Ids in ascending order, as many as asked. */
export const sortedIds = (count: number): string[] => Array.from({ length: count }, newId).sort();

export const aClient = (over: Partial<Client> = {}): Client => ({
  id: newId(),
  name: "Acme Holdings",
  type: "Live",
  modules: ["ap", "ar"],
  createdAt: at(0),
  ...over,
});

export const anOrganisation = (clientId: string, over: Partial<Organisation> = {}): Organisation => ({
  id: newId(),
  clientId,
  name: "Acme GmbH",
  industryId: null,
  timeZone: "Europe/Berlin",
  createdAt: at(0),
  ...over,
});

export const aUser = (clientId: string, over: Partial<User> = {}): User => ({
  id: newId(),
  clientId,
  email: `user-${newId()}@example.com`,
  name: "Ada Lovelace",
  clientRoles: [],
  createdAt: at(0),
  ...over,
});

export const aMembership = (userId: string, organisationId: string, over: Partial<Membership> = {}): Membership => ({
  userId,
  organisationId,
  roles: ["Member"],
  createdAt: at(0),
  ...over,
});

export const anApiKey = (clientIds: readonly string[], over: Partial<ApiKey> = {}): ApiKey => ({
  id: newId(),
  name: "ci",
  scope: { kind: "clients", clientIds },
  keyPrefix: `ak_${newId().slice(-12)}`,
  keyHash: "a".repeat(64),
  createdAt: at(0),
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  ...over,
});

export const anEvent = (clientId: string, over: Partial<OutboxEvent> & { occurredAt?: Date; type?: string } = {}) => {
  const { occurredAt = at(0), type = "bill.created", ...rest } = over;
  const event: OutboxEvent = {
    envelope: {
      id: newId(),
      type,
      occurredAt: occurredAt.toISOString(),
      organisationId: null,
      actor: { type: "system", id: null },
      data: { amount: "10.50", lines: [1, 2] },
    },
    clientId,
    subjectType: "bill",
    subjectId: newId(),
    ...rest,
  };
  return event;
};

export const anAuthCode = (clientId: string, over: Partial<AuthCode> = {}): AuthCode => ({
  codeHash: `${newId().replaceAll("-", "")}${"0".repeat(32)}`,
  clientId,
  userId: newId(),
  organisationId: newId(),
  apiKeyId: newId(),
  createdAt: at(0),
  expiresAt: at(300_000),
  usedAt: null,
  ...over,
});

export const aCompany = (clientId: string, over: Partial<Company> = {}): Company => ({
  id: newId(),
  clientId,
  name: "Acme Payables",
  slug: `acme-${newId().slice(-12)}`,
  organisationIds: [],
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});

export const aRejection = (
  clientId: string,
  companyId: string,
  over: Partial<ForwardingRejection> = {},
): ForwardingRejection => ({
  id: newId(),
  clientId,
  companyId,
  fromAddress: "billing@supplier.example",
  fromDomain: "supplier.example",
  subject: "Invoice 1042",
  attachmentCount: 2,
  attachmentSummary: "invoice.pdf (application/pdf), logo.png (image/png)",
  reason: "SenderNotAllowed",
  authResult: "Pass",
  dkimResult: "Pass",
  spfResult: "Fail",
  receivedAt: at(0),
  ...over,
});
