import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { type DomainError, notFound, validationError } from "../../shared/errors.js";
import { clientSettingsOf, settingsErrors } from "../../tenancy/client-settings.js";
import type { Client, ClientSettings, Module } from "../../tenancy/model.js";
import type { TenancyDeps } from "./deps.js";

export interface UpdateClientInput {
  readonly id: string;
  readonly name?: string;
  readonly type?: Client["type"];
  readonly modules?: readonly Module[];
  /** Only the settings named change. */
  readonly settings?: Partial<ClientSettings>;
}

/** Changes a client's name, type, plan modules or settings (operator work). */
export const updateClient =
  (deps: TenancyDeps<"clients">) =>
  (input: UpdateClientInput): TE.TaskEither<DomainError, Client> => {
    const name = input.name?.trim();
    const errors = [
      ...(name !== undefined && (name === "" || name.length > 200)
        ? [{ field: "name", code: "Invalid", message: "Give a name of 1 to 200 characters." }]
        : []),
      ...settingsErrors(input.settings ?? {}),
    ];
    if (errors.length > 0) return TE.left(validationError(errors));
    return () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, Client>> => {
        const client = await s.clients.ofId(input.id);
        if (client === undefined) return E.left(notFound("Client.NotFound", "The client does not exist."));
        const changed: Client = {
          ...client,
          ...(name === undefined ? {} : { name }),
          ...(input.type === undefined ? {} : { type: input.type }),
          ...(input.modules === undefined ? {} : { modules: [...new Set(input.modules)] }),
          settings: { ...clientSettingsOf(client), ...input.settings },
        };
        await s.clients.update(changed);
        return E.right(changed);
      });
  };
