import type { StoredEvent } from "@apar/core";
import { contractTest } from "./contract.js";
import { aClient, anEvent, at, newId } from "./fixtures.js";

const ids = (events: readonly StoredEvent[]): string[] => events.map((e) => e.envelope.id);

contractTest("events: append then ofId answers the stored event", async (t, { stores }) => {
  const event = anEvent(aClient().id, { occurredAt: at(123) });
  await stores.events.append([event]);
  const stored = await stores.events.ofId(event.envelope.id);
  t.deepEqual(stored, { ...event, position: stored?.position ?? -1, dispatchedAt: null });
  t.true(Number.isInteger(stored?.position));
  t.is(await stores.events.ofId(newId()), undefined);
});

contractTest("events: pending answers undispatched events oldest first, up to the limit", async (t, { stores }) => {
  const clientId = aClient().id;
  const batch = [anEvent(clientId), anEvent(clientId), anEvent(clientId)];
  await stores.events.append(batch);
  const later = anEvent(clientId);
  await stores.events.append([later]);
  const pending = await stores.events.pending(10);
  t.deepEqual(
    ids(pending),
    [...batch, later].map((e) => e.envelope.id),
  );
  const positions = pending.map((e) => e.position);
  t.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
  );
  t.is(new Set(positions).size, 4);
  t.deepEqual(ids(await stores.events.pending(2)), ids(pending).slice(0, 2));
  await stores.events.append([]);
  t.is((await stores.events.pending(10)).length, 4);
});

contractTest("events: an event id is unique", async (t, { stores }) => {
  const event = anEvent(aClient().id);
  await stores.events.append([event]);
  await t.throwsAsync(stores.events.append([event]));
  t.is((await stores.events.pending(10)).length, 1);
});

contractTest("events: markDispatched takes events out of pending and keeps the first time", async (t, { stores }) => {
  const clientId = aClient().id;
  const [a, b, c] = [anEvent(clientId), anEvent(clientId), anEvent(clientId)];
  await stores.events.append([a, b, c]);
  await stores.events.markDispatched([a.envelope.id, c.envelope.id, newId()], at(1000));
  t.deepEqual(ids(await stores.events.pending(10)), [b.envelope.id]);
  t.deepEqual((await stores.events.ofId(a.envelope.id))?.dispatchedAt, at(1000));
  await stores.events.markDispatched([a.envelope.id], at(2000));
  t.deepEqual((await stores.events.ofId(a.envelope.id))?.dispatchedAt, at(1000));
  await stores.events.markDispatched([], at(3000));
  t.deepEqual(ids(await stores.events.pending(10)), [b.envelope.id]);
});

contractTest("events: oldestPendingAt is the earliest occurrence among pending events", async (t, { stores }) => {
  t.is(await stores.events.oldestPendingAt(), undefined);
  const clientId = aClient().id;
  const late = anEvent(clientId, { occurredAt: at(5000) });
  const early = anEvent(clientId, { occurredAt: at(1) });
  await stores.events.append([late, early]);
  t.deepEqual(await stores.events.oldestPendingAt(), at(1));
  await stores.events.markDispatched([early.envelope.id], at(6000));
  t.deepEqual(await stores.events.oldestPendingAt(), at(5000));
  await stores.events.markDispatched([late.envelope.id], at(6000));
  t.is(await stores.events.oldestPendingAt(), undefined);
});

contractTest("events: ofSubject answers a subject's events in order, within the client", async (t, { stores }) => {
  const clientId = aClient().id;
  const subjectId = newId();
  const created = anEvent(clientId, { subjectId, type: "bill.created" });
  const other = anEvent(clientId);
  const reviewed = anEvent(clientId, { subjectId, type: "bill.pending_review" });
  const foreign = anEvent(aClient().id, { subjectId });
  const invoice = anEvent(clientId, { subjectId, subjectType: "invoice" });
  await stores.events.append([created, other]);
  await stores.events.append([foreign, reviewed, invoice]);
  await stores.events.markDispatched([created.envelope.id], at(1));
  const history = await stores.events.ofSubject(clientId, "bill", subjectId);
  t.deepEqual(ids(history), [created.envelope.id, reviewed.envelope.id]);
  t.deepEqual(history[0]?.dispatchedAt, at(1));
  t.deepEqual(await stores.events.ofSubject(aClient().id, "bill", subjectId), []);
});

contractTest("events: events without a subject are kept", async (t, { stores }) => {
  const event = anEvent(aClient().id, { subjectType: null, subjectId: null });
  await stores.events.append([event]);
  t.like(await stores.events.ofId(event.envelope.id), { subjectType: null, subjectId: null });
});

contractTest("events: a large batch appends in order", async (t, { stores }) => {
  const clientId = aClient().id;
  const batch = Array.from({ length: 250 }, () => anEvent(clientId));
  await stores.events.append(batch);
  t.deepEqual(
    ids(await stores.events.pending(1000)),
    batch.map((e) => e.envelope.id),
  );
});
