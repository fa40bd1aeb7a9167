import { verifyWebhook } from "@apar/core";
import anyTest, { type TestFn } from "ava";
import type { Browser } from "playwright-core";
import { suiteNeeding } from "../../helpers/services.js";
import { browserSkipReason, launchChromium, type Receiver, startReceiver } from "../../portal/browser.js";
import { type BillHarness, startBillHarness, userWithToken } from "../bills/bill-harness.js";
import { send } from "../support/client.js";
import { type FakeStripe, startFakeStripe } from "./fake-stripe.js";

const skip = browserSkipReason();
const test = suiteNeeding(anyTest as TestFn<unknown>, "test/http/payments/stripe", skip);

const WEBHOOK_SECRET = "whsec_test_apar";
let stripe: FakeStripe;
let h: BillHarness;
let browser: Browser;
let receiver: Receiver;

test.before(async () => {
  if (skip !== undefined) return;
  browser = await launchChromium();
  receiver = await startReceiver();
  stripe = await startFakeStripe();
  h = await startBillHarness({
    vars: {
      APAR_PAYMENT_GATEWAY: "stripe",
      APAR_STRIPE_SECRET_KEY: "sk_test_apar",
      APAR_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APAR_STRIPE_API_URL: stripe.url,
      // The subscriber of this test is plain http on loopback.
      APAR_WEBHOOKS_ALLOW_INSECURE: "on",
    },
  });
});
test.after.always(async () => {
  await receiver?.close();
  await browser?.close();
  await h?.dispose();
  await stripe?.close();
});

type Json = Record<string, unknown>;
const account = (tail: string) => `/v1/organisations/${h.organisationId}/payment-account/${tail}`;

/** A sent invoice of `amount` EUR and its public token. */
const sentInvoice = async (unitPrice: string) => {
  const customer = await h.call("POST", "/v1/customers", { body: { name: "Globex", email: "ap@globex.example" } });
  const draft = await h.call("POST", "/v1/invoices", {
    body: {
      customerId: (customer.json as Json).id,
      currency: "EUR",
      lineItems: [{ description: "Consulting", quantity: "1", unitPrice }],
    },
  });
  const sent = await h.call("POST", `/v1/invoices/${(draft.json as Json).id}/send`);
  if (sent.status !== 200) throw new Error(sent.text);
  const invoice = sent.json as Json;
  const token = String(invoice.paymentUrl).split("/i/")[1] ?? "";
  return { id: String(invoice.id), token };
};

/** Posts an event to the Stripe receiver, signed with `secret`. */
const deliver = (event: Json, secret = WEBHOOK_SECRET) => {
  const { body, signature } = stripe.signed(event, secret);
  return send(h.app.port ?? 0, {
    method: "POST",
    path: "/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: Buffer.from(body),
  });
};

const paidSession = (eventId: string, accountId: string, invoiceId: string, amountTotal: number) => ({
  id: eventId,
  object: "event",
  type: "checkout.session.completed",
  account: accountId,
  api_version: "2026-10-28.endive",
  created: 1_800_000_000,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: {
    object: {
      id: "cs_test_paid",
      object: "checkout.session",
      payment_status: "paid",
      amount_total: amountTotal,
      currency: "eur",
      client_reference_id: invoiceId,
      metadata: { invoiceId },
      payment_intent: `pi_${eventId}`,
    },
  },
});

test.serial("onboarding: enable, link, session, status as the processor says it", async (t) => {
  const before = await h.call("GET", account("status"));
  t.is(before.status, 200, before.text);
  t.like(before.json as Json, { provider: "stripe", accountId: null, status: "NotStarted" });

  const enabled = await h.call("POST", account("enable"), { body: { country: "de", email: "finance@acme.example" } });
  t.is(enabled.status, 200, enabled.text);
  const accountId = String((enabled.json as Json).accountId);
  t.regex(accountId, /^acct_/);
  const created = stripe.requests.find((r) => r.path === "/v1/accounts");
  t.is(created?.form.get("metadata[organisationId]"), h.organisationId);
  t.is(created?.form.get("country"), "DE");
  t.is(created?.headers.authorization, "Bearer sk_test_apar");
  // Enabling again answers the same account.
  t.is(((await h.call("POST", account("enable"))).json as Json).accountId, accountId);
  t.is(stripe.requests.filter((r) => r.path === "/v1/accounts").length, 1);

  const link = await h.call("POST", account("link"), {
    body: { returnUrl: "https://app.example/done", refreshUrl: "https://app.example/again" },
  });
  t.is(link.status, 200, link.text);
  t.is((link.json as Json).url, `${stripe.url}/onboarding/${accountId}`);
  t.is(
    (await h.call("POST", account("link"), { body: { returnUrl: "ftp://x", refreshUrl: "https://a.example" } })).status,
    400,
  );
  const session = await h.call("POST", account("session"));
  t.regex(String((session.json as Json).clientSecret), /^accs_secret_/);

  t.like((await h.call("GET", account("status"))).json as Json, {
    status: "OnboardingInProgress",
    capabilities: { chargesEnabled: false, currentlyDue: ["business_type", "external_account"] },
  });
  stripe.accounts.set(accountId, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], disabled_reason: null },
  });
  const active = (await h.call("GET", account("status"))).json as Json;
  t.like(active, { status: "Active", capabilities: { chargesEnabled: true, payoutsEnabled: true } });
  t.regex(String(active.enabledAt), /^\d{4}-/);
  // Each move is an event for the organisation's subscribers, in order.
  const moves = await h.app.database.stores.events.ofSubject(h.clientId, "payment_account", accountId);
  t.deepEqual(
    moves.map((e) => {
      const d = (e.envelope.data as { paymentAccount: Json }).paymentAccount;
      return `${String(d.previousStatus)}>${String(d.status)}`;
    }),
    ["NotStarted>OnboardingInProgress", "OnboardingInProgress>Active"],
  );
});

test.serial(
  "a checkout for what is due, the processor's event records the payment once, a forged one is refused",
  async (t) => {
    const accountId = String(((await h.call("GET", account("status"))).json as Json).accountId);
    const invoice = await sentInvoice("1546.00");
    const page = await send(h.app.port ?? 0, { method: "GET", path: `/i/${invoice.token}` });
    t.regex(page.text, /checkout-session/, "the page offers to pay online");

    const checkout = await send(h.app.port ?? 0, { method: "POST", path: `/i/${invoice.token}/checkout-session` });
    t.is(checkout.status, 303, checkout.text);
    const location = String(checkout.headers.location);
    t.true(location.startsWith(`${stripe.url}/pay/cs_test_`));
    const made = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    t.is(made?.headers["stripe-account"], accountId);
    t.is(made?.form.get("line_items[0][price_data][unit_amount]"), "154600");
    t.is(made?.form.get("line_items[0][price_data][currency]"), "eur");
    t.is(made?.form.get("metadata[invoiceId]"), invoice.id);
    t.truthy(made?.headers["idempotency-key"]);
    t.regex(String(made?.form.get("success_url")), new RegExp(`/i/${invoice.token}\\?checkout=success$`));

    // In the browser: Pay posts the form and follows the redirect to the processor's checkout page; coming back
    // shows the outcome. (Stripe's checkout is https, which the page's form-action allows; the tests' processor is
    // plain http on loopback, so the browser is told to pass over the page's CSP.)
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const tab = await context.newPage();
      await tab.goto(`http://127.0.0.1:${h.app.port}/i/${invoice.token}`);
      await Promise.all([tab.waitForURL(new RegExp(`^${stripe.url}/pay/cs_test_`)), tab.click("#pay")]);
      t.regex((await tab.textContent("#checkout")) ?? "", /^Pay cs_test_/);
      await tab.goto(`http://127.0.0.1:${h.app.port}/i/${invoice.token}?checkout=success`);
      t.regex((await tab.textContent("#checkout-outcome")) ?? "", /being confirmed/);
    } finally {
      await context.close();
    }

    const subscribed = await h.call("POST", "/v1/webhook-subscriptions", {
      body: { url: receiver.url, eventTypes: ["invoice.paid"] },
    });
    t.is(subscribed.status, 201, subscribed.text);

    const paid = await deliver(paidSession("evt_paid_1", accountId, invoice.id, 154600));
    t.is(paid.status, 200, paid.text);
    t.is((paid.json as Json).outcome, "applied");
    const after = (await h.call("GET", `/v1/invoices/${invoice.id}`)).json as Json;
    t.is(after.status, "Paid");
    const payments = (await h.call("GET", `/v1/invoices/${invoice.id}/payments`)).json as { data: Json[] } | Json[];
    const list = Array.isArray(payments) ? payments : payments.data;
    t.is(list.length, 1);
    t.like(list[0], { amount: "1546.00", method: "stripe", reference: "pi_evt_paid_1" });
    const history = (await h.call("GET", `/v1/invoices/${invoice.id}/history`)).json as { data: Json[] };
    t.true(history.data.some((e) => e.type === "invoice.paid"));

    // The subscriber is told, signed, as for any payment.
    await receiver.waitFor(1);
    const told = JSON.parse(receiver.received[0]?.body ?? "{}") as { type: string; data: { invoice: Json } };
    t.is(told.type, "invoice.paid");
    t.is(told.data.invoice.id, invoice.id);
    const secret = String((subscribed.json as Json).secret);
    t.true(
      verifyWebhook(
        secret,
        receiver.received[0]?.headers["service-signature"] as string,
        receiver.received[0]?.body ?? "",
      ).ok,
    );

    // The same event again changes nothing.
    const again = await deliver(paidSession("evt_paid_1", accountId, invoice.id, 154600));
    t.is(again.status, 200);
    t.is((again.json as Json).outcome, "duplicate");
    const still = (await h.call("GET", `/v1/invoices/${invoice.id}/payments`)).json as { data: Json[] } | Json[];
    t.is((Array.isArray(still) ? still : still.data).length, 1);

    // A wrong signature is a 400 and nothing happens.
    const other = await sentInvoice("10.00");
    const forged = await deliver(paidSession("evt_forged", accountId, other.id, 1000), "whsec_someone_else");
    t.is(forged.status, 400);
    t.is((forged.json as Json).title, "Payments.BadSignature");
    t.is(((await h.call("GET", `/v1/invoices/${other.id}`)).json as Json).status, "Sent");
    const unsigned = await send(h.app.port ?? 0, {
      method: "POST",
      path: "/webhooks/stripe",
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify(paidSession("evt_unsigned", accountId, other.id, 1000))),
    });
    t.is(unsigned.status, 400);

    // An event apar cannot apply is kept for a person, answered 200 (Stripe would retry a failure), never a 500.
    const unknown = await deliver(paidSession("evt_unknown", accountId, "0190a9b8-0000-7000-8000-000000000000", 500));
    t.is(unknown.status, 200);
    t.regex(String((unknown.json as Json).outcome), /^unapplied: /);
    const tooMuch = await deliver(paidSession("evt_too_much", accountId, other.id, 99_999));
    t.regex(String((tooMuch.json as Json).outcome), /^unapplied: Invoice\.Overpayment/);
    // Each reaches the organisation's subscribers as payment.unapplied, once.
    const repeated = await deliver(paidSession("evt_too_much", accountId, other.id, 99_999));
    t.is((repeated.json as Json).outcome, "duplicate");
    const kept = await h.app.database.stores.events.ofSubject(h.clientId, "payment", "evt_too_much");
    t.deepEqual(
      kept.map((e) => [e.envelope.type, (e.envelope.data as { payment: Json }).payment.amount]),
      [["payment.unapplied", "999.99"]],
    );
    // Its amount in the currency's minor digits, as every amount apar writes (5 euros of 500 cents: "5.00").
    const unknownEvents = await h.app.database.stores.events.ofSubject(h.clientId, "payment", "evt_unknown");
    t.deepEqual(
      unknownEvents.map((e) => (e.envelope.data as { payment: Json }).payment.amount),
      ["5.00"],
    );
    // A refund is kept for a person too (apar keeps a paid invoice paid), with what was given back.
    const refund = await deliver({
      id: "evt_refund_1",
      object: "event",
      type: "charge.refunded",
      account: accountId,
      created: 1_800_000_000,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: "ch_1",
          object: "charge",
          amount: 154600,
          amount_refunded: 50000,
          currency: "eur",
          refunded: false,
          metadata: { invoiceId: invoice.id },
        },
      },
    });
    t.is(refund.status, 200);
    t.regex(String((refund.json as Json).outcome), /^unapplied: a refund of 500.00 EUR \(ch_1\)/);
    t.is(((await h.call("GET", `/v1/invoices/${invoice.id}`)).json as Json).status, "Paid");
    t.is(((await h.call("GET", `/v1/invoices/${other.id}`)).json as Json).status, "Sent");
  },
);

/** What Stripe says of an account whose details are past due. */
const RESTRICTED = {
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: true,
  requirements: {
    currently_due: ["external_account"],
    past_due: ["external_account"],
    disabled_reason: "requirements.past_due",
  },
};

/** The account's `payment_account.status_changed` events, as `previous>status`, in order. */
const statusMoves = async (accountId: string): Promise<string[]> =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "payment_account", accountId))
    .filter((e) => e.envelope.type === "payment_account.status_changed")
    .map((e) => {
      const d = (e.envelope.data as { paymentAccount: Json }).paymentAccount;
      return `${String(d.previousStatus)}>${String(d.status)}`;
    });

/** An `account.updated` event of the account as Stripe sends it, the account in `state`. */
const accountUpdated = (id: string, accountId: string, state: Json) => ({
  id,
  object: "event",
  type: "account.updated",
  account: accountId,
  created: 1_800_000_000,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object: { id: accountId, object: "account", ...state } },
});

test.serial("account.updated refreshes the status; only administrators manage the account", async (t) => {
  const accountId = String(((await h.call("GET", account("status"))).json as Json).accountId);
  const updated = await deliver(accountUpdated("evt_account_1", accountId, RESTRICTED));
  t.is((updated.json as Json).outcome, "applied");
  t.is((await statusMoves(accountId)).at(-1), "Active>Restricted", "the move is an event");
  // The event alone took the account out of Active: no Pay button, and no checkout.
  const invoice = await sentInvoice("20.00");
  t.notRegex((await send(h.app.port ?? 0, { method: "GET", path: `/i/${invoice.token}` })).text, /checkout-session/);
  const refused = await send(h.app.port ?? 0, { method: "POST", path: `/i/${invoice.token}/checkout-session` });
  t.is(refused.status, 409);
  t.is((refused.json as Json).title, "Payments.AccountNotReady");
  stripe.accounts.set(accountId, RESTRICTED);
  t.like((await h.call("GET", account("status"))).json as Json, {
    status: "Restricted",
    capabilities: { chargesEnabled: false, pastDue: ["external_account"] },
  });

  const member = await userWithToken(h, "Member");
  const asMember = await send(h.app.port ?? 0, {
    method: "GET",
    path: account("status"),
    headers: { authorization: `Bearer ${member.token}` },
  });
  t.is(asMember.status, 403);
  t.is((asMember.json as Json).title, "Permission.Denied");
});

test.serial("every status change a Stripe event brings is a payment_account.status_changed, once", async (t) => {
  const accountId = String(((await h.call("GET", account("status"))).json as Json).accountId);
  const ACTIVE = {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], disabled_reason: null },
  };
  const ONBOARDING = {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements: { currently_due: ["business_type"], past_due: [], disabled_reason: null },
  };
  const REJECTED = { ...RESTRICTED, requirements: { ...RESTRICTED.requirements, disabled_reason: "rejected.fraud" } };
  const steps: [string, Json, string][] = [
    ["evt_move_1", ACTIVE, "Restricted>Active"],
    ["evt_move_2", RESTRICTED, "Active>Restricted"],
    ["evt_move_3", ONBOARDING, "Restricted>OnboardingInProgress"],
    ["evt_move_4", ACTIVE, "OnboardingInProgress>Active"],
    ["evt_move_5", REJECTED, "Active>Rejected"],
  ];
  const before = (await statusMoves(accountId)).length;
  t.is((await statusMoves(accountId)).at(-1), "Active>Restricted");
  for (const [id, state, move] of steps) {
    const answer = await deliver(accountUpdated(id, accountId, state));
    t.is((answer.json as Json).outcome, "applied", id);
    t.is((await statusMoves(accountId)).at(-1), move, id);
  }
  t.is((await statusMoves(accountId)).length, before + steps.length);
  // The same event again, and an update that leaves the status as it is: no event.
  t.is(((await deliver(accountUpdated("evt_move_5", accountId, REJECTED))).json as Json).outcome, "duplicate");
  const same = await deliver(
    accountUpdated("evt_move_6", accountId, {
      ...REJECTED,
      requirements: { ...REJECTED.requirements, currently_due: ["other"] },
    }),
  );
  t.is((same.json as Json).outcome, "applied");
  t.is((await statusMoves(accountId)).length, before + steps.length);
  // The organisation disconnects its account from the platform.
  const gone = await deliver({
    ...accountUpdated("evt_move_7", accountId, {}),
    type: "account.application.deauthorized",
    data: { object: { id: "ca_test", object: "application", name: "apar" } },
  });
  t.is((gone.json as Json).outcome, "applied");
  t.is((await statusMoves(accountId)).at(-1), "Rejected>Disconnected");
  const data = (await h.app.database.stores.events.ofSubject(h.clientId, "payment_account", accountId)).at(-1)?.envelope
    .data as { paymentAccount: Json };
  t.like(data.paymentAccount, { status: "Disconnected", chargesEnabled: false, payoutsEnabled: false });
});
