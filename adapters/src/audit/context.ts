import { AsyncLocalStorage } from "node:async_hooks";
import type { AuditContext } from "@apar/core/app";

const current = new AsyncLocalStorage<AuditContext>();

/**
 * Runs `work` as `context`'s actor: every unit of work it starts records its changes as theirs (the HTTP server sets
 * the caller, the portal its signed-in person, MCP and the agents the caller `via` them). Outside one: the system.
 */
export const asActor = <A>(context: AuditContext, work: () => A): A => current.run(context, work);

/** The actor of the code running now, if one was set. */
export const auditContext = (): AuditContext | undefined => current.getStore();
