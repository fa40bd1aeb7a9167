import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import test from "ava";
import {
  anotherClient,
  type BillHarness,
  confirmedSuppliers,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { send } from "../support/client.js";

let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
  // Bills are approved and paid only to a supplier's confirmed account: these suppliers have one.
  await confirmedSuppliers(h, ["Acme Tools", "Globex", "Path Co"]);
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;

/** An MCP client (the official SDK) connected to apar with these headers, at `path`. */
const connect = async (headers: Record<string, string>, path = "/v1/mcp"): Promise<Client> => {
  const client = new Client({ name: "apar-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${h.app.port}${path}`), { requestInit: { headers } }),
  );
  return client;
};

const billInReview = async (fields: Json): Promise<string> => {
  const up = await h.upload(pdfWith({ currency: "EUR", invoiceNumber: Math.random().toString(36), ...fields }));
  const bill = await h.settled(String((up.json as Json).id));
  if (bill.state !== "PendingReview") throw new Error(`bill in ${String(bill.state)}`);
  return String(bill.id);
};

const structured = (r: unknown): Json => (r as { structuredContent: Json }).structuredContent;

/** The person's confirmation over HTTP, with exactly these headers (the MCP client's by default). */
const confirmAs = (confirmationId: string, headers: Record<string, string> = h.headers) =>
  send(h.app.port ?? 0, { method: "POST", path: `/v1/mcp/confirmations/${confirmationId}`, headers });

test.serial(
  "a client lists the tools, reads and submits a bill over MCP; approving waits for the person's own confirmation",
  async (t) => {
    const client = await connect(h.headers);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((x) => x.name);
      for (const name of [
        "list_bills",
        "get_bill",
        "approve_bill",
        "schedule_payment",
        "send_invoice",
        "due_this_week",
      ])
        t.true(names.includes(name), name);
      for (const x of tools) t.is(x.inputSchema.type, "object", x.name);
      const schedule = tools.find((x) => x.name === "schedule_payment");
      t.like(schedule?.annotations, { readOnlyHint: false, destructiveHint: true });
      t.false("confirmationToken" in ((schedule?.inputSchema.properties ?? {}) as Json), "no self-confirmation");
      t.false("confirm" in ((schedule?.inputSchema.properties ?? {}) as Json));
      t.like(tools.find((x) => x.name === "get_bill")?.annotations, { readOnlyHint: true });

      const id = await billInReview({ supplierName: "Acme Tools", totalAmount: "420.00" });
      const read = await client.callTool({ name: "get_bill", arguments: { id } });
      t.falsy(read.isError);
      t.like(structured(read), { id, supplierName: "Acme Tools", totalAmount: "420.00", state: "PendingReview" });
      const listed = await client.callTool({ name: "list_bills", arguments: { state: "PendingReview", limit: 50 } });
      t.true((structured(listed).items as Json[]).some((b) => b.id === id));

      t.like(structured(await client.callTool({ name: "submit_bill", arguments: { id } })), { state: "NeedsApproval" });
      // Approving answers that a person must confirm, and changes nothing.
      const asked = await client.callTool({ name: "approve_bill", arguments: { id } });
      t.falsy(asked.isError);
      const waiting = structured(asked);
      t.like(waiting, {
        done: false,
        waitingFor: "person",
        tool: "approve_bill",
        amount: "420.00",
        currency: "EUR",
        payee: "Acme Tools",
      });
      t.regex(
        String(waiting.summary),
        /Approve bill .* from Acme Tools for 420\.00 EUR \(0 of 1 approval given so far\)/,
      );
      const words = asked.content as { text: string; annotations?: { audience?: string[] } }[];
      t.regex(words[0]?.text ?? "", /a person must confirm this.*cannot confirm it and no tool call does/s);
      t.deepEqual(words[1]?.annotations?.audience, ["user"]);
      t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "NeedsApproval");
      // A model that sends the id back with confirm: true only asks again.
      const id1 = String(waiting.confirmationId);
      const selfConfirmed = await client.callTool({
        name: "approve_bill",
        arguments: { id, confirm: true, confirmationToken: id1, confirmationId: id1 },
      });
      t.true(selfConfirmed.isError, "an unknown member is refused");
      const again = await client.callTool({
        name: "approve_bill",
        arguments: { id, confirm: true, confirmationToken: id1 },
      });
      t.like(structured(again), { done: false, waitingFor: "person" });
      t.not(structured(again).confirmationId, id1);
      t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "NeedsApproval");

      // The person confirms outside the model, with the credential the MCP client uses.
      const confirmed = await confirmAs(id1);
      t.is(confirmed.status, 200, confirmed.text);
      t.like(confirmed.json as Json, { tool: "approve_bill", result: { state: "Approved" } });
      const history = (await h.call("GET", `/v1/bills/${id}/history`)).json as { data: Json[] };
      t.like(history.data.find((e) => e.type === "bill.needs_approval")?.actor as Json, {
        type: "api_key",
        via: "mcp",
      });
      const last = history.data.at(-1) ?? {};
      t.is(last.type, "bill.approved");
      t.like(last.actor as Json, { type: "api_key" });
    } finally {
      await client.close();
    }
  },
);

test.serial("a payment is scheduled only by the person's confirmation, once", async (t) => {
  const id = await billInReview({ supplierName: "Globex", totalAmount: "99.90" });
  await h.call("POST", `/v1/bills/${id}/submit`);
  await h.call("POST", `/v1/bills/${id}/approve`);
  const client = await connect(h.headers);
  try {
    const args = { id, paymentDate: "2030-01-15", paymentMethod: "SEPA transfer" };
    const asked = await client.callTool({ name: "schedule_payment", arguments: args });
    t.falsy(asked.isError);
    const { confirmationId, summary } = structured(asked) as { confirmationId: string; summary: string };
    t.regex(summary, /99\.90 EUR to Globex/);
    t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "Approved", "asking changed nothing");

    // Another client's key, and a forged id, answer alike: not found.
    const them = await anotherClient(h);
    const foreign = await confirmAs(confirmationId, them.headers);
    const forged = await confirmAs(`${confirmationId.slice(0, -4)}AAAA`);
    t.is(forged.status, 404);
    t.is(foreign.status, 404);
    t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "Approved");

    const done = await confirmAs(confirmationId);
    t.is(done.status, 200, done.text);
    t.like((done.json as Json).result as Json, { id, state: "Scheduled", paymentDate: "2030-01-15" });
    // Taken back to Approved, the bill is not scheduled again by the same token.
    t.is((await h.call("POST", `/v1/bills/${id}/unschedule`)).status, 200);
    const reused = await confirmAs(confirmationId);
    t.is(reused.status, 409);
    t.is((reused.json as Json).title, "ToolConfirmation.Used");
    t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "Approved");
  } finally {
    await client.close();
  }
});

test.serial("a tool's failure is a tool result, not a protocol error; bad arguments are named", async (t) => {
  const client = await connect(h.headers);
  try {
    const missing = await client.callTool({
      name: "get_bill",
      arguments: { id: "0190a9b8-0000-7000-8000-000000000000" },
    });
    t.true(missing.isError);
    t.like(structured(missing), { code: "Bill.NotFound" });
    const bad = await client.callTool({ name: "list_bills", arguments: { state: "Nope", extra: 1 } });
    t.true(bad.isError);
    const text = JSON.stringify(bad.content);
    t.regex(text, /state/);
    t.regex(text, /extra/);
    const unknown = await client.callTool({ name: "drop_tables", arguments: {} });
    t.true(unknown.isError);
    t.like(structured(unknown), { code: "Tool.NotFound" });
  } finally {
    await client.close();
  }
});

test.serial("a Member's token lists no approve or reject tool and cannot call them; an Approver's can", async (t) => {
  const member = await userWithToken(h, "Member");
  const client = await connect({
    authorization: `Bearer ${member.token}`,
    "x-service-organisation-id": h.organisationId,
  });
  try {
    const names = (await client.listTools()).tools.map((x) => x.name);
    t.false(names.includes("approve_bill"));
    t.false(names.includes("reject_bill"));
    t.true(names.includes("get_bill"));
    const tried = await client.callTool({
      name: "approve_bill",
      arguments: { id: "0190a9b8-0000-7000-8000-000000000000" },
    });
    t.true(tried.isError);
    t.like(structured(tried), { code: "Tool.NotFound" });
  } finally {
    await client.close();
  }
  const approver = await userWithToken(h, "Approver");
  const other = await connect({
    authorization: `Bearer ${approver.token}`,
    "x-service-organisation-id": h.organisationId,
  });
  try {
    t.true((await other.listTools()).tools.some((x) => x.name === "approve_bill"));
  } finally {
    await other.close();
  }
});

test.serial(
  "/mcp/{organisationId} takes the organisation from the path; another client's organisation answers like a missing one",
  async (t) => {
    const id = await billInReview({ supplierName: "Path Co", totalAmount: "10.00" });
    const key = h.headers["x-service-api-key"] ?? "";
    const client = await connect({ "x-service-api-key": key }, `/mcp/${h.organisationId}`);
    try {
      t.like(structured(await client.callTool({ name: "get_bill", arguments: { id } })), {
        id,
        supplierName: "Path Co",
      });
    } finally {
      await client.close();
    }
    const them = await anotherClient(h);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (path: string, headers: Record<string, string>) =>
      send(h.app.port ?? 0, {
        method: "POST",
        path,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: Buffer.from(JSON.stringify(initialize)),
      });
    const foreign = await post(`/mcp/${them.organisation.id}`, { "x-service-api-key": key });
    const nowhere = await post("/mcp/0190a9b8-0000-7000-8000-000000000000", { "x-service-api-key": key });
    t.is(foreign.status, nowhere.status);
    t.deepEqual((foreign.json as Json).title, (nowhere.json as Json).title);
    // A browser page of another origin is refused (DNS rebinding); the same request without Origin is served.
    const evil = await post("/v1/mcp", { ...h.headers, origin: "http://evil.example" });
    t.is(evil.status, 403);
    t.is((evil.json as Json).title, "Mcp.OriginNotAllowed");
    const plain = await post("/v1/mcp", h.headers);
    t.is(plain.status, 200);
    t.like((plain.json as Json).result as Json, { protocolVersion: "2025-06-18", serverInfo: { name: "apar" } });
    for (const version of ["2025-03-26", "2024-11-05"]) {
      const older = await send(h.app.port ?? 0, {
        method: "POST",
        path: "/v1/mcp",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...h.headers },
        body: Buffer.from(
          JSON.stringify({ ...initialize, params: { ...initialize.params, protocolVersion: version } }),
        ),
      });
      t.is(((older.json as Json).result as Json).protocolVersion, version);
    }
    // Without the mcp module the endpoint answers 403.
    const noMcp = await anotherClient(h, ["ap"]);
    const refused = await post("/v1/mcp", noMcp.headers);
    t.is(refused.status, 403);
  },
);
