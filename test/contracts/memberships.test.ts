import { contractTest } from "./contract.js";
import { aMembership, sortedIds } from "./fixtures.js";

contractTest("memberships: add then of", async (t, { stores }) => {
  const [userId, organisationId] = sortedIds(2) as [string, string];
  const membership = aMembership(userId, organisationId, { roles: ["Admin", "Approver"] });
  await stores.memberships.add(membership);
  t.deepEqual(await stores.memberships.of(userId, organisationId), membership);
  t.is(await stores.memberships.of(organisationId, userId), undefined);
});

contractTest("memberships: one per user and organisation", async (t, { stores }) => {
  const [userId, organisationId] = sortedIds(2) as [string, string];
  await stores.memberships.add(aMembership(userId, organisationId));
  await t.throwsAsync(stores.memberships.add(aMembership(userId, organisationId, { roles: ["Admin"] })));
});

contractTest("memberships: ofUser by organisation id, ofOrganisation by user id", async (t, { stores }) => {
  const [u1, u2, o1, o2, o3] = sortedIds(5) as [string, string, string, string, string];
  for (const [u, o] of [
    [u1, o3],
    [u1, o1],
    [u2, o1],
    [u1, o2],
  ] as const) {
    await stores.memberships.add(aMembership(u, o));
  }
  t.deepEqual(
    (await stores.memberships.ofUser(u1)).map((m) => m.organisationId),
    [o1, o2, o3],
  );
  t.deepEqual(
    (await stores.memberships.ofOrganisation(o1)).map((m) => m.userId),
    [u1, u2],
  );
  t.deepEqual(await stores.memberships.ofUser(o1), []);
});
