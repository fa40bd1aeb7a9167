import type { Conversation, ConversationMessage } from "@apar/core";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";

const scopeOf = () => ({ clientId: newId(), organisationId: newId() });
const owner = { type: "api_key" as const, id: "key-1" };

const aConversation = (scope: { clientId: string; organisationId: string }, over: Partial<Conversation> = {}) => ({
  id: newId(),
  ...scope,
  owner,
  agentType: "Ap" as const,
  customTitle: null,
  autoTitle: "Approve the Acme bill",
  messageCount: 2,
  lastMessagePreview: "Done: approved.",
  createdAt: at(1),
  updatedAt: at(2),
  ...over,
});

const aMessage = (conversationId: string, over: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: newId(),
  conversationId,
  role: "assistant",
  content: "Approved the bill from Acme (420.00 EUR).",
  actions: [{ type: "approve_bill", label: "Approve a bill", params: { id: "b-1" } }],
  truncated: false,
  createdAt: at(3),
  ...over,
});

contractTest("conversations: add, read, update; another organisation answers undefined", async (t, { stores }) => {
  const scope = scopeOf();
  const c = aConversation(scope);
  await stores.conversations.add(c);
  t.deepEqual(await stores.conversations.ofId(scope, c.id), c);
  t.is(await stores.conversations.ofId({ ...scope, organisationId: newId() }, c.id), undefined);
  t.is(await stores.conversations.ofId({ ...scope, clientId: newId() }, c.id), undefined);
  const renamed = { ...c, customTitle: "Acme", messageCount: 4, lastMessagePreview: "Next", updatedAt: at(9) };
  await stores.conversations.update(renamed);
  t.deepEqual(await stores.conversations.ofId(scope, c.id), renamed);
});

contractTest("conversations: an owner's list is newest first, by agent type, in pages", async (t, { stores }) => {
  const scope = scopeOf();
  const ap1 = aConversation(scope);
  const ar = aConversation(scope, { agentType: "Ar" });
  const ap2 = aConversation(scope);
  const someoneElse = aConversation(scope, { owner: { type: "user", id: newId() } });
  for (const c of [ap1, ar, ap2, someoneElse]) await stores.conversations.add(c);
  const all = await stores.conversations.list(scope, owner, undefined, { limit: 2 });
  t.deepEqual(
    all.items.map((c) => c.id),
    [ap2.id, ar.id],
  );
  t.true(all.hasMore);
  const rest = await stores.conversations.list(scope, owner, undefined, { limit: 2, after: ar.id });
  t.deepEqual(
    rest.items.map((c) => c.id),
    [ap1.id],
  );
  t.false(rest.hasMore);
  const ap = await stores.conversations.list(scope, owner, "Ap", { limit: 10 });
  t.deepEqual(
    ap.items.map((c) => c.id),
    [ap2.id, ap1.id],
  );
});

contractTest(
  "conversations: messages newest first; remove deletes the conversation and its messages",
  async (t, database) => {
    const scope = scopeOf();
    const c = aConversation(scope);
    const first = aMessage(c.id, { role: "user", content: "Approve the Acme bill", actions: [], createdAt: at(2) });
    const second = aMessage(c.id);
    await database.run(async (s) => {
      await s.conversations.add(c);
      await s.conversations.addMessage(scope, first);
      await s.conversations.addMessage(scope, second);
    });
    const page = await database.stores.conversations.messages(scope, c.id, { limit: 50 });
    t.deepEqual(page.items, [second, first]);
    t.deepEqual(
      (await database.stores.conversations.messages({ ...scope, organisationId: newId() }, c.id, { limit: 5 })).items,
      [],
    );
    await database.run((s) => s.conversations.remove(scope, c.id));
    t.is(await database.stores.conversations.ofId(scope, c.id), undefined);
    t.deepEqual((await database.stores.conversations.messages(scope, c.id, { limit: 5 })).items, []);
  },
);

contractTest("conversations: a transaction that fails leaves no conversation and no message", async (t, database) => {
  const scope = scopeOf();
  const c = aConversation(scope);
  await t.throwsAsync(
    database.run(async (s) => {
      await s.conversations.add(c);
      await s.conversations.addMessage(scope, aMessage(c.id));
      throw new Error("boom");
    }),
  );
  t.is(await database.stores.conversations.ofId(scope, c.id), undefined);
  t.deepEqual((await database.stores.conversations.messages(scope, c.id, { limit: 5 })).items, []);
});
