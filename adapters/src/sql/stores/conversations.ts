import type { AgentAction, Conversation, ConversationMessage } from "@apar/core";
import { AGENT_TYPES, oneOf } from "@apar/core";
import type { Conversations, Page, PageRequest } from "@apar/core/ports";
import { column, decodeDate, decodeInt, decodeJson, decodeOptionalString, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { pageLimit } from "./paging.js";

// Enum columns are decoded, not cast: a value no code of ours writes is a defect named by its column.
const decodeAgentType = column(oneOf(AGENT_TYPES, "AgentType"), "conversations.agent_type");

interface ConversationRow {
  readonly id: string;
  readonly client_id: string;
  readonly organisation_id: string;
  readonly owner_type: string;
  readonly owner_id: string;
  readonly agent_type: string;
  readonly custom_title: unknown;
  readonly auto_title: string;
  readonly message_count: unknown;
  readonly last_message_preview: string;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

interface MessageRow {
  readonly id: string;
  readonly conversation_id: string;
  readonly role: string;
  readonly content: string;
  readonly actions: unknown;
  readonly truncated: unknown;
  readonly created_at: unknown;
}

const CONVERSATION =
  "SELECT id, client_id, organisation_id, owner_type, owner_id, agent_type, custom_title, auto_title, message_count, last_message_preview, created_at, updated_at FROM agent_conversations";
const MESSAGE = "SELECT id, conversation_id, role, content, actions, truncated, created_at FROM agent_messages";

const conversationOf = (r: ConversationRow): Conversation => ({
  id: r.id,
  clientId: r.client_id,
  organisationId: r.organisation_id,
  owner: { type: r.owner_type as "user" | "api_key", id: r.owner_id },
  agentType: decodeAgentType(r.agent_type),
  customTitle: decodeOptionalString(r.custom_title),
  autoTitle: r.auto_title,
  messageCount: decodeInt(r.message_count),
  lastMessagePreview: r.last_message_preview,
  createdAt: decodeDate(r.created_at),
  updatedAt: decodeDate(r.updated_at),
});

const messageOf = (r: MessageRow): ConversationMessage => ({
  id: r.id,
  conversationId: r.conversation_id,
  role: r.role as "user" | "assistant",
  content: r.content,
  actions: decodeJson<AgentAction[]>(r.actions),
  truncated: Boolean(Number(r.truncated)),
  createdAt: decodeDate(r.created_at),
});

/** Newest first: a page of rows whose ids come before `page.after`. */
const newestFirst = async <R extends object, A>(
  session: SqlSession,
  select: string,
  where: readonly string[],
  bind: readonly unknown[],
  page: PageRequest,
  decode: (r: R) => A,
): Promise<Page<A>> => {
  const limit = pageLimit(page);
  const conditions = [...where];
  const values = [...bind];
  if (page.after !== undefined) {
    values.push(page.after);
    conditions.push(`id < $${values.length}`);
  }
  const rows = await session.select<R>(
    `${select} WHERE ${conditions.join(" AND ")} ORDER BY id DESC LIMIT ${limit + 1}`,
    values,
  );
  return { items: rows.slice(0, limit).map(decode), hasMore: rows.length > limit };
};

/** Agent conversations in SQL: a row per conversation, a row per message. */
export const sqlConversations = (session: SqlSession): Conversations => ({
  async add(c) {
    await session.execute(
      `INSERT INTO agent_conversations (id, client_id, organisation_id, owner_type, owner_id, agent_type, custom_title,
         auto_title, message_count, last_message_preview, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        c.id,
        c.clientId,
        c.organisationId,
        c.owner.type,
        c.owner.id,
        c.agentType,
        c.customTitle,
        c.autoTitle,
        c.messageCount,
        c.lastMessagePreview,
        encodeDate(c.createdAt),
        encodeDate(c.updatedAt),
      ],
    );
  },
  async update(c) {
    await session.execute(
      `UPDATE agent_conversations SET custom_title = $1, message_count = $2, last_message_preview = $3, updated_at = $4
       WHERE id = $5 AND client_id = $6 AND organisation_id = $7`,
      [
        c.customTitle,
        c.messageCount,
        c.lastMessagePreview,
        encodeDate(c.updatedAt),
        c.id,
        c.clientId,
        c.organisationId,
      ],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<ConversationRow>(
      `${CONVERSATION} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : conversationOf(row);
  },
  list: (scope, owner, agentType, page) =>
    newestFirst(
      session,
      CONVERSATION,
      [
        "organisation_id = $1",
        "owner_type = $2",
        "owner_id = $3",
        "client_id = $4",
        ...(agentType === undefined ? [] : ["agent_type = $5"]),
      ],
      [scope.organisationId, owner.type, owner.id, scope.clientId, ...(agentType === undefined ? [] : [agentType])],
      page,
      conversationOf,
    ),
  async remove(scope, id) {
    await session.execute(
      "DELETE FROM agent_messages WHERE conversation_id = $1 AND client_id = $2 AND organisation_id = $3",
      [id, scope.clientId, scope.organisationId],
    );
    await session.execute("DELETE FROM agent_conversations WHERE id = $1 AND client_id = $2 AND organisation_id = $3", [
      id,
      scope.clientId,
      scope.organisationId,
    ]);
  },
  async addMessage(scope, m) {
    await session.execute(
      `INSERT INTO agent_messages (id, conversation_id, client_id, organisation_id, role, content, actions, truncated, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        m.id,
        m.conversationId,
        scope.clientId,
        scope.organisationId,
        m.role,
        m.content,
        JSON.stringify(m.actions),
        m.truncated,
        encodeDate(m.createdAt),
      ],
    );
  },
  messages: (scope, conversationId, page) =>
    newestFirst(
      session,
      MESSAGE,
      ["conversation_id = $1", "client_id = $2", "organisation_id = $3"],
      [conversationId, scope.clientId, scope.organisationId],
      page,
      messageOf,
    ),
});
