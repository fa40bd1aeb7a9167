import type { AllowedSender } from "@apar/core";
import { contractTest } from "../contract.js";
import { aClient, aCompany, at, newId, sortedIds } from "../fixtures.js";

const aSender = (clientId: string, companyId: string, over: Partial<AllowedSender> = {}): AllowedSender => ({
  id: newId(),
  clientId,
  companyId,
  kind: "Address",
  value: "ap@supplier.example",
  createdAt: at(0),
  ...over,
});

contractTest("allowed senders: add then ofId and listOfCompany, every field", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const sender = aSender(company.clientId, company.id, {
    kind: "Domain",
    value: "lieferant.example",
    createdAt: at(5),
  });
  await stores.allowedSenders.add(sender);
  t.deepEqual(await stores.allowedSenders.ofId(company.clientId, company.id, sender.id), sender);
  t.deepEqual(await stores.allowedSenders.listOfCompany(company.clientId, company.id), [sender]);
  await t.throwsAsync(stores.allowedSenders.add(sender));
});

contractTest(
  "allowed senders: oldest first by id; another client's or company's are invisible",
  async (t, { stores }) => {
    const company = aCompany(aClient().id);
    const other = aCompany(company.clientId);
    const [a, b, c] = sortedIds(3) as [string, string, string];
    for (const id of [c, a, b])
      await stores.allowedSenders.add(aSender(company.clientId, company.id, { id, value: `${id}@x.example` }));
    await stores.allowedSenders.add(aSender(company.clientId, other.id));
    t.deepEqual(
      (await stores.allowedSenders.listOfCompany(company.clientId, company.id)).map((s) => s.id),
      [a, b, c],
    );
    t.deepEqual(await stores.allowedSenders.listOfCompany(aClient().id, company.id), []);
    t.is(await stores.allowedSenders.ofId(aClient().id, company.id, a), undefined);
    t.is(await stores.allowedSenders.ofId(company.clientId, other.id, a), undefined);
  },
);

contractTest("allowed senders: remove one, then all of a company", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const other = aCompany(company.clientId);
  const one = aSender(company.clientId, company.id);
  const two = aSender(company.clientId, company.id, { value: "b@x.example" });
  const kept = aSender(company.clientId, other.id);
  for (const s of [one, two, kept]) await stores.allowedSenders.add(s);
  t.false(await stores.allowedSenders.remove(aClient().id, company.id, one.id));
  t.false(await stores.allowedSenders.remove(company.clientId, other.id, one.id));
  t.true(await stores.allowedSenders.remove(company.clientId, company.id, one.id));
  t.false(await stores.allowedSenders.remove(company.clientId, company.id, one.id));
  t.is(await stores.allowedSenders.removeOfCompany(company.clientId, company.id), 1);
  t.deepEqual(await stores.allowedSenders.listOfCompany(company.clientId, company.id), []);
  t.deepEqual(await stores.allowedSenders.listOfCompany(company.clientId, other.id), [kept]);
});

contractTest("allowed senders: writes inside a rolled-back unit of work leave nothing", async (t, database) => {
  const company = aCompany(aClient().id);
  await t.throwsAsync(
    database.run(async (s) => {
      await s.allowedSenders.add(aSender(company.clientId, company.id));
      throw new Error("roll back");
    }),
  );
  t.deepEqual(await database.stores.allowedSenders.listOfCompany(company.clientId, company.id), []);
});
