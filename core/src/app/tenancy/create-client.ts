import * as TE from "fp-ts/lib/TaskEither.js";
import type { DomainError } from "../../shared/errors.js";
import { validationError } from "../../shared/errors.js";
import { DEFAULT_CLIENT_SETTINGS, settingsErrors } from "../../tenancy/client-settings.js";
import { type Client, type ClientSettings, MODULES, type Module } from "../../tenancy/model.js";
import { attempt } from "../effect.js";
import type { TenancyDeps } from "./deps.js";

export interface CreateClientInput {
  readonly name: string;
  readonly type?: Client["type"];
  /** Modules the plan grants (default: all). */
  readonly modules?: readonly Module[];
  /** Branding and flags (default `DEFAULT_CLIENT_SETTINGS`). */
  readonly settings?: Partial<ClientSettings>;
}

/** Creates a client (a tenant that contains organisations). */
export const createClient =
  (deps: TenancyDeps<"clients">) =>
  (input: CreateClientInput): TE.TaskEither<DomainError, Client> => {
    const name = input.name.trim();
    const errors = [
      ...(name === "" || name.length > 200
        ? [{ field: "name", code: "Invalid", message: "Give a name of 1 to 200 characters." }]
        : []),
      ...settingsErrors(input.settings ?? {}),
    ];
    if (errors.length > 0) return TE.left(validationError(errors));
    const client: Client = {
      id: deps.ids.next(),
      name,
      type: input.type ?? "Live",
      modules: [...new Set(input.modules ?? MODULES)],
      createdAt: deps.clock.now(),
      settings: { ...DEFAULT_CLIENT_SETTINGS, ...input.settings },
    };
    return attempt(() => deps.db.run((s) => s.clients.add(client)).then(() => client));
  };
