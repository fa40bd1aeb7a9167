import type * as t from "io-ts";
import { codec } from "../shared/codecs/failure.js";
import { withSchema } from "../shared/codecs/json-schema.js";
import type { Actor } from "./envelope.js";

const ACTOR_TYPES: readonly unknown[] = ["user", "api_key", "system"];
const ACTOR_CHANNELS: readonly unknown[] = ["mcp", "agent"];

/** True when `u` is an actor: a user or API key with an id, or the system with a null id. */
export const isActor = (u: unknown): u is Actor => {
  if (typeof u !== "object" || u === null || Object.keys(u).some((k) => k !== "type" && k !== "id" && k !== "via"))
    return false;
  const { type, id, via } = u as Record<string, unknown>;
  if (!ACTOR_TYPES.includes(type)) return false;
  if (via !== undefined && (type === "system" || !ACTOR_CHANNELS.includes(via))) return false;
  return type === "system" ? id === null : typeof id === "string" && id.length > 0;
};

/** An event's actor: `{type: "user" | "api_key", id, via?: "mcp" | "agent"}` or `{type: "system", id: null}`. */
export const ActorCodec: t.Type<Actor, Actor, unknown> = withSchema(
  codec("Actor", isActor, (u) =>
    isActor(u)
      ? { ok: u }
      : {
          code: "actor",
          message: 'must be {"type": "user" or "api_key", "id": "..."} or {"type": "system", "id": null}',
        },
  ),
  {
    type: "object",
    description: "Who acted.",
    required: ["type", "id"],
    properties: {
      type: { type: "string", enum: ACTOR_TYPES },
      id: { type: ["string", "null"], description: "Null for the system." },
      via: { type: "string", enum: ACTOR_CHANNELS, description: "Present when an MCP client or an agent acted." },
    },
    additionalProperties: false,
  },
);
