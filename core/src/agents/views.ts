import * as t from "io-ts";
import { oneOf } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { AGENT_TYPES } from "./model.js";

/** A conversation as the API answers it. */
export const ConversationView = t.type(
  {
    id: Uuid,
    agentType: oneOf(AGENT_TYPES, "AgentType"),
    title: t.string,
    lastMessagePreview: t.string,
    messageCount: Integer,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "Conversation",
);
export type ConversationJson = t.TypeOf<typeof ConversationView>;

/** A tool action an agent took, as a message shows it. */
export const AgentActionView = t.type(
  { type: t.string, label: t.string, params: t.record(t.string, t.unknown) },
  "AgentAction",
);

/** A message as the API answers it. */
export const MessageView = t.type(
  {
    id: Uuid,
    role: oneOf(["user", "assistant"] as const, "MessageRole"),
    content: t.string,
    actions: t.readonlyArray(AgentActionView),
    truncated: documented(t.boolean, { description: "The answer stopped at the turn's budget." }),
    createdAt: IsoDateTime,
  },
  "ConversationMessage",
);
export type MessageJson = t.TypeOf<typeof MessageView>;
