import { randomBytes } from "node:crypto";
import {
  API_KEY_RANDOM_BYTES,
  actsWithRole,
  apiKeyMatches,
  apiKeyUsable,
  type Client,
  canActIn,
  DEFAULT_MODULES,
  hasClientRole,
  hashApiKey,
  hasModule,
  hasOrganisationRole,
  isClientAdministrator,
  type Membership,
  MODULES,
  makeApiKey,
  membershipIn,
  parseApiKey,
  scopeCoversClient,
  soleClientOf,
  type User,
} from "@apar/core";
import test from "ava";

const at = new Date("2026-01-01T00:00:00Z");
const client: Client = { id: "c1", name: "Acme", type: "Live", modules: ["ap"], createdAt: at };
const org = { id: "o1", clientId: "c1" };
const otherOrg = { id: "o2", clientId: "c1" };
const foreignOrg = { id: "o3", clientId: "c2" };
const user = (clientRoles: User["clientRoles"], clientId = "c1"): User => ({
  id: "u1",
  clientId,
  email: "u@example.com",
  name: "U",
  clientRoles,
  createdAt: at,
});
const member = (roles: Membership["roles"], organisationId = "o1", userId = "u1"): Membership => ({
  userId,
  organisationId,
  roles,
  createdAt: at,
});

test("modules: a client has only the modules of its plan; first start grants all", (t) => {
  t.true(hasModule(client, "ap"));
  t.false(hasModule(client, "ar"));
  t.deepEqual([...DEFAULT_MODULES], [...MODULES]);
  t.true(MODULES.every((m) => hasModule({ modules: DEFAULT_MODULES }, m)));
});

test("client administrators are Owners and Admins", (t) => {
  t.true(isClientAdministrator(user(["Owner"])));
  t.true(isClientAdministrator(user(["Admin"])));
  t.false(isClientAdministrator(user([])));
  t.true(hasClientRole(user(["Owner"]), "Owner"));
  t.false(hasClientRole(user(["Owner"]), "Admin"));
});

test("organisation membership and roles", (t) => {
  const memberships = [member(["Approver"])];
  t.is(membershipIn(memberships, "o1"), memberships[0]);
  t.is(membershipIn(memberships, "o2"), undefined);
  t.true(hasOrganisationRole(memberships[0], "Approver"));
  t.false(hasOrganisationRole(memberships[0], "Admin"));
  t.false(hasOrganisationRole(undefined, "Member"));
});

test("who may act in an organisation", (t) => {
  t.true(canActIn(user([]), [member(["Member"])], org));
  t.false(canActIn(user([]), [member(["Member"])], otherOrg), "not a member there");
  t.false(canActIn(user([]), [member(["Member"], "o1", "someone-else")], org), "another user's membership");
  t.true(canActIn(user(["Admin"]), [], otherOrg), "client administrators act in every organisation of their client");
  t.false(canActIn(user(["Owner"]), [], foreignOrg), "but never in another client's");
  t.false(canActIn(user([], "c2"), [member(["Admin"])], org), "a membership cannot cross clients");
});

test("roles in an organisation: Admins and client administrators hold every role", (t) => {
  t.true(actsWithRole(user([]), [member(["Approver"])], org, "Approver"));
  t.false(actsWithRole(user([]), [member(["Member"])], org, "Approver"));
  t.true(actsWithRole(user([]), [member(["Admin"])], org, "Approver"));
  t.true(actsWithRole(user(["Owner"]), [], org, "Admin"));
  t.false(actsWithRole(user(["Owner"]), [], foreignOrg, "Member"));
});

test("API key scopes", (t) => {
  t.true(scopeCoversClient({ kind: "operator" }, "anything"));
  t.true(scopeCoversClient({ kind: "clients", clientIds: ["c1", "c2"] }, "c2"));
  t.false(scopeCoversClient({ kind: "clients", clientIds: ["c1"] }, "c2"));
  t.is(soleClientOf({ kind: "clients", clientIds: ["c1"] }), "c1");
  t.is(soleClientOf({ kind: "clients", clientIds: ["c1", "c2"] }), undefined);
  t.is(soleClientOf({ kind: "operator" }), undefined);
});

test("an API key is apar_<8>_<52> from 37 random bytes and parses back", (t) => {
  const { key, prefix, hash } = makeApiKey(randomBytes(API_KEY_RANDOM_BYTES));
  t.regex(key, /^apar_[a-z2-7]{8}_[a-z2-7]{52}$/);
  t.deepEqual(parseApiKey(key), { prefix, secret: key.slice(14) });
  t.is(hash, hashApiKey(key));
  t.regex(hash, /^[0-9a-f]{64}$/);
  t.throws(() => makeApiKey(new Uint8Array(API_KEY_RANDOM_BYTES - 1)), { instanceOf: RangeError });
});

test("API key encoding is deterministic base32 of the given bytes", (t) => {
  const zeros = makeApiKey(new Uint8Array(API_KEY_RANDOM_BYTES));
  t.is(zeros.key, `apar_aaaaaaaa_${"a".repeat(52)}`);
  const ones = makeApiKey(new Uint8Array(API_KEY_RANDOM_BYTES).fill(0xff));
  // 256 bits are 51 full characters and one of a single bit (padded with zeros): "q".
  t.is(ones.key, `apar_77777777_${"7".repeat(51)}q`);
  t.not(makeApiKey(randomBytes(API_KEY_RANDOM_BYTES)).key, makeApiKey(randomBytes(API_KEY_RANDOM_BYTES)).key);
});

test("parseApiKey refuses anything else", (t) => {
  const { key } = makeApiKey(randomBytes(API_KEY_RANDOM_BYTES));
  for (const bad of [
    "",
    "apar_",
    key.toUpperCase(),
    `${key}a`,
    key.slice(0, -1),
    ` ${key}`,
    key.replace("apar_", "sk_"),
    key.replace(/_/g, "-"),
  ]) {
    t.is(parseApiKey(bad), undefined, bad);
  }
  // Each position of a key changed to a character at an edge of the base32 alphabet or of the separators: parsed
  // exactly when it is still "apar_", 8 base32 characters, "_" and 52 more (the form written out, no pattern).
  const base32 = "abcdefghijklmnopqrstuvwxyz234567";
  const wellFormed = (k: string) =>
    k.length === 66 &&
    k.startsWith("apar_") &&
    k[13] === "_" &&
    [...k.slice(5, 13), ...k.slice(14)].every((ch) => base32.includes(ch));
  for (let i = 0; i < key.length; i++)
    for (const c of ["a", "z", "2", "7", "1", "8", "`", "{", "A", "_", "-"]) {
      const changed = `${key.slice(0, i)}${c}${key.slice(i + 1)}`;
      const expected = wellFormed(changed) ? { prefix: changed.slice(5, 13), secret: changed.slice(14) } : undefined;
      t.deepEqual(parseApiKey(changed), expected, changed);
    }
});

test("apiKeyMatches compares the hash of the presented key", (t) => {
  const { key, hash } = makeApiKey(randomBytes(API_KEY_RANDOM_BYTES));
  t.true(apiKeyMatches(key, hash));
  const tampered = key.slice(0, -1) + (key.endsWith("a") ? "b" : "a");
  t.false(apiKeyMatches(tampered, hash));
  t.false(apiKeyMatches(key, "00"));
  t.false(apiKeyMatches(key, "not hex"));
});

test("a key is usable until it is revoked or expires", (t) => {
  const now = new Date("2026-06-01T00:00:00Z");
  t.true(apiKeyUsable({ revokedAt: null, expiresAt: null }, now));
  t.true(apiKeyUsable({ revokedAt: null, expiresAt: new Date("2026-06-01T00:00:01Z") }, now));
  t.false(apiKeyUsable({ revokedAt: null, expiresAt: now }, now));
  t.false(apiKeyUsable({ revokedAt: new Date("2026-05-01T00:00:00Z"), expiresAt: null }, now));
});
