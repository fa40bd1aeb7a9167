import { secureRandomBytes } from "@apar/adapters/system/ids";
import { type CreatedApiKey, createApiKey, createClient, createOrganisation } from "@apar/core/app";
import type { Stores } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type { Container } from "inversify";
import { TOKENS } from "./tokens.js";

/** Unwraps a use case result where a DomainError would be a defect (setup input is ours). */
const orThrow = <A>(result: E.Either<{ detail: string }, A>): A => {
  if (E.isLeft(result)) throw new Error(result.left.detail);
  return result.right;
};

/** What the first start created: the ids to use in headers, and the key (its raw form shown once). */
export interface FirstStart {
  readonly clientId: string;
  readonly organisationId: string;
  readonly key: CreatedApiKey;
}

/** The banner the server prints once, on the start that created them (`prefix` is `APAR_HEADER_PREFIX`). */
export const firstStartBanner = (created: FirstStart, prefix: string): string =>
  [
    "",
    "First start: created a client, an organisation and an admin API key for that client.",
    "",
    `  client id:        ${created.clientId}`,
    `  organisation id:  ${created.organisationId}   (the x-${prefix}-organisation-id header of most routes)`,
    "",
    `The API key (x-${prefix}-api-key) is shown only this once:`,
    "",
    `  ${created.key.rawKey}`,
    "",
    "",
  ].join("\n");

/**
 * On first start with an empty database: one client (all modules), one organisation (named by
 * APAR_FIRST_ORGANISATION_NAME) and an admin API key
 * for that client. Several instances may start at once: the database lock makes exactly one of them do it.
 * Answers what it created (the key to print once), or undefined when the database already had a client.
 */
export const firstStart = async (container: Container): Promise<FirstStart | undefined> => {
  const database = await container.getAsync(TOKENS.Database);
  const base = {
    clock: container.get(TOKENS.Clock),
    ids: container.get(TOKENS.Ids),
    randomBytes: secureRandomBytes,
  };
  const logger = container.get(TOKENS.Logger);
  const name = container.get(TOKENS.Config).firstOrganisationName.trim().slice(0, 200);
  // A database that has a client needs no lock (on a cluster, taking one is a few writes every start).
  if ((await database.stores.clients.count()) > 0) return undefined;
  return database.withLock("first-start", async () => {
    if ((await database.stores.clients.count()) > 0) return undefined;
    // One transaction for all three, so a crash half-way leaves an empty database that the next start fills.
    return database.run(async (stores) => {
      const deps = { ...base, db: { run: <A>(work: (s: Stores) => Promise<A>) => work(stores) } };
      const client = orThrow(await createClient(deps)({ name: "Default client" })());
      const organisation = orThrow(await createOrganisation(deps)({ clientId: client.id, name })());
      const created = orThrow(
        await createApiKey(deps)({ scope: { kind: "clients", clientIds: [client.id] }, name: "first-start admin" })(),
      );
      logger.info(
        {
          clientId: client.id,
          organisationId: organisation.id,
          apiKeyId: created.apiKey.id,
          keyPrefix: created.apiKey.keyPrefix,
        },
        "first start: created a client, an organisation and an admin API key",
      );
      return { clientId: client.id, organisationId: organisation.id, key: created };
    });
  });
};
