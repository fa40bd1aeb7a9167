import { ActorCodec, toJsonSchema } from "@apar/core";
import { PolicyView } from "@apar/core/app";

/** Who acted, as events and histories carry it. */
export const ACTOR_SCHEMA = toJsonSchema(ActorCodec);

/** An approval policy as the API answers it. */
export const POLICY_SCHEMA = toJsonSchema(PolicyView);
