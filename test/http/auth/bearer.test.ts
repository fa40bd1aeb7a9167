import { statSync } from "node:fs";
import { join } from "node:path";
import { generateSigningJwk } from "@apar/adapters/http/index";
import test from "ava";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { hostEnvironment } from "../../helpers/host-process.js";
import {
  bearer,
  codeOf,
  type Harness,
  key,
  seedClient,
  seedKey,
  seedOrganisation,
  seedUser,
  startHarness,
  tokenFor,
} from "./harness.js";
import { probeRoutes } from "./probe-routes.js";

let h: Harness;
test.before(async () => {
  h = await startHarness({ probeRoutes });
});
test.after.always(async () => {
  await h?.dispose();
});

const setup = async () => {
  const client = await seedClient(h);
  const member = await seedOrganisation(h, client.id, "Member org");
  const other = await seedOrganisation(h, client.id, "Other org");
  const user = await seedUser(h, client.id, { organisationId: member.id, roles: ["Approver"] });
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  return { client, member, other, user, apiKey };
};

test.serial("codes and exchange: a token for the user's organisations, valid 8 hours; a code works once", async (t) => {
  const { member, user, apiKey } = await setup();
  const issued = await h.call("POST", "/v1/auth/codes", {
    headers: key(apiKey.rawKey),
    body: { userId: user.id, organisationId: member.id },
  });
  t.is(issued.status, 201);
  const { code, expiresAt } = issued.json as { code: string; expiresAt: string };
  t.true(Buffer.from(code, "base64url").length >= 16, "at least 128 random bits");
  const lifetime = Date.parse(expiresAt) - h.clock.now().getTime();
  t.true(lifetime > 4 * 60_000 && lifetime <= 5 * 60_000);

  const exchanged = await h.call("POST", "/auth/exchange", { body: { code } });
  t.is(exchanged.status, 200);
  t.is(exchanged.headers["cache-control"], "no-store");
  const body = exchanged.json as { token: string; userId: string; email: string; organisations: unknown[] };
  t.deepEqual(Object.keys(body).sort(), ["email", "organisations", "token", "userId"]);
  t.is(body.userId, user.id);
  t.is(body.email, user.email);
  t.deepEqual(body.organisations, [{ organisationId: member.id, organisationName: "Member org" }]);

  const claims = decodeJwt(body.token);
  t.is((claims.exp ?? 0) - (claims.iat ?? 0), 8 * 60 * 60);
  t.is(claims.sub, user.id);
  t.is(claims.iss, "apar");
  t.is(claims.aud, "apar-api");
  t.is(claims.akid, apiKey.apiKey.id);
  t.deepEqual(claims.memberships, [{ organisation_id: member.id, roles: ["Approver"] }]);
  t.is(decodeProtectedHeader(body.token).alg, "EdDSA");

  const again = await h.call("POST", "/v1/auth/exchange", { body: { code } });
  t.is(again.status, 401);
  t.is(codeOf(again), "Auth.InvalidCode");
});

test.serial("the token acts in a member organisation and is refused in another of the same client", async (t) => {
  const { member, other, user, apiKey, client } = await setup();
  const token = await tokenFor(h, apiKey.rawKey, user.id, member.id);
  const ok = await h.probe("GET", "/v1/probe/organisation", {
    headers: bearer(token, { "x-service-organisation-id": member.id }),
  });
  t.is(ok.status, 200);
  t.deepEqual(ok.json, {
    clientId: client.id,
    organisationId: member.id,
    roles: ["Approver"],
    clientAdministrator: false,
    actor: { type: "user", id: user.id },
  });
  const refused = await h.probe("GET", "/v1/probe/organisation", {
    headers: bearer(token, { "x-service-organisation-id": other.id }),
  });
  t.is(refused.status, 403);
  t.is(codeOf(refused), "Organisation.NotMember");
  // The token covers one client: another client's organisation answers like a missing one.
  const elsewhere = await seedOrganisation(h, (await seedClient(h)).id);
  const foreign = await h.probe("GET", "/v1/probe/organisation", {
    headers: bearer(token, { "x-service-organisation-id": elsewhere.id }),
  });
  t.is(foreign.status, 404);
  t.is(codeOf(foreign), "Organisation.NotFound");
  // Tokens do not manage the client.
  const keys = await h.call("GET", "/v1/api-keys", { headers: bearer(token) });
  t.is(keys.status, 403);
  t.is(codeOf(keys), "Permission.Denied");
  const codes = await h.call("POST", "/v1/auth/codes", {
    headers: bearer(token),
    body: { userId: user.id, organisationId: member.id },
  });
  t.is(codes.status, 403);
  t.is(codeOf(codes), "Auth.ApiKeyRequired");
  // A user reads themself, not others: another user answers like a missing one.
  t.is((await h.call("GET", `/v1/users/${user.id}`, { headers: bearer(token) })).status, 200);
  const colleague = await seedUser(h, client.id, { organisationId: member.id, roles: ["Member"] });
  const hidden = await h.call("GET", `/v1/users/${colleague.id}`, { headers: bearer(token) });
  t.is(hidden.status, 404);
  t.is(codeOf(hidden), "User.NotFound");
});

test.serial("a client administrator's token acts in every organisation of the client", async (t) => {
  const { client, member, other, apiKey } = await setup();
  const admin = await seedUser(h, client.id, { organisationId: member.id, clientRoles: ["Admin"] });
  const token = await tokenFor(h, apiKey.rawKey, admin.id, member.id);
  const inOther = await h.probe("GET", "/v1/probe/organisation", {
    headers: bearer(token, { "x-service-organisation-id": other.id }),
  });
  t.is(inOther.status, 200);
  t.like(inOther.json, { clientAdministrator: true, roles: [] });
  t.is((await h.call("GET", "/v1/api-keys", { headers: bearer(token) })).status, 200);
});

test.serial("codes only for users of the key's client who act in the organisation", async (t) => {
  const { client, other, user, apiKey } = await setup();
  const notMember = await h.call("POST", "/v1/auth/codes", {
    headers: key(apiKey.rawKey),
    body: { userId: user.id, organisationId: other.id },
  });
  t.is(notMember.status, 403);
  t.is(codeOf(notMember), "Organisation.NotMember");
  const stranger = await seedUser(h, (await seedClient(h)).id);
  const foreign = await h.call("POST", "/v1/auth/codes", {
    headers: key(apiKey.rawKey),
    body: { userId: stranger.id, organisationId: other.id },
  });
  t.is(foreign.status, 404);
  t.is(codeOf(foreign), "User.NotFound");
  const bad = await h.call("POST", "/v1/auth/codes", { headers: key(apiKey.rawKey), body: { userId: "x" } });
  t.is(bad.status, 400);
  t.deepEqual((bad.json as { errors: { field: string }[] }).errors.map((e) => e.field).sort(), [
    "organisationId",
    "userId",
  ]);
  t.is(client.id, user.clientId);
});

test.serial(
  "a tampered token, a token of another key set, or garbage answer 401 with a bearer challenge",
  async (t) => {
    const { member, user, apiKey } = await setup();
    const token = await tokenFor(h, apiKey.rawKey, user.id, member.id);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    claims.client_roles = ["Owner"];
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    for (const bad of [tampered, `${token.slice(0, -3)}abc`, "not.a.token", "x"]) {
      const answer = await h.probe("GET", "/v1/probe/organisation", {
        headers: bearer(bad, { "x-service-organisation-id": member.id }),
      });
      t.is(answer.status, 401, bad);
      t.is(codeOf(answer), "Auth.InvalidToken");
      t.regex(String(answer.headers["www-authenticate"]), /^Bearer .*error="invalid_token"/);
    }
  },
);

test.serial("an auth code expires after 5 minutes; a token after 8 hours", async (t) => {
  const { member, user, apiKey } = await setup();
  const issued = await h.call("POST", "/v1/auth/codes", {
    headers: key(apiKey.rawKey),
    body: { userId: user.id, organisationId: member.id },
  });
  h.clock.advance(5 * 60_000 + 1_000);
  const late = await h.call("POST", "/v1/auth/exchange", { body: { code: (issued.json as { code: string }).code } });
  t.is(late.status, 401);
  t.is(codeOf(late), "Auth.InvalidCode");

  const token = await tokenFor(h, apiKey.rawKey, user.id, member.id);
  const headers = bearer(token, { "x-service-organisation-id": member.id });
  h.clock.advance(8 * 60 * 60_000 - 60_000);
  t.is((await h.probe("GET", "/v1/probe/organisation", { headers })).status, 200);
  h.clock.advance(2 * 60_000);
  const expired = await h.probe("GET", "/v1/probe/organisation", { headers });
  t.is(expired.status, 401);
  t.is(codeOf(expired), "Auth.TokenExpired");
  t.regex(String(expired.headers["www-authenticate"]), /^Bearer/);
});

test.serial("revoking the key that issued a token ends the token", async (t) => {
  const { member, user, apiKey } = await setup();
  const token = await tokenFor(h, apiKey.rawKey, user.id, member.id);
  const headers = bearer(token, { "x-service-organisation-id": member.id });
  t.is((await h.probe("GET", "/v1/probe/organisation", { headers })).status, 200);
  await h.db.stores.apiKeys.revoke(apiKey.apiKey.id, h.clock.now());
  const after = await h.probe("GET", "/v1/probe/organisation", { headers });
  t.is(after.status, 401);
  t.is(codeOf(after), "Auth.TokenRevoked");
});

test.serial("signing keys are generated into the data folder (0600) when APAR_JWT_KEYS is unset", async (t) => {
  const file = join(h.env.dataDir, "jwt-keys.json");
  t.is(statSync(file).mode & 0o777, 0o600);
  const { member, user, apiKey } = await setup();
  const token = await tokenFor(h, apiKey.rawKey, user.id, member.id);
  const { readFileSync } = await import("node:fs");
  const set = JSON.parse(readFileSync(file, "utf8")) as { keys: { kid: string }[] };
  t.is(decodeProtectedHeader(token).kid, set.keys[0]?.kid);
});

test.serial("key rotation: tokens of an old key verify while it is listed; new tokens use the first key", async (t) => {
  const env = await hostEnvironment();
  const [k1, k2] = await Promise.all([generateSigningJwk("k1"), generateSigningJwk("k2")]);
  const start = (keys: unknown[]) =>
    startHarness({ env, probeRoutes, vars: { APAR_JWT_KEYS: JSON.stringify({ keys }) } });
  let run = await start([k1]);
  try {
    const client = await seedClient(run);
    const org = await seedOrganisation(run, client.id);
    const user = await seedUser(run, client.id, { organisationId: org.id });
    const apiKey = await seedKey(run, { kind: "clients", clientIds: [client.id] });
    const old = await tokenFor(run, apiKey.rawKey, user.id, org.id);
    t.is(decodeProtectedHeader(old).kid, "k1");
    await run.stop();

    run = await start([k2, k1]);
    const headers = (token: string) => bearer(token, { "x-service-organisation-id": org.id });
    t.is((await run.probe("GET", "/v1/probe/organisation", { headers: headers(old) })).status, 200);
    const fresh = await tokenFor(run, apiKey.rawKey, user.id, org.id);
    t.is(decodeProtectedHeader(fresh).kid, "k2");
    t.is((await run.probe("GET", "/v1/probe/organisation", { headers: headers(fresh) })).status, 200);
    await run.stop();

    run = await start([k1]);
    // Once k2 is gone, its tokens are refused.
    const refused = await run.probe("GET", "/v1/probe/organisation", { headers: headers(fresh) });
    t.is(refused.status, 401);
    t.is(codeOf(refused), "Auth.InvalidToken");
  } finally {
    await run.dispose();
  }
});
