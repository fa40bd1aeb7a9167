import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import {
  type AgentAction,
  type AgentType,
  autoTitleOf,
  type Conversation,
  type ConversationMessage,
  type ConversationOwner,
  previewOf,
  titleOf,
} from "../../agents/model.js";
import type { ConversationJson, MessageJson } from "../../agents/views.js";
import type { Actor } from "../../events/envelope.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { type DomainError, domainError, notFound, validationError } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import type { CoreDeps } from "../deps.js";

/** What the conversation use cases need. */
export type ConversationDeps = CoreDeps<"conversations">;

/** The caller of an agent route: the organisation and the user or key the conversations belong to. */
export interface AgentCaller {
  readonly scope: OrgScope;
  readonly owner: ConversationOwner;
}

/** The owner a request's actor stands for (the system never talks to an agent). */
export const ownerOf = (actor: Actor): ConversationOwner | undefined =>
  actor.type === "system" || actor.id === null ? undefined : { type: actor.type, id: actor.id };

/** The body of `POST /agent/ap` and `/agent/ar`. */
export const AgentTurnBody = closedType(
  {},
  {
    message: documented(t.string, { description: "What the person says (1 to 8,000 characters)." }),
    conversationId: documented(Uuid, { description: "Continue this conversation; without it a new one starts." }),
  },
  "AgentTurn",
);

/** The body of `PATCH /agent/conversations/{id}`. */
export const RenameConversationBody = closedType(
  {
    title: documented(t.string, {
      description: "The new title (at most 200 characters); empty restores the automatic one.",
    }),
  },
  {},
  "RenameConversation",
);

/** A conversation as the API answers it. */
export const conversationJson = (c: Conversation): ConversationJson => ({
  id: c.id,
  agentType: c.agentType,
  title: titleOf(c),
  lastMessagePreview: c.lastMessagePreview,
  messageCount: c.messageCount,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const messageJson = (m: ConversationMessage): MessageJson => ({
  id: m.id,
  role: m.role,
  content: m.content,
  actions: m.actions,
  truncated: m.truncated,
  createdAt: m.createdAt.toISOString(),
});

const missing = (): DomainError => notFound("Conversation.NotFound", "The conversation does not exist.");
const sameOwner = (a: ConversationOwner, b: ConversationOwner) => a.type === b.type && a.id === b.id;

/** The caller's conversation, or NotFound for a missing one and for another user's or key's alike. */
const owned = async (deps: ConversationDeps, caller: AgentCaller, id: string) => {
  const found = await deps.db.stores.conversations.ofId(caller.scope, id.toLowerCase());
  return found === undefined || !sameOwner(found.owner, caller.owner) ? E.left(missing()) : E.right(found);
};

const mapPage = <A, B>(page: Page<A>, f: (a: A) => B): Page<B> => ({ items: page.items.map(f), hasMore: page.hasMore });

export const listConversations =
  (deps: ConversationDeps) =>
  (caller: AgentCaller, agentType: AgentType | undefined, page: PageRequest) =>
  async (): Promise<E.Either<DomainError, Page<ConversationJson>>> =>
    E.right(
      mapPage(await deps.db.stores.conversations.list(caller.scope, caller.owner, agentType, page), conversationJson),
    );

export const getConversation =
  (deps: ConversationDeps) =>
  (caller: AgentCaller, id: string) =>
  async (): Promise<E.Either<DomainError, ConversationJson>> =>
    E.map(conversationJson)(await owned(deps, caller, id));

/** Renames a conversation; an empty (or blank) title restores the automatic one. */
export const renameConversation =
  (deps: ConversationDeps) =>
  (caller: AgentCaller, id: string, title: string) =>
  async (): Promise<E.Either<DomainError, ConversationJson>> => {
    const trimmed = title.trim();
    if (trimmed.length > 200)
      return E.left(
        validationError([{ field: "title", code: "max_length", message: "title must be at most 200 characters" }]),
      );
    return deps.db.run(async (s) => {
      const found = await s.conversations.ofId(caller.scope, id.toLowerCase());
      if (found === undefined || !sameOwner(found.owner, caller.owner)) return E.left(missing());
      const renamed = { ...found, customTitle: trimmed === "" ? null : trimmed, updatedAt: deps.clock.now() };
      await s.conversations.update(renamed);
      return E.right(conversationJson(renamed));
    });
  };

/** Deletes a conversation and its messages for good. */
export const deleteConversation =
  (deps: ConversationDeps) => (caller: AgentCaller, id: string) => async (): Promise<E.Either<DomainError, void>> =>
    deps.db.run(async (s) => {
      const found = await s.conversations.ofId(caller.scope, id.toLowerCase());
      if (found === undefined || !sameOwner(found.owner, caller.owner)) return E.left(missing());
      await s.conversations.remove(caller.scope, found.id);
      return E.right(undefined);
    });

/** A conversation's messages, newest first. */
export const listConversationMessages =
  (deps: ConversationDeps) =>
  (caller: AgentCaller, id: string, page: PageRequest) =>
  async (): Promise<E.Either<DomainError, Page<MessageJson>>> => {
    const found = await owned(deps, caller, id);
    if (E.isLeft(found)) return found;
    return E.right(
      mapPage(await deps.db.stores.conversations.messages(caller.scope, found.right.id, page), messageJson),
    );
  };

/** How many earlier messages an agent is given as context. */
export const HISTORY_MESSAGES = 20;

/** What a turn starts from: the conversation it continues (none: a new one) and its recent messages, oldest first. */
export interface OpenedTurn {
  readonly conversation: Conversation | undefined;
  readonly history: readonly ConversationMessage[];
}

/**
 * Checks a turn before it streams: a conversation to continue must be the caller's (else NotFound) and of the same
 * agent (else `Conversation.Forbidden`: its type is fixed by its first turn).
 */
export const openTurn =
  (deps: ConversationDeps) =>
  (caller: AgentCaller, agentType: AgentType, conversationId: string | undefined) =>
  async (): Promise<E.Either<DomainError, OpenedTurn>> => {
    if (conversationId === undefined) return E.right({ conversation: undefined, history: [] });
    const found = await owned(deps, caller, conversationId);
    if (E.isLeft(found)) return found;
    if (found.right.agentType !== agentType)
      return E.left(
        domainError(
          "Forbidden",
          "Conversation.Forbidden",
          `The conversation belongs to the ${found.right.agentType.toUpperCase()} agent; continue it there, or start a new one.`,
        ),
      );
    const recent = await deps.db.stores.conversations.messages(caller.scope, found.right.id, {
      limit: HISTORY_MESSAGES,
    });
    return E.right({ conversation: found.right, history: [...recent.items].reverse() });
  };

/** A finished turn: the person's message and the agent's answer. */
export interface TurnRecord {
  readonly conversationId: string;
  readonly existing: Conversation | undefined;
  readonly agentType: AgentType;
  readonly message: string;
  readonly answer: { readonly content: string; readonly actions: readonly AgentAction[]; readonly truncated: boolean };
}

/** Records a turn in one transaction: the conversation (new or updated) and both messages, or nothing. */
export const recordTurn =
  (deps: ConversationDeps) =>
  (caller: AgentCaller, turn: TurnRecord) =>
  async (): Promise<E.Either<DomainError, Conversation>> => {
    const now = deps.clock.now();
    const answeredAt = new Date(now.getTime() + 1);
    return deps.db.run(async (s) => {
      const base: Conversation = turn.existing ?? {
        id: turn.conversationId,
        clientId: caller.scope.clientId,
        organisationId: caller.scope.organisationId,
        owner: caller.owner,
        agentType: turn.agentType,
        customTitle: null,
        autoTitle: autoTitleOf(turn.message),
        messageCount: 0,
        lastMessagePreview: "",
        createdAt: now,
        updatedAt: now,
      };
      const conversation: Conversation = {
        ...base,
        messageCount: base.messageCount + 2,
        lastMessagePreview: previewOf(turn.answer.content === "" ? turn.message : turn.answer.content),
        updatedAt: answeredAt,
      };
      if (turn.existing === undefined) await s.conversations.add(conversation);
      else await s.conversations.update(conversation);
      await s.conversations.addMessage(caller.scope, {
        id: deps.ids.next(),
        conversationId: conversation.id,
        role: "user",
        content: turn.message,
        actions: [],
        truncated: false,
        createdAt: now,
      });
      await s.conversations.addMessage(caller.scope, {
        id: deps.ids.next(),
        conversationId: conversation.id,
        role: "assistant",
        content: turn.answer.content,
        actions: turn.answer.actions,
        truncated: turn.answer.truncated,
        createdAt: answeredAt,
      });
      return E.right(conversation);
    });
  };
