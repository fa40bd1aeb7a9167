import { randomBytes } from "node:crypto";
import { openMemoryDatabase } from "@apar/adapters/memory";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import type { Client, Organisation } from "@apar/core";
import type { InboxDeps } from "@apar/core/app";
import type { Database } from "@apar/core/ports";
import type { ExecutionContext } from "ava";
import type * as E from "fp-ts/lib/Either.js";

/** The time the test clock reads. */
export const NOW = new Date("2026-05-06T07:08:09.123Z");

const ids = randomIds(systemClock);

/** A new UUID v7. */
export const newId = (): string => ids.next();

/** Inbox deps over a fresh memory database with a fixed clock. */
export const inboxDeps = (over: Partial<InboxDeps> = {}): InboxDeps & { db: Database } => {
  const db = openMemoryDatabase();
  return { db, clock: { now: () => new Date(NOW) }, ids, randomBytes: (n) => randomBytes(n), ...over } as InboxDeps & {
    db: Database;
  };
};

/** A stored client with one organisation. */
export const aClientWithOrganisation = async (
  db: Database,
): Promise<{ client: Client; organisation: Organisation }> => {
  const client: Client = { id: newId(), name: "Acme", type: "Live", modules: ["inbox"], createdAt: NOW };
  const organisation: Organisation = {
    id: newId(),
    clientId: client.id,
    name: "Acme GmbH",
    industryId: null,
    timeZone: "UTC",
    createdAt: NOW,
  };
  await db.stores.clients.add(client);
  await db.stores.organisations.add(organisation);
  return { client, organisation };
};

/** The Right of an Either, failing the test on a Left. */
export const right = <A>(t: ExecutionContext, result: E.Either<unknown, A>): A => {
  if (result._tag === "Left") {
    t.fail(`expected Right, got ${JSON.stringify(result.left)}`);
    throw new Error("unreachable");
  }
  return result.right;
};

/** The Left of an Either, failing the test on a Right. */
export const left = <L>(t: ExecutionContext, result: E.Either<L, unknown>): L => {
  if (result._tag === "Right") {
    t.fail(`expected Left, got ${JSON.stringify(result.right)}`);
    throw new Error("unreachable");
  }
  return result.left;
};
