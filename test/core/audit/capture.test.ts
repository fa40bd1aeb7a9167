import { openMemoryDatabase } from "@apar/adapters/memory";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import { type AuditEntry, makeEvent } from "@apar/core";
import { type AuditContext, auditedDatabase } from "@apar/core/app";
import type { Database } from "@apar/core/ports";
import test from "ava";
import { aClient, aMembership, anApiKey, anOrganisation, aUser, newId } from "../../contracts/fixtures.js";
import { aSubscription } from "../../contracts/webhook-fixtures.js";

// The audited unit of work on the memory database: what one unit of work's writes and events become in the log.

const ids = randomIds(systemClock);

const setup = () => {
  let context: AuditContext | undefined;
  const database = auditedDatabase(openMemoryDatabase(), { ids, context: () => context });
  const as = (next: AuditContext | undefined) => {
    context = next;
  };
  const entries = async (db: Database, chainId: string): Promise<AuditEntry[]> => [
    ...(await db.stores.auditLog.chainEntries(chainId, 0, 1000)),
  ];
  return { database, as, entries };
};

test("a record created and changed in one unit of work is one entry: created, with its last values", async (t) => {
  const { database, entries } = setup();
  const client = aClient();
  const organisation = anOrganisation(client.id, { name: "First" });
  await database.run(async (s) => {
    await s.organisations.add(organisation);
    await s.organisations.update({ ...organisation, name: "Second" });
  });
  const [entry, ...rest] = await entries(database, organisation.id);
  t.deepEqual(rest, []);
  t.like(entry, { type: "organisation.created", resourceId: organisation.id, actor: { type: "system", id: null } });
  t.deepEqual(entry?.changes.name, { before: null, after: "Second" });
});

test("an update that changes no field leaves no entry; one that does names only its fields", async (t) => {
  const { database, entries } = setup();
  const organisation = anOrganisation(newId(), { name: "Same" });
  await database.stores.organisations.add(organisation);
  await database.run((s) => s.organisations.update({ ...organisation }));
  t.is((await entries(database, organisation.id)).length, 1);
  await database.stores.organisations.update({ ...organisation, timeZone: "UTC" });
  const last = (await entries(database, organisation.id)).at(-1);
  t.like(last, { type: "organisation.updated", seq: 2 });
  t.deepEqual(last?.changes, { timeZone: { before: "Europe/Berlin", after: "UTC" } });
});

test("the running context's actor and request id are recorded; a membership finds its client", async (t) => {
  const { database, as, entries } = setup();
  const client = aClient();
  const organisation = anOrganisation(client.id);
  const user = aUser(client.id);
  as({ actor: { type: "api_key", id: "key-1", via: "mcp" }, requestId: "req-9" });
  await database.run(async (s) => {
    await s.organisations.add(organisation);
    await s.users.add(user);
    await s.memberships.add(aMembership(user.id, organisation.id));
  });
  const inOrganisation = await entries(database, organisation.id);
  t.deepEqual(
    inOrganisation.map((e) => [e.type, e.actor, e.requestId, e.clientId]),
    [
      ["organisation.created", { type: "api_key", id: "key-1", via: "mcp" }, "req-9", client.id],
      ["membership.created", { type: "api_key", id: "key-1", via: "mcp" }, "req-9", client.id],
    ],
  );
  t.deepEqual(
    (await entries(database, client.id)).map((e) => e.type),
    ["user.created"],
  );
});

test("an event's entry carries its subject's changes and its own actor; secrets are redacted", async (t) => {
  const { database, as, entries } = setup();
  const client = aClient();
  const key = anApiKey([client.id]);
  as({ actor: { type: "user", id: "ada" } });
  await database.run((s) => s.apiKeys.add(key));
  const [created] = await entries(database, client.id);
  t.deepEqual(created?.changes.keyHash, { before: "[redacted]", after: "[redacted]" });
  t.false(JSON.stringify(created).includes(key.keyHash));
  t.deepEqual(created?.actor, { type: "user", id: "ada" });
  // The subscription made and its test event sent in one unit: one entry, the event's, with the subscription's fields.
  const subscription = aSubscription(client.id);
  const event = makeEvent({
    ids,
    clock: systemClock,
    type: "webhook.test",
    clientId: client.id,
    organisationId: null,
    actor: { type: "api_key", id: "from-the-event" },
    data: { subscriptionId: subscription.id, message: "hello" },
  });
  await database.run(async (s) => {
    await s.webhookSubscriptions.addWithinLimit(subscription, 10);
    await s.events.append([event]);
  });
  const [, last, ...rest] = await entries(database, client.id);
  t.deepEqual(rest, []);
  t.like(last, {
    type: "webhook.test",
    actor: { type: "api_key", id: "from-the-event" },
    resourceType: "webhook_subscription",
    resourceId: subscription.id,
  });
  t.deepEqual(last?.changes.url, { before: null, after: subscription.url });
  t.deepEqual(last?.changes.sealedSecret, { before: "[redacted]", after: "[redacted]" });
});

test("a unit of work that fails leaves no entry", async (t) => {
  const { database, entries } = setup();
  const organisation = anOrganisation(newId());
  await t.throwsAsync(
    database.run(async (s) => {
      await s.organisations.add(organisation);
      throw new Error("rolled back");
    }),
  );
  t.deepEqual(await entries(database, organisation.id), []);
});
