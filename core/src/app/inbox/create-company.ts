import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import type { Company } from "../../inbox/model.js";
import { RESERVED_SLUGS, slugFromName, slugWithSuffix } from "../../inbox/slug.js";
import type { Stores } from "../../ports/stores.js";
import { type DomainError, notFound, validationError } from "../../shared/errors.js";
import { companyNameErrors, distinct, foreignOrganisationErrors, organisationIdsErrors } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

export interface CreateCompanyInput {
  readonly clientId: string;
  readonly name: string;
  /** Organisations of the same client whose bills it receives (default none). */
  readonly organisationIds?: readonly string[];
}

/** Suffixed candidates tried before giving up (each collides with odds of about one in a billion). */
const SUFFIX_ATTEMPTS = 5;

/** A free slug: the name's own when `preferBase` and it is free and not reserved, else the name's with a suffix. */
const freeSlug = async (
  s: Pick<Stores, "companies">,
  base: string,
  randomBytes: InboxDeps["randomBytes"],
  preferBase: boolean,
): Promise<string> => {
  if (preferBase && !RESERVED_SLUGS.has(base) && (await s.companies.ofSlug(base)) === undefined) return base;
  for (let i = 0; i < SUFFIX_ATTEMPTS; i += 1) {
    const candidate = slugWithSuffix(base, randomBytes);
    if ((await s.companies.ofSlug(candidate)) === undefined) return candidate;
  }
  throw new Error(`no free slug for ${base} after ${SUFFIX_ATTEMPTS} random suffixes`);
};

/**
 * Creates a company with a forwarding slug derived from its name, unique across the installation. When two
 * creates race for the same free slug the unique index rejects one; it is retried once with a suffix.
 */
export const createCompany =
  (deps: InboxDeps<"clients" | "companies" | "organisations">) =>
  (input: CreateCompanyInput): TE.TaskEither<DomainError, Company> => {
    const name = input.name.trim();
    const organisationIds = distinct(input.organisationIds ?? []);
    const errors = [...companyNameErrors(name), ...organisationIdsErrors(organisationIds)];
    if (errors.length > 0) return TE.left(validationError(errors));
    const base = slugFromName(name);
    const create = (preferBase: boolean) =>
      deps.db.run(async (s): Promise<E.Either<DomainError, Company>> => {
        if ((await s.clients.ofId(input.clientId)) === undefined)
          return E.left(notFound("Client.NotFound", "The client does not exist."));
        const foreign = await foreignOrganisationErrors(s, input.clientId, organisationIds);
        if (foreign.length > 0) return E.left(validationError(foreign));
        const now = deps.clock.now();
        const company: Company = {
          id: deps.ids.next(),
          clientId: input.clientId,
          name,
          slug: await freeSlug(s, base, deps.randomBytes, preferBase),
          organisationIds,
          createdAt: now,
          updatedAt: now,
        };
        await s.companies.add(company);
        return E.right(company);
      });
    return () =>
      create(true).catch(async (error: unknown) => {
        // Only a lost race for the base slug is retried; any other failure stays a defect.
        if ((await deps.db.stores.companies.ofSlug(base)) === undefined) throw error;
        return create(false);
      });
  };
