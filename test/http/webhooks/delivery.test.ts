import type { WebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import { makeEvent, RETRY_DELAYS_MS, SYSTEM_ACTOR, verifyWebhook } from "@apar/core";
import test from "ava";
import Stripe from "stripe";
import { TOKENS } from "../../../host/src/tokens.js";
import { codeOf, type Harness, key, seedClient, seedKey, startHarness } from "../auth/harness.js";
import { type Receiver, startReceiver } from "./receiver.js";

// The api role only: the tests drive the runner with runOnce() under the harness's controllable clock.
let h: Harness;
let receiver: Receiver;
let runner: WebhookRunner;
test.before(async () => {
  h = await startHarness({ vars: { APAR_WEBHOOKS_ALLOW_INSECURE: "on" } });
  receiver = await startReceiver();
  runner = await h.app.container.getAsync(TOKENS.WebhookRunner);
});
test.after.always(async () => {
  await receiver?.close();
  await h?.dispose();
});

interface Created {
  readonly id: string;
  readonly secret: string;
}

const tenant = async () => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const headers = key(apiKey.rawKey);
  const subscribe = async (path: string, eventTypes = ["company_bill.awaiting_organisation"]): Promise<Created> => {
    const answer = await h.call("POST", "/v1/webhook-subscriptions", {
      headers,
      body: { url: receiver.url(path), eventTypes },
    });
    if (answer.status !== 201) throw new Error(`${answer.status} ${answer.text}`);
    return answer.json as Created;
  };
  // One event of the client: a company bill waiting for its organisation (no organisation needed).
  const emit = async (count = 1): Promise<string[]> => {
    const events = Array.from({ length: count }, () =>
      makeEvent({
        ids: h.app.container.get(TOKENS.Ids),
        clock: h.clock,
        type: "company_bill.awaiting_organisation",
        clientId: client.id,
        organisationId: null,
        actor: SYSTEM_ACTOR,
        data: { billId: h.app.container.get(TOKENS.Ids).next() },
      }),
    );
    await h.db.run((s) => s.events.append(events));
    return events.map((e) => e.envelope.id);
  };
  return { client, headers, subscribe, emit };
};

const delivery = async (headers: Record<string, string>, id: string) =>
  (await h.call("GET", `/v1/webhook-deliveries/${id}`, { headers })).json as {
    status: string;
    attempts: number;
    nextAttemptAt: string | null;
    updatedAt: string;
    eventId: string;
    lastStatusCode: number | null;
  };

const deliveriesOf = async (headers: Record<string, string>, subscriptionId: string, status?: string) =>
  (
    (
      await h.call(
        "GET",
        `/v1/webhook-deliveries?subscriptionId=${subscriptionId}&Limit=100${status === undefined ? "" : `&status=${status}`}`,
        { headers },
      )
    ).json as { data: { id: string; eventId: string; status: string }[] }
  ).data;

test.serial("a delivery is the envelope, signed: verifyWebhook and stripe's constructEvent accept it", async (t) => {
  const { subscribe, emit } = await tenant();
  const before = await emit();
  const sub = await subscribe("/signed");
  t.regex(sub.secret, /^whsec_/);
  const [eventId] = await emit();
  await runner.runOnce();
  const got = receiver.on("/signed");
  t.is(got.length, 1, "one delivery, and none for the event before the subscription (no backfill)");
  const [first] = got;
  if (first === undefined) return;
  t.is(first.headers["service-event-id"], eventId);
  t.false(before.includes(String(first.headers["service-event-id"])));
  t.is(first.headers["service-event-type"], "company_bill.awaiting_organisation");
  t.is(first.headers["content-type"], "application/json");
  const signature = String(first.headers["service-signature"]);
  const verified = verifyWebhook(sub.secret, signature, first.body);
  t.true(verified.ok, JSON.stringify(verified));
  t.false(verifyWebhook(`${sub.secret}x`, signature, first.body).ok);
  const event = new Stripe("sk_test_unused").webhooks.constructEvent(first.body, signature, sub.secret) as unknown as {
    id: string;
  };
  t.is(event.id, eventId ?? "");
  t.deepEqual(Object.keys(JSON.parse(first.body)), ["id", "type", "occurredAt", "organisationId", "actor", "data"]);
});

test.serial(
  "failed attempts are retried after exactly the spec's delays; after 10 the delivery is Failed",
  async (t) => {
    const { headers, subscribe, emit } = await tenant();
    receiver.answer("/retry", 503);
    const sub = await subscribe("/retry");
    await emit();
    await runner.runOnce();
    const [row] = await deliveriesOf(headers, sub.id);
    if (row === undefined) return t.fail("no delivery");
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const d = await delivery(headers, row.id);
      t.is(d.attempts, attempt);
      t.is(receiver.on("/retry").length, attempt);
      if (attempt === 10) {
        t.is(d.status, "Failed");
        t.is(d.nextAttemptAt, null);
        t.is(d.lastStatusCode, 503);
        break;
      }
      const delay = RETRY_DELAYS_MS[attempt - 1] ?? 0;
      t.is(d.status, "Pending");
      t.is(
        new Date(d.nextAttemptAt ?? 0).getTime() - new Date(d.updatedAt).getTime(),
        delay,
        `delay after attempt ${attempt}`,
      );
      h.clock.advance(delay - 1_000);
      await runner.runOnce();
      t.is(receiver.on("/retry").length, attempt, "not before its time");
      h.clock.advance(1_000);
      await runner.runOnce();
    }
    // Every attempt carried the same event id.
    t.is(new Set(receiver.on("/retry").map((r) => r.headers["service-event-id"])).size, 1);

    // Replay: the same event id again, now acknowledged.
    receiver.answer("/retry", 204);
    const replayed = await h.call("POST", `/v1/webhook-deliveries/${row.id}/replay`, { headers });
    t.is(replayed.status, 202);
    await runner.runOnce();
    const after = await delivery(headers, row.id);
    t.is(after.status, "Succeeded");
    t.is(receiver.on("/retry").at(-1)?.headers["service-event-id"], row.eventId);
    const again = await h.call("POST", `/v1/webhook-deliveries/${row.id}/replay`, { headers });
    t.is(again.status, 202, "a succeeded delivery can be sent again too");
  },
);

test.serial("50 consecutive failures switch the subscription off; enabling resets the count", async (t) => {
  const { headers, subscribe, emit } = await tenant();
  receiver.answer("/flaky", 500);
  const sub = await subscribe("/flaky");
  await emit(49);
  await runner.runOnce();
  let s = (await h.call("GET", `/v1/webhook-subscriptions/${sub.id}`, { headers })).json as {
    active: boolean;
    consecutiveFailures: number;
    disabledReason: string | null;
  };
  t.is(s.consecutiveFailures, 49);
  t.true(s.active);
  await emit(1);
  await runner.runOnce();
  s = (await h.call("GET", `/v1/webhook-subscriptions/${sub.id}`, { headers })).json as typeof s;
  t.false(s.active);
  t.is(s.disabledReason, "ConsecutiveFailures");
  // Off: new events make no deliveries, due retries are parked.
  const received = receiver.on("/flaky").length;
  await emit(1);
  h.clock.advance(60_000);
  await runner.runOnce();
  t.is(receiver.on("/flaky").length, received);
  receiver.answer("/flaky", 200);
  const enabled = await h.call("POST", `/v1/webhook-subscriptions/${sub.id}/enable`, { headers });
  t.is(enabled.status, 200);
  t.like(enabled.json, { active: true, consecutiveFailures: 0, disabledReason: null });
  await runner.runOnce();
  t.is(receiver.on("/flaky").length, received + 50, "the parked retries go out once it is on again");
  // Recover: every failed delivery since a time is queued again.
  t.is((await deliveriesOf(headers, sub.id, "Failed")).length, 0);
});

test.serial("rotating the secret: the next delivery verifies with the new secret only", async (t) => {
  const { headers, subscribe, emit } = await tenant();
  const sub = await subscribe("/rotate");
  const rotated = await h.call("POST", `/v1/webhook-subscriptions/${sub.id}/rotate-secret`, { headers });
  t.is(rotated.status, 200);
  const { secret } = rotated.json as { secret: string };
  t.not(secret, sub.secret);
  await emit();
  await runner.runOnce();
  const [got] = receiver.on("/rotate");
  if (got === undefined) return t.fail("nothing delivered");
  const header = String(got.headers["service-signature"]);
  // The harness clock has moved on in earlier tests: verify at its time.
  const now = h.clock.now();
  t.true(verifyWebhook(secret, header, got.body, { now }).ok);
  const old = verifyWebhook(sub.secret, header, got.body, { now });
  t.true(!old.ok && old.reason === "SignatureMismatch");
  const listed = await h.call("GET", "/v1/webhook-subscriptions", { headers });
  t.false(listed.text.includes("whsec_"), "secrets appear only in the create and rotate answers");
});

test.serial("test events go to that subscription only; recover re-queues failed deliveries since a time", async (t) => {
  const { headers, subscribe, emit } = await tenant();
  const one = await subscribe("/test-one");
  await subscribe("/test-two");
  const sent = await h.call("POST", `/v1/webhook-subscriptions/${one.id}/test`, { headers });
  t.is(sent.status, 202);
  await runner.runOnce();
  t.is(receiver.on("/test-one").length, 1);
  t.is(receiver.on("/test-two").length, 0);
  const body = JSON.parse(receiver.on("/test-one")[0]?.body ?? "{}") as { type: string; data: unknown };
  t.is(body.type, "webhook.test");
  t.deepEqual((body.data as { subscriptionId: string }).subscriptionId, one.id);

  receiver.answer("/test-one", 500);
  const since = h.clock.now();
  await emit(2);
  for (let i = 0; i < 10; i += 1) {
    await runner.runOnce();
    h.clock.advance(25 * 3_600_000);
  }
  t.is((await deliveriesOf(headers, one.id, "Failed")).length, 2);
  receiver.answer("/test-one", 200);
  const recovered = await h.call("POST", `/v1/webhook-subscriptions/${one.id}/recover`, {
    headers,
    body: { since: since.toISOString() },
  });
  t.deepEqual(recovered.json, { requeued: 2 });
  await runner.runOnce();
  t.is((await deliveriesOf(headers, one.id, "Succeeded")).length, 3);
});

test.serial(
  "subscription rules: 10 per client (409), bad URLs (400 Webhook.InvalidUrl), subscribable types",
  async (t) => {
    const { headers, subscribe } = await tenant();
    for (let i = 0; i < 10; i += 1) await subscribe(`/limit-${i}`);
    const eleventh = await h.call("POST", "/v1/webhook-subscriptions", {
      headers,
      body: { url: receiver.url("/limit-10"), eventTypes: ["bill.created"] },
    });
    t.is(eleventh.status, 409);
    t.is(codeOf(eleventh), "WebhookSubscription.LimitReached");
    const other = await tenant();
    const badUrl = await h.call("POST", "/v1/webhook-subscriptions", {
      headers: other.headers,
      body: { url: "https://169.254.169.254/latest", eventTypes: ["bill.created"] },
    });
    t.is(badUrl.status, 400);
    t.is(codeOf(badUrl), "Webhook.InvalidUrl");
    const testType = await h.call("POST", "/v1/webhook-subscriptions", {
      headers: other.headers,
      body: { url: receiver.url("/x"), eventTypes: ["webhook.test"] },
    });
    t.is(testType.status, 400);
    const unknown = await h.call("POST", "/v1/webhook-subscriptions", {
      headers: other.headers,
      body: { url: receiver.url("/x"), eventTypes: ["bill.teleported"] },
    });
    t.is(unknown.status, 400);
    const created = await other.subscribe("/patch");
    const patched = await h.call("PATCH", `/v1/webhook-subscriptions/${created.id}`, {
      headers: other.headers,
      body: { eventTypes: ["bill.created", "bill.paid", "bill.created"] },
    });
    t.deepEqual((patched.json as { eventTypes: string[] }).eventTypes, ["bill.created", "bill.paid"]);
    t.is((await h.call("DELETE", `/v1/webhook-subscriptions/${created.id}`, { headers: other.headers })).status, 204);
    t.is((await h.call("GET", `/v1/webhook-subscriptions/${created.id}`, { headers: other.headers })).status, 404);
  },
);
