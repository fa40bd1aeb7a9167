/** The agents: accounts payable and accounts receivable. A conversation's type is fixed by its first turn. */
export const AGENT_TYPES = ["Ap", "Ar"] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

/** The most a message may hold (characters). */
export const MAX_AGENT_MESSAGE = 8000;

/** Who a conversation belongs to: the user or API key that started it. */
export interface ConversationOwner {
  readonly type: "user" | "api_key";
  readonly id: string;
}

/** A conversation with an agent, kept server side. */
export interface Conversation {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly owner: ConversationOwner;
  readonly agentType: AgentType;
  /** The title given by renaming it; null: the automatic one. */
  readonly customTitle: string | null;
  /** Made from the first message. */
  readonly autoTitle: string;
  readonly messageCount: number;
  readonly lastMessagePreview: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A tool action an agent took in a turn (shown to the client as an `action` event). */
export interface AgentAction {
  /** The tool's name. */
  readonly type: string;
  /** The tool's title, for people. */
  readonly label: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** One message of a conversation: the person's, or the agent's answer with the actions it took. */
export interface ConversationMessage {
  readonly id: string;
  readonly conversationId: string;
  readonly role: "user" | "assistant";
  readonly content: string;
  readonly actions: readonly AgentAction[];
  /** The answer stopped at the turn's budget (tool calls, tokens or time) before the model finished. */
  readonly truncated: boolean;
  readonly createdAt: Date;
}

/** A conversation's title as shown: the custom one, else the automatic one. */
export const titleOf = (c: Conversation): string => c.customTitle ?? c.autoTitle;

/** The automatic title: the first message's first line, at most 60 characters, cut at a word. */
export const autoTitleOf = (message: string): string => {
  const line = message.trim().split(/\r?\n/)[0]?.replace(/\s+/g, " ") ?? "";
  if (line.length <= 60) return line === "" ? "New conversation" : line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(" ");
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

/** A message's preview in a list: its first 120 characters on one line. */
export const previewOf = (content: string): string => {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length <= 120 ? flat : `${flat.slice(0, 119)}…`;
};
