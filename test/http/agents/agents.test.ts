import { request } from "node:http";
import test from "ava";
import { eventually } from "../../helpers/eventually.js";
import {
  anotherClient,
  type BillHarness,
  confirmedSuppliers,
  pdfWith,
  startBillHarness,
} from "../bills/bill-harness.js";
import { send } from "../support/client.js";
import { type FakeModel, sseEvents, startFakeModel } from "./fake-model.js";

let fake: FakeModel;
let h: BillHarness;

test.before(async () => {
  fake = await startFakeModel();
  h = await startBillHarness({
    vars: { APAR_AGENT_BASE_URL: fake.baseUrl, APAR_AGENT_MODEL: "fake-model", APAR_AGENT_API_KEY: "sk-test" },
  });
  // Bills are approved and paid only to a supplier's confirmed account: these suppliers have one.
  await confirmedSuppliers(h, ["Acme Tools"]);
});
test.after.always(async () => {
  await h?.dispose();
  await fake?.close();
});

type Json = Record<string, unknown>;

/** A bill waiting for approval (no policy: the organisation's administrators, the harness's key among them). */
const billAwaitingApproval = async (supplierName: string, totalAmount: string): Promise<string> => {
  const up = await h.upload(
    pdfWith({ supplierName, currency: "EUR", totalAmount, invoiceNumber: Math.random().toString(36) }),
  );
  const bill = await h.settled(String((up.json as Json).id));
  const submitted = await h.call("POST", `/v1/bills/${String(bill.id)}/submit`);
  if ((submitted.json as Json).state !== "NeedsApproval") throw new Error(submitted.text);
  return String(bill.id);
};

const say = (path: string, body: unknown, headers: Record<string, string> = h.headers) =>
  send(h.app.port ?? 0, {
    method: "POST",
    path,
    headers: { ...headers, "content-type": "application/json", accept: "text/event-stream" },
    body: Buffer.from(JSON.stringify(body)),
  });

test.serial(
  "an AP turn streams text and actions, approves the bill with the tool, and the conversation lists with its title",
  async (t) => {
    const id = await billAwaitingApproval("Acme Tools", "420.00");
    fake.script(
      {
        steps: [
          { text: "Looking for the Acme bill. " },
          {
            toolCall: {
              id: "call_1",
              name: "list_bills",
              argumentParts: ['{"state":"NeedsAp', 'proval","supp', 'lier":"Acme"}'],
            },
          },
        ],
      },
      { steps: [{ toolCall: { id: "call_2", name: "approve_bill", argumentParts: [`{"id":"${id}"}`] } }] },
      // The preview comes back as the tool's result; the person asked for exactly this, so the model confirms it.
      (request) => {
        const last = ((request.messages ?? []) as Json[]).at(-1);
        const token = String((JSON.parse(String(last?.content)) as Json).confirmationToken);
        return {
          steps: [
            {
              toolCall: {
                id: "call_3",
                name: "approve_bill",
                argumentParts: [`{"id":"${id}","confirm":true,`, `"confirmationToken":"${token}"}`],
              },
            },
          ],
        };
      },
      { steps: [{ text: "Approved the Acme Tools bill " }, { text: "(420.00 EUR)." }] },
    );
    const answer = await say("/agent/ap", { message: "Approve the Acme bill under 500 EUR" });
    t.is(answer.status, 200);
    t.regex(String(answer.headers["content-type"]), /^text\/event-stream/);
    const events = sseEvents(answer.text);
    t.is(events[0]?.event, "conversation");
    const conversationId = String(events[0]?.data.id);
    const actions = events.filter((e) => e.event === "action").map((e) => e.data);
    const token = (actions.at(-1)?.params as Json | undefined)?.confirmationToken;
    t.regex(String(token), /^\d+\.[A-Za-z0-9_-]+$/);
    t.deepEqual(actions, [
      { type: "list_bills", label: "List bills", params: { state: "NeedsApproval", supplier: "Acme" } },
      { type: "approve_bill", label: "Approve a bill", params: { id } },
      { type: "approve_bill", label: "Approve a bill", params: { id, confirm: true, confirmationToken: token } },
    ]);
    const text = events
      .filter((e) => e.event === undefined && typeof e.data.content === "string")
      .map((e) => e.data.content)
      .join("");
    t.is(text, "Looking for the Acme bill. Approved the Acme Tools bill (420.00 EUR).");
    t.deepEqual(events.at(-1), { event: undefined, data: { done: true } });
    // The order: the conversation, text, the list action, the approve action, the rest of the text, done.
    t.deepEqual(
      events.map((e) => e.event ?? (e.data.done === true ? "done" : "text")),
      ["conversation", "text", "action", "action", "action", "text", "text", "done"],
    );

    // The tool's effect, with the agent in the history; the model saw the tool results and only AP tools.
    t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "Approved");
    const history = (await h.call("GET", `/v1/bills/${id}/history`)).json as { data: Json[] };
    t.like(history.data.at(-1), { type: "bill.approved", actor: { type: "api_key", via: "agent" } });
    const offered = ((fake.requests[0]?.tools ?? []) as { function: { name: string } }[]).map((x) => x.function.name);
    t.true(offered.includes("approve_bill"));
    t.false(offered.includes("send_invoice"));
    const second = (fake.requests[1]?.messages ?? []) as Json[];
    t.like(second.at(-1), { role: "tool", tool_call_id: "call_1" });
    t.true(String(second.at(-1)?.content).includes(id));

    const listed = (await h.call("GET", "/agent/conversations?AgentType=Ap")).json as { data: Json[] };
    t.like(listed.data[0], {
      id: conversationId,
      agentType: "Ap",
      title: "Approve the Acme bill under 500 EUR",
      messageCount: 2,
      lastMessagePreview: "Looking for the Acme bill. Approved the Acme Tools bill (420.00 EUR).",
    });
    const messages = (await h.call("GET", `/agent/conversations/${conversationId}/messages`)).json as { data: Json[] };
    t.like(messages.data, [
      {
        role: "assistant",
        truncated: false,
        actions: [{ type: "list_bills" }, { type: "approve_bill" }, { type: "approve_bill" }],
      },
      { role: "user", content: "Approve the Acme bill under 500 EUR", actions: [] },
    ]);

    // A second turn continues it: no new conversation event, and the model is given the history.
    fake.script({ steps: [{ text: "It is approved." }] });
    const again = sseEvents((await say("/agent/ap", { message: "Is it done?", conversationId })).text);
    t.false(again.some((e) => e.event === "conversation"));
    const context = (fake.requests.at(-1)?.messages ?? []) as Json[];
    t.deepEqual(
      context.slice(1).map((m) => [m.role, m.content]),
      [
        ["user", "Approve the Acme bill under 500 EUR"],
        ["assistant", "Looking for the Acme bill. Approved the Acme Tools bill (420.00 EUR)."],
        ["user", "Is it done?"],
      ],
    );
    t.is(((await h.call("GET", `/agent/conversations/${conversationId}`)).json as Json).messageCount, 4);

    // The AR agent may not continue an AP conversation; another client's key does not find it.
    const wrongAgent = await say("/agent/ar", { message: "hello", conversationId });
    t.is(wrongAgent.status, 403);
    t.is((wrongAgent.json as Json).title, "Conversation.Forbidden");
    const them = await anotherClient(h);
    const foreign = await say("/agent/ap", { message: "hello", conversationId }, them.headers);
    const nowhere = await say("/agent/ap", {
      message: "hello",
      conversationId: "0190a9b8-0000-7000-8000-000000000000",
    });
    t.is(foreign.status, 404);
    t.is(nowhere.status, 404);
    t.is((foreign.json as Json).title, (nowhere.json as Json).title);
    t.is((await h.call("GET", `/agent/conversations/${conversationId}`, { headers: them.headers })).status, 404);
  },
);

test.serial("rename, restore the automatic title, delete for good", async (t) => {
  fake.script({ steps: [{ text: "Hello." }] });
  const events = sseEvents((await say("/agent/ar", { message: "Which invoices are overdue?\nand more" })).text);
  const id = String(events[0]?.data.id);
  const renamed = await h.call("PATCH", `/agent/conversations/${id}`, { body: { title: "Overdue" } });
  t.like(renamed.json as Json, { title: "Overdue", agentType: "Ar" });
  const restored = await h.call("PATCH", `/agent/conversations/${id}`, { body: { title: "  " } });
  t.like(restored.json as Json, { title: "Which invoices are overdue?" });
  const tooLong = await h.call("PATCH", `/agent/conversations/${id}`, { body: { title: "x".repeat(201) } });
  t.is(tooLong.status, 400);
  const ar = (await h.call("GET", "/agent/conversations?AgentType=Ar")).json as { data: Json[] };
  t.true(ar.data.every((c) => c.agentType === "Ar"));
  t.is((await h.call("DELETE", `/agent/conversations/${id}`)).status, 204);
  t.is((await h.call("GET", `/agent/conversations/${id}`)).status, 404);
  t.is((await h.call("GET", `/agent/conversations/${id}/messages`)).status, 404);
  t.is((await h.call("GET", "/agent/conversations?AgentType=Everything")).status, 400);
});

test.serial("problems before the stream: no message, too long, a bad body", async (t) => {
  for (const [body, code] of [
    [{}, "Agent.MissingMessage"],
    [{ message: "   " }, "Agent.MissingMessage"],
    [{ message: "x".repeat(8001) }, "Agent.MessageTooLong"],
    [{ message: "hi", extra: 1 }, "Request.Invalid"],
  ] as const) {
    const answer = await say("/agent/ap", body);
    t.is(answer.status, 400, JSON.stringify(body).slice(0, 40));
    t.regex(String(answer.headers["content-type"]), /application\/problem\+json/);
    t.is((answer.json as Json).title, code);
  }
});

test.serial("the model failing mid-stream ends the stream with an error and records nothing", async (t) => {
  const before = ((await h.call("GET", "/agent/conversations")).json as { data: Json[] }).data.length;
  fake.script({ steps: [{ text: "Let me" }, { fail: "upstream exploded" }] });
  const events = sseEvents((await say("/agent/ap", { message: "What is due this week?" })).text);
  t.is(events[0]?.event, "conversation");
  t.like(events.at(-1)?.data, { done: true });
  t.is(typeof events.at(-1)?.data.error, "string");
  t.is(((await h.call("GET", "/agent/conversations")).json as { data: Json[] }).data.length, before);
  t.is((await h.call("GET", `/agent/conversations/${String(events[0]?.data.id)}`)).status, 404);
});

test.serial("an answer cut at the token budget is kept, marked truncated", async (t) => {
  fake.script({ steps: [{ text: "A very long answer" }], finish: "length" });
  const events = sseEvents((await say("/agent/ap", { message: "Tell me everything" })).text);
  const id = String(events[0]?.data.id);
  const messages = (await h.call("GET", `/agent/conversations/${id}/messages?Limit=1`)).json as {
    data: Json[];
    hasMore: boolean;
  };
  t.like(messages.data[0], { role: "assistant", truncated: true, content: "A very long answer" });
  t.true(messages.hasMore);
});

test.serial("a client that goes away mid-stream stops the turn and leaves no message", async (t) => {
  fake.script({ steps: [{ text: "Working" }, { pauseMs: 30_000 }, { text: " on it." }] });
  const cutsBefore = fake.disconnected();
  const conversationId = await new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: h.app.port,
        method: "POST",
        path: "/agent/ap",
        headers: { ...h.headers, "content-type": "application/json" },
      },
      (res) => {
        let seen = "";
        res.on("data", (c: Buffer) => {
          seen += c.toString("utf8");
          if (seen.includes('"content":"Working"')) {
            const id = /"id":"([0-9a-f-]{36})"/.exec(seen)?.[1];
            req.destroy();
            if (id === undefined) reject(new Error(seen));
            else resolve(id);
          }
        });
      },
    );
    req.on("error", () => undefined);
    req.end(JSON.stringify({ message: "Pay everything" }));
  });
  // The server stopped asking the model, and recorded nothing.
  await eventually(async () => fake.disconnected() > cutsBefore, "the model's stream to be cut");
  t.is((await h.call("GET", `/agent/conversations/${conversationId}`)).status, 404);
  t.false(
    ((await h.call("GET", "/agent/conversations")).json as { data: Json[] }).data.some((c) => c.id === conversationId),
  );
});

test.serial("without a configured model the agents answer Agent.NotConfigured", async (t) => {
  const plain = await startBillHarness();
  try {
    const answer = await send(plain.app.port ?? 0, {
      method: "POST",
      path: "/agent/ap",
      headers: { ...plain.headers, "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ message: "hello" })),
    });
    t.is(answer.status, 503);
    t.is((answer.json as Json).title, "Agent.NotConfigured");
  } finally {
    await plain.dispose();
  }
});
