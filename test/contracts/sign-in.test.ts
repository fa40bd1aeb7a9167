import type { PersonSession, SignInLink } from "@apar/core";
import { contractTest } from "./contract.js";
import { aClient, aMembership, at, aUser, newId, sortedIds } from "./fixtures.js";

const aLink = (over: Partial<SignInLink> = {}): SignInLink => ({
  tokenHash: newId().replaceAll("-", "").padEnd(64, "0"),
  email: "ada@example.com",
  createdAt: at(0),
  expiresAt: at(60_000),
  usedAt: null,
  ...over,
});

const aSession = (over: Partial<PersonSession> = {}): PersonSession => ({
  idHash: newId().replaceAll("-", "").padEnd(64, "1"),
  clientId: newId(),
  userId: newId(),
  method: "link",
  createdAt: at(0),
  expiresAt: at(60_000),
  endedAt: null,
  ...over,
});

contractTest("sign-in links: used once, before expiry, marked used at that time", async (t, { stores }) => {
  const link = aLink({ email: "Ada@Example.com" });
  await stores.signInLinks.add(link);
  t.true(await stores.signInLinks.usable(link.tokenHash, at(1000)), "usable before its use");
  t.true(await stores.signInLinks.usable(link.tokenHash, at(1000)), "asking uses nothing up");
  t.deepEqual(await stores.signInLinks.consume(link.tokenHash, at(1000)), {
    ...link,
    email: "ada@example.com",
    usedAt: at(1000),
  });
  t.is(await stores.signInLinks.consume(link.tokenHash, at(1001)), undefined);
  t.false(await stores.signInLinks.usable(link.tokenHash, at(1001)), "not once used");
  const late = aLink();
  await stores.signInLinks.add(late);
  t.true(await stores.signInLinks.usable(late.tokenHash, at(59_999)));
  t.false(await stores.signInLinks.usable(late.tokenHash, at(60_000)), "not at its last instant");
  t.false(await stores.signInLinks.usable(aLink().tokenHash, at(1)), "not unknown");
  t.is(await stores.signInLinks.consume(late.tokenHash, at(60_000)), undefined, "expired at its last instant");
  t.is(await stores.signInLinks.consume(aLink().tokenHash, at(1)), undefined, "unknown");
  await t.throwsAsync(stores.signInLinks.add(late), undefined, "one row per hash");
});

contractTest("sign-in links: a use inside a rolled-back unit of work leaves the link usable", async (t, database) => {
  const link = aLink();
  await database.stores.signInLinks.add(link);
  await t.throwsAsync(
    database.run(async (stores) => {
      t.truthy(await stores.signInLinks.consume(link.tokenHash, at(1)));
      throw new Error("roll back");
    }),
    { message: "roll back" },
  );
  t.truthy(await database.stores.signInLinks.consume(link.tokenHash, at(2)));
});

contractTest("person sessions: live until ended or expired", async (t, { stores }) => {
  const session = aSession({ method: "oidc" });
  await stores.personSessions.add(session);
  t.deepEqual(await stores.personSessions.live(session.idHash, at(59_999)), session);
  t.is(await stores.personSessions.live(session.idHash, at(60_000)), undefined, "expired");
  await stores.personSessions.end(session.idHash, at(10));
  t.is(await stores.personSessions.live(session.idHash, at(11)), undefined, "ended");
  await stores.personSessions.end(session.idHash, at(20));
  t.is(await stores.personSessions.live(aSession().idHash, at(1)), undefined, "unknown");
});

contractTest(
  "users: withEmail finds the address in every client, ignoring case, by client id",
  async (t, { stores }) => {
    const [c1, c2, c3] = sortedIds(3) as [string, string, string];
    const email = `Grace-${newId()}@Example.com`;
    for (const clientId of [c3, c1]) await stores.clients.add(aClient({ id: clientId }));
    const inThird = aUser(c3, { email });
    const inFirst = aUser(c1, { email: email.toLowerCase() });
    await stores.users.add(inThird);
    await stores.users.add(inFirst);
    await stores.users.add(aUser(c2));
    t.deepEqual(
      (await stores.users.withEmail(email.toUpperCase())).map((u) => u.id),
      [inFirst.id, inThird.id],
    );
    t.deepEqual(await stores.users.withEmail("nobody@example.com"), []);
  },
);

contractTest("memberships: setRoles replaces the roles; remove ends the membership once", async (t, { stores }) => {
  const [userId, organisationId] = sortedIds(2) as [string, string];
  await stores.memberships.add(aMembership(userId, organisationId, { roles: ["Member"] }));
  await stores.memberships.setRoles(userId, organisationId, ["Admin", "Approver"]);
  t.deepEqual((await stores.memberships.of(userId, organisationId))?.roles, ["Admin", "Approver"]);
  await stores.memberships.setRoles(userId, organisationId, ["Admin", "Approver"]);
  t.deepEqual((await stores.memberships.of(userId, organisationId))?.roles, ["Admin", "Approver"]);
  await stores.memberships.setRoles(organisationId, userId, ["Admin"]);
  t.is(await stores.memberships.of(organisationId, userId), undefined, "no membership is made by setRoles");
  t.true(await stores.memberships.remove(userId, organisationId));
  t.false(await stores.memberships.remove(userId, organisationId));
  t.is(await stores.memberships.of(userId, organisationId), undefined);
});
