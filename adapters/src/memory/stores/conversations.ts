import type { Conversation } from "@apar/core";
import type { Conversations, OrgScope, Page, PageRequest } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

const inScope = (scope: OrgScope) => (c: { clientId: string; organisationId: string }) =>
  c.clientId === scope.clientId && c.organisationId === scope.organisationId;

/** Newest first, before `page.after`, as the SQL store pages. */
const newestFirst = <A extends { id: string }>(rows: readonly A[], page: PageRequest): Page<A> => {
  const sorted = [...rows]
    .filter((r) => page.after === undefined || r.id < page.after)
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return { items: copy(sorted.slice(0, page.limit)), hasMore: sorted.length > page.limit };
};

/** Agent conversations in memory, as the SQL store answers them. */
export const memoryConversations = (access: Access): Conversations => ({
  add: (c) =>
    access.write((t) => {
      assertAbsent(t.conversations, c.id, "conversation");
      t.conversations.set(c.id, copy(c));
    }),
  update: (c) =>
    access.write((t) => {
      const found = t.conversations.get(c.id);
      if (found !== undefined && inScope(c)(found))
        t.conversations.set(c.id, {
          ...found,
          customTitle: c.customTitle,
          messageCount: c.messageCount,
          lastMessagePreview: c.lastMessagePreview,
          updatedAt: c.updatedAt,
        });
    }),
  ofId: async (scope, id) => {
    const found = access.read().conversations.get(id);
    return found !== undefined && inScope(scope)(found) ? copy(found) : undefined;
  },
  list: async (scope, owner, agentType, page) =>
    newestFirst(
      [...access.read().conversations.values()].filter(
        (c: Conversation) =>
          inScope(scope)(c) &&
          c.owner.type === owner.type &&
          c.owner.id === owner.id &&
          (agentType === undefined || c.agentType === agentType),
      ),
      page,
    ),
  remove: (scope, id) =>
    access.write((t) => {
      const found = t.conversations.get(id);
      if (found === undefined || !inScope(scope)(found)) return;
      t.conversations.delete(id);
      for (const m of [...t.conversationMessages.values()])
        if (m.message.conversationId === id && inScope(scope)(m.scope)) t.conversationMessages.delete(m.message.id);
    }),
  addMessage: (scope, message) =>
    access.write((t) => {
      assertAbsent(t.conversationMessages, message.id, "conversation message");
      t.conversationMessages.set(message.id, copy({ scope, message }));
    }),
  messages: async (scope, conversationId, page) =>
    newestFirst(
      [...access.read().conversationMessages.values()]
        .filter((m) => m.message.conversationId === conversationId && inScope(scope)(m.scope))
        .map((m) => m.message),
      page,
    ),
});
