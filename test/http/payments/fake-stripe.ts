import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** A request the fake Stripe received: method, path, headers and the form-encoded body's fields. */
export interface StripeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly form: URLSearchParams;
}

/** What the fake says of an account when asked. */
export interface FakeAccountState {
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[]; past_due: string[]; disabled_reason: string | null };
}

/**
 * A local server speaking Stripe's wire format for the calls apar makes (form-encoded requests, JSON objects with
 * `object`, Stripe's error shape): accounts, account links, account sessions, Checkout Sessions on a connected
 * account (`Stripe-Account`), and a hosted checkout page. Events are signed as Stripe signs them.
 */
export interface FakeStripe {
  readonly url: string;
  readonly requests: StripeRequest[];
  readonly accounts: Map<string, FakeAccountState>;
  /** A body and its `Stripe-Signature` header, signed with `secret` (or another secret, to forge one). */
  signed(event: Record<string, unknown>, secret: string): { body: string; signature: string };
  close(): Promise<void>;
}

const NEW_ACCOUNT = (): FakeAccountState => ({
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  requirements: {
    currently_due: ["business_type", "external_account"],
    past_due: [],
    disabled_reason: "requirements.past_due",
  },
});

export const startFakeStripe = async (): Promise<FakeStripe> => {
  const requests: StripeRequest[] = [];
  const accounts = new Map<string, FakeAccountState>();
  const sessions = new Map<string, Record<string, unknown>>();
  let n = 0;
  let base = "";
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (p: Buffer) => parts.push(p));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const form = new URLSearchParams(Buffer.concat(parts).toString("utf8"));
      requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, form });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
        res.end(JSON.stringify(body));
      };
      const fail = (status: number, message: string) =>
        json(status, { error: { type: "invalid_request_error", message, code: "resource_missing" } });
      const accountOf = (id: string, state: FakeAccountState) => ({ id, object: "account", type: "express", ...state });
      const path = url.pathname;
      if (req.method === "POST" && path === "/v1/accounts") {
        const id = `acct_test${++n}`;
        accounts.set(id, NEW_ACCOUNT());
        return json(200, accountOf(id, NEW_ACCOUNT()));
      }
      const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
      if (req.method === "GET" && account !== null) {
        const state = accounts.get(account[1] ?? "");
        return state === undefined ? fail(404, "No such account") : json(200, accountOf(account[1] ?? "", state));
      }
      if (req.method === "POST" && path === "/v1/account_links") {
        if (!accounts.has(form.get("account") ?? "")) return fail(400, "No such account");
        return json(200, {
          object: "account_link",
          url: `${base}/onboarding/${form.get("account")}`,
          created: 1_800_000_000,
          expires_at: 1_800_000_300,
        });
      }
      if (req.method === "POST" && path === "/v1/account_sessions") {
        if (!accounts.has(form.get("account") ?? "")) return fail(400, "No such account");
        return json(200, {
          object: "account_session",
          account: form.get("account"),
          client_secret: `accs_secret_${++n}`,
          expires_at: 1_800_001_800,
          livemode: false,
        });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const on = req.headers["stripe-account"];
        if (typeof on !== "string" || !accounts.has(on)) return fail(400, "No such connected account");
        const id = `cs_test_${++n}`;
        const session = {
          id,
          object: "checkout.session",
          mode: "payment",
          url: `${base}/pay/${id}`,
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          client_reference_id: form.get("client_reference_id"),
          metadata: {
            invoiceId: form.get("metadata[invoiceId]"),
            organisationId: form.get("metadata[organisationId]"),
            token: form.get("metadata[token]"),
          },
          success_url: form.get("success_url"),
          payment_status: "unpaid",
        };
        sessions.set(id, session);
        return json(200, session);
      }
      const pay = /^\/pay\/([^/]+)$/.exec(path);
      if (req.method === "GET" && pay !== null && sessions.has(pay[1] ?? "")) {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(`<!doctype html><title>Fake checkout</title><h1 id="checkout">Pay ${pay[1]}</h1>`);
      }
      return fail(404, `Unrecognized request URL (${req.method}: ${path})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe("sk_test_signer");
  return {
    url: base,
    requests,
    accounts,
    signed: (event, secret) => {
      const body = JSON.stringify(event);
      return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
