import * as TE from "fp-ts/lib/TaskEither.js";
import type { DomainError } from "../../shared/errors.js";
import { validationError } from "../../shared/errors.js";
import { type Client, MODULES, type Module } from "../../tenancy/model.js";
import { attempt } from "../effect.js";
import type { TenancyDeps } from "./deps.js";

export interface CreateClientInput {
  readonly name: string;
  readonly type?: Client["type"];
  /** Modules the plan grants (default: all). */
  readonly modules?: readonly Module[];
}

/** Creates a client (a tenant that contains organisations). */
export const createClient =
  (deps: TenancyDeps) =>
  (input: CreateClientInput): TE.TaskEither<DomainError, Client> => {
    const name = input.name.trim();
    if (name === "" || name.length > 200)
      return TE.left(
        validationError([{ field: "name", code: "Invalid", message: "Give a name of 1 to 200 characters." }]),
      );
    const client: Client = {
      id: deps.ids.next(),
      name,
      type: input.type ?? "Live",
      modules: [...new Set(input.modules ?? MODULES)],
      createdAt: deps.clock.now(),
    };
    return attempt(() => deps.db.run((s) => s.clients.add(client)).then(() => client));
  };
