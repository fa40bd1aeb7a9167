import { type AuditRecord, verifyChain } from "@apar/core";
import type { Database } from "@apar/core/ports";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";

const aRecord = (scope: { clientId: string; organisationId: string | null }, over: Partial<AuditRecord> = {}) => {
  const id = newId();
  return {
    id,
    occurredAt: at(0),
    clientId: scope.clientId,
    organisationId: scope.organisationId,
    actor: { type: "user", id: newId() },
    type: "bill.approved",
    resourceType: "bill",
    resourceId: newId(),
    changes: {
      state: { before: "NeedsApproval", after: "Approved" },
      "approval.by": { before: null, after: [1, "é"] },
    },
    requestId: "req-1",
    ...over,
  } satisfies AuditRecord;
};

const verifyAll = async (database: Database, organisationId?: string) => {
  const heads = await database.stores.auditLog.heads(organisationId);
  return Promise.all(
    heads.map((head) =>
      verifyChain(head, (chain, after, limit) => database.stores.auditLog.chainEntries(chain, after, limit), 2),
    ),
  );
};

contractTest("audit log: entries are chained in order, read back as written, and verify", async (t, database) => {
  const scope = { clientId: newId(), organisationId: newId() };
  const records = [aRecord(scope), aRecord(scope, { actor: { type: "api_key", id: newId(), via: "mcp" } })];
  await database.run((s) => s.auditLog.append(records));
  await database.stores.auditLog.append([aRecord(scope, { actor: { type: "system", id: null }, requestId: null })]);
  const page = await database.stores.auditLog.list(scope, {}, { limit: 10 });
  t.false(page.hasMore);
  t.deepEqual(
    page.items.map((e) => e.seq),
    [1, 2, 3],
  );
  t.like(page.items[0], { ...records[0], chainId: scope.organisationId, prevHash: "0".repeat(64) });
  t.deepEqual(page.items[1]?.actor, records[1]?.actor);
  t.is(page.items[1]?.prevHash, page.items[0]?.hash);
  const verdicts = await verifyAll(database);
  t.deepEqual(verdicts, [{ chainId: scope.organisationId, entries: 3, broken: undefined }]);
});

contractTest("audit log: an organisation reads its entries and its client's, no one else's", async (t, database) => {
  const clientId = newId();
  const mine = { clientId, organisationId: newId() };
  const sibling = { clientId, organisationId: newId() };
  const clientWide = { clientId, organisationId: null };
  const stranger = { clientId: newId(), organisationId: newId() };
  const records = [aRecord(mine), aRecord(clientWide), aRecord(sibling), aRecord(stranger), aRecord(mine)];
  await database.run((s) => s.auditLog.append(records));
  const page = await database.stores.auditLog.list(mine, {}, { limit: 10 });
  t.deepEqual(
    page.items.map((e) => e.id),
    [records[0], records[1], records[4]].map((r) => r?.id),
  );
  t.is(page.items[1]?.chainId, clientId);
  t.deepEqual((await database.stores.auditLog.list({ ...mine, clientId: newId() }, {}, { limit: 10 })).items, []);
  const heads = await database.stores.auditLog.heads(mine.organisationId);
  t.deepEqual(heads.map((h) => h.chainId).sort(), [clientId, mine.organisationId].sort());
  t.is((await database.stores.auditLog.heads()).length, 4);
});

contractTest("audit log: filters and pages", async (t, database) => {
  const scope = { clientId: newId(), organisationId: newId() };
  const person = newId();
  const bill = newId();
  const records = [
    aRecord(scope, { occurredAt: new Date("2026-01-01T00:00:00.000Z"), resourceId: bill }),
    aRecord(scope, { actor: { type: "user", id: person }, type: "supplier.updated", resourceType: "supplier" }),
    aRecord(scope, { actor: { type: "user", id: person }, resourceId: bill, type: "bill.paid" }),
    aRecord({ ...scope, organisationId: null }, { actor: { type: "system", id: null }, type: "api_key.created" }),
  ];
  await database.run((s) => s.auditLog.append(records));
  const ids = async (filter: Parameters<Database["stores"]["auditLog"]["list"]>[1]) =>
    (await database.stores.auditLog.list(scope, filter, { limit: 10 })).items.map((e) =>
      records.findIndex((r) => r.id === e.id),
    );
  t.deepEqual(await ids({ actorId: person }), [1, 2]);
  t.deepEqual(await ids({ actorType: "system" }), [3]);
  t.deepEqual(await ids({ resourceId: bill }), [0, 2]);
  t.deepEqual(await ids({ resourceType: "supplier" }), [1]);
  t.deepEqual(await ids({ type: "bill.paid" }), [2]);
  t.deepEqual(await ids({ resourceId: bill, actorId: person }), [2]);
  // A period is read from the ids' time: these records' ids were all made just now.
  const now = Date.now();
  t.deepEqual(await ids({ from: new Date(now - 60_000), to: new Date(now + 60_000) }), [0, 1, 2, 3]);
  t.deepEqual(await ids({ to: new Date(now - 60_000) }), []);
  t.deepEqual(await ids({ from: new Date(now + 60_000) }), []);

  const first = await database.stores.auditLog.list(scope, {}, { limit: 3 });
  t.true(first.hasMore);
  const second = await database.stores.auditLog.list(scope, {}, { limit: 3, after: first.items.at(-1)?.id });
  t.false(second.hasMore);
  t.deepEqual(
    [...first.items, ...second.items].map((e) => e.id),
    records.map((r) => r.id),
  );
});

contractTest("audit log: a unit of work that fails leaves neither entries nor a moved head", async (t, database) => {
  const scope = { clientId: newId(), organisationId: newId() };
  await database.stores.auditLog.append([aRecord(scope)]);
  await t.throwsAsync(
    database.run(async (s) => {
      await s.auditLog.append([aRecord(scope)]);
      throw new Error("rolled back");
    }),
  );
  await database.stores.auditLog.append([aRecord(scope)]);
  t.deepEqual(
    (await database.stores.auditLog.list(scope, {}, { limit: 10 })).items.map((e) => e.seq),
    [1, 2],
  );
  t.is((await verifyAll(database))[0]?.broken, undefined);
});

contractTest(
  "audit log: concurrent appends to one chain queue, to different chains do not mix",
  async (t, database) => {
    const clientId = newId();
    const organisations = [newId(), newId(), newId()];
    const rounds = 8;
    await Promise.all(
      Array.from({ length: rounds }, () =>
        organisations.map((organisationId) =>
          database.run((s) =>
            s.auditLog.append([aRecord({ clientId, organisationId }), aRecord({ clientId, organisationId })]),
          ),
        ),
      ).flat(),
    );
    const verdicts = await verifyAll(database);
    t.is(verdicts.length, organisations.length);
    for (const verdict of verdicts)
      t.deepEqual(verdict, { chainId: verdict.chainId, entries: rounds * 2, broken: undefined });
  },
);
