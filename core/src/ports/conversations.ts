import type { AgentType, Conversation, ConversationMessage, ConversationOwner } from "../agents/model.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/**
 * Agent conversations and their messages, by organisation: another organisation's (or client's) answers like a
 * missing one. Lists are newest first; `page.after` is the last id of the previous page (ids are time-ordered).
 */
export interface Conversations {
  add(conversation: Conversation): Promise<void>;
  update(conversation: Conversation): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<Conversation | undefined>;
  /** The owner's conversations, of one agent type or all, newest first. */
  list(
    scope: OrgScope,
    owner: ConversationOwner,
    agentType: AgentType | undefined,
    page: PageRequest,
  ): Promise<Page<Conversation>>;
  /** Deletes the conversation and its messages. */
  remove(scope: OrgScope, id: string): Promise<void>;
  addMessage(scope: OrgScope, message: ConversationMessage): Promise<void>;
  /** A conversation's messages, newest first. */
  messages(scope: OrgScope, conversationId: string, page: PageRequest): Promise<Page<ConversationMessage>>;
}
