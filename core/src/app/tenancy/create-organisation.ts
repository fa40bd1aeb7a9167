import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { type DomainError, notFound, validationError } from "../../shared/errors.js";
import type { Organisation } from "../../tenancy/model.js";
import type { TenancyDeps } from "./deps.js";

export interface CreateOrganisationInput {
  readonly clientId: string;
  readonly name: string;
  readonly industryId?: string | null;
  readonly timeZone?: string;
}

/** True when the runtime knows the IANA time zone. */
const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Creates an organisation under a client. */
export const createOrganisation =
  (deps: TenancyDeps<"clients" | "organisations">) =>
  (input: CreateOrganisationInput): TE.TaskEither<DomainError, Organisation> => {
    const name = input.name.trim();
    const timeZone = input.timeZone ?? "UTC";
    const errors = [
      ...(name === "" || name.length > 200
        ? [{ field: "name", code: "Invalid", message: "Give a name of 1 to 200 characters." }]
        : []),
      ...(isTimeZone(timeZone) ? [] : [{ field: "timeZone", code: "Invalid", message: "Give an IANA time zone." }]),
    ];
    if (errors.length > 0) return TE.left(validationError(errors));
    return () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, Organisation>> => {
        if ((await s.clients.ofId(input.clientId)) === undefined)
          return E.left(notFound("Client.NotFound", "The client does not exist."));
        const organisation: Organisation = {
          id: deps.ids.next(),
          clientId: input.clientId,
          name,
          industryId: input.industryId ?? null,
          timeZone,
          createdAt: deps.clock.now(),
        };
        await s.organisations.add(organisation);
        return E.right(organisation);
      });
  };
