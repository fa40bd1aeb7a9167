import { makeEvent, SYSTEM_ACTOR } from "@apar/core";
import test from "ava";
import { TOKENS } from "../../../host/src/tokens.js";
import { eventually } from "../../helpers/eventually.js";
import { type HostProcess, hostEnvironment, startHost } from "../../helpers/host-process.js";
import { key, seedClient, seedKey, startHarness } from "../auth/harness.js";
import { checkedFetch } from "../support/client.js";
import { startSlowReceiver } from "./slow-receiver.js";

const INSECURE = { APAR_WEBHOOKS_ALLOW_INSECURE: "on" };
// Short enough that the restarted worker takes over the killed one's claims quickly.
const WORKER = { ...INSECURE, APAR_ROLES: "api,worker", APAR_WEBHOOKS_LEASE_MS: "1500" };
const EACH = 20;

test("kill -9 of the worker with deliveries in flight, then a restart: every event is delivered, none lost", async (t) => {
  const env = await hostEnvironment(INSECURE);
  // The test's own process makes the tenant and appends outbox events through the use cases' stores (api role only).
  const h = await startHarness({ env, vars: INSECURE });
  const receiver = await startSlowReceiver(300);
  let host: HostProcess | undefined;
  t.teardown(async () => {
    host?.child.kill("SIGKILL");
    await receiver.close();
    await h.dispose();
  });
  const client = await seedClient(h);
  const headers = key((await seedKey(h, { kind: "clients", clientIds: [client.id] })).rawKey);
  const created = await h.call("POST", "/v1/webhook-subscriptions", {
    headers,
    body: { url: receiver.url, eventTypes: ["company_bill.awaiting_organisation"] },
  });
  t.is(created.status, 201, created.text);
  const subscriptionId = (created.json as { id: string }).id;

  host = await startHost({ ...env.env, ...WORKER });
  const api = `http://127.0.0.1:${host.port}`;
  const ids = h.app.container.get(TOKENS.Ids);
  const outboxEvents = (count: number) =>
    Array.from({ length: count }, () =>
      makeEvent({
        ids,
        clock: h.clock,
        type: "company_bill.awaiting_organisation",
        clientId: client.id,
        organisationId: null,
        actor: SYSTEM_ACTOR,
        data: { billId: ids.next() },
      }),
    );
  const outbox = outboxEvents(EACH);
  // Outbox events from this process (the worker finds them by polling) and test events through the worker's API.
  for (let i = 0; i < EACH; i += 10) await h.db.run((s) => s.events.append(outbox.slice(i, i + 10)));
  const tests = await Promise.all(
    Array.from({ length: EACH }, async () => {
      const answer = await checkedFetch(`${api}/v1/webhook-subscriptions/${subscriptionId}/test`, {
        method: "POST",
        headers,
      });
      if (answer.status !== 202) throw new Error(`${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { eventId: string }).eventId;
    }),
  );
  const expected = [...outbox.map((e) => e.envelope.id), ...tests];

  // Some answered, some in flight: both the recorded and the interrupted attempts are in play.
  await receiver.when(() => receiver.answered.length >= 5 && receiver.inFlight() > 0);
  const inFlight = receiver.inFlight();
  const answeredAtKill = new Set(receiver.answered).size;
  host.child.kill("SIGKILL");
  await host.exited;
  t.true(inFlight > 0, "the worker died with attempts in flight");
  t.log(`at the kill: ${inFlight} in flight, ${answeredAtKill} of ${expected.length} events answered`);
  // Committed while no worker runs: the restarted one fans them out from the outbox.
  const whileDown = outboxEvents(EACH);
  await h.db.run((s) => s.events.append(whileDown));
  expected.push(...whileDown.map((e) => e.envelope.id));

  host = await startHost({ ...env.env, ...WORKER });
  await receiver.answeredAll(expected, 30_000).catch((error: unknown) => {
    t.log(host?.stdout().slice(-3000), host?.stderr().slice(-2000), receiver.arrived.length);
    throw error;
  });
  const distinct = new Set(receiver.answered);
  t.is(distinct.size, expected.length);
  t.true(expected.every((id) => distinct.has(id)));
  t.log(`answered ${receiver.answered.length} requests for ${distinct.size} events (repeats: at-least-once)`);

  // The restarted worker records every outcome: nothing stays Pending or Delivering.
  let seen = "";
  await eventually(async () => {
    const page = await h.call("GET", `/v1/webhook-deliveries?subscriptionId=${subscriptionId}&Limit=100`, { headers });
    const rows = (page.json as { data: { status: string }[] }).data;
    const succeeded = rows.filter((r) => r.status === "Succeeded").length;
    seen = `${succeeded} of ${rows.length} deliveries Succeeded`;
    return succeeded === expected.length;
  }, "every delivery to succeed").catch((error: Error) => {
    throw new Error(`${error.message}: ${seen}`);
  });
  t.pass();
});
