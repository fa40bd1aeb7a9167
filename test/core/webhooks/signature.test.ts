import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  generateWebhookSecret,
  MAX_DELIVERY_ATTEMPTS,
  nextAttemptAt,
  RETRY_DELAYS_MS,
  signWebhook,
  verifyWebhook,
  webhookHeaderNames,
} from "@apar/core";
import test from "ava";
import Stripe from "stripe";
import { ROOT } from "../../helpers/host-process.js";

interface Vector {
  readonly name: string;
  readonly secret: string;
  readonly payload: string;
  readonly header: string;
  readonly receiverNowUnix: number;
  readonly toleranceSeconds: number;
  readonly stripeNodeVerdict: "valid" | "invalid";
  readonly expectedV1ForSecretAndT: string;
}

const vectors = (
  JSON.parse(readFileSync(join(ROOT, "fixtures/webhooks/stripe-scheme-vectors.json"), "utf8")) as { cases: Vector[] }
).cases;

// Our verifier is symmetric (the spec: "between t and the receiver's clock"); stripe-node accepts future stamps.
const OUR_VERDICT_DIFFERS = new Set(["future_timestamp_301s"]);

for (const v of vectors) {
  test(`vector ${v.name}: verifyWebhook says ${OUR_VERDICT_DIFFERS.has(v.name) ? "the opposite of stripe" : v.stripeNodeVerdict}`, (t) => {
    const result = verifyWebhook(v.secret, v.header, v.payload, {
      toleranceSeconds: v.toleranceSeconds,
      now: new Date(v.receiverNowUnix * 1000),
    });
    const expected = OUR_VERDICT_DIFFERS.has(v.name)
      ? v.stripeNodeVerdict !== "valid"
      : v.stripeNodeVerdict === "valid";
    t.is(result.ok, expected, JSON.stringify(result));
  });
}

test("signWebhook reproduces every vector's v1 for its secret and t", (t) => {
  for (const v of vectors) {
    const timestamp = /t=(\d+)/.exec(v.header)?.[1];
    if (timestamp === undefined) continue;
    t.is(signWebhook(v.secret, Number(timestamp), v.payload), `t=${timestamp},v1=${v.expectedV1ForSecretAndT}`, v.name);
  }
});

test("failures say what went wrong", (t) => {
  const secret = "whsec_test_secret";
  const body = '{"id":"e1","type":"bill.created"}';
  const now = new Date(1_700_000_000_000);
  const header = signWebhook(secret, 1_700_000_000, body);
  const reason = (h: string | undefined, b = body, s = secret, at = now) => {
    const r = verifyWebhook(s, h, b, { now: at });
    return r.ok ? "ok" : r.reason;
  };
  t.is(reason(header), "ok");
  t.is(reason(undefined), "MissingHeader");
  t.is(reason("garbage"), "MalformedHeader");
  t.is(reason("t=1700000000,v0=abc"), "NoV1Signature");
  t.is(reason("t=soon,v1=abc"), "BadTimestamp");
  t.is(reason(header, body, secret, new Date(now.getTime() + 301_000)), "TimestampTooOld");
  t.is(reason(header, body, secret, new Date(now.getTime() - 301_000)), "TimestampInFuture");
  t.is(reason(header, `${body} `), "SignatureMismatch");
  const reserialised = verifyWebhook(secret, header, JSON.stringify(JSON.parse(body), null, 2), { now });
  t.true(!reserialised.ok && /raw request body/.test(reserialised.message));
  const spaced = verifyWebhook(`${secret} `, header, body, { now });
  t.true(!spaced.ok && /whitespace/.test(spaced.message));
});

test("stripe's constructEvent accepts what signWebhook makes, keyed with the whole whsec_ secret", (t) => {
  const secret = generateWebhookSecret((n) => new Uint8Array(n).fill(7));
  const body = JSON.stringify({ id: "0190", type: "bill.created", data: { bill: { id: "x" } } });
  const header = signWebhook(secret, Math.floor(Date.now() / 1000), body);
  const stripe = new Stripe("sk_test_unused");
  const event = stripe.webhooks.constructEvent(body, header, secret) as unknown as { id: string };
  t.is(event.id, "0190");
  t.throws(() => stripe.webhooks.constructEvent(body, header, `${secret}x`));
});

test("secrets are whsec_ plus 32 random bytes from the given source", (t) => {
  const secret = generateWebhookSecret((n) => new Uint8Array(n).fill(255));
  t.regex(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  t.is(Buffer.from(secret.slice(6), "base64url").length, 32);
  t.not(
    generateWebhookSecret((n) => new Uint8Array(n).fill(1)),
    secret,
  );
});

test("the retry schedule is the spec's: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h, then failed", (t) => {
  const minutes = RETRY_DELAYS_MS.map((ms) => ms / 60_000);
  t.deepEqual(minutes, [0.5, 2, 10, 30, 60, 180, 360, 720, 1440]);
  const now = new Date(0);
  t.is(nextAttemptAt(1, now)?.getTime(), 30_000);
  t.is(nextAttemptAt(9, now)?.getTime(), 86_400_000);
  t.is(nextAttemptAt(MAX_DELIVERY_ATTEMPTS, now), undefined);
  t.is(MAX_DELIVERY_ATTEMPTS, 10);
});

test("header names follow the brand word", (t) => {
  t.deepEqual(webhookHeaderNames("service"), {
    signature: "Service-Signature",
    eventId: "Service-Event-Id",
    eventType: "Service-Event-Type",
  });
  t.is(webhookHeaderNames("acme-pay").signature, "Acme-Pay-Signature");
});
