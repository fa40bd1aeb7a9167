import type { Company } from "../../inbox/model.js";
import type { Stores } from "../../ports/stores.js";
import { type DomainError, type FieldError, notFound } from "../../shared/errors.js";

/** Most organisations one company may serve (bounds the checks a request can cause). */
export const COMPANY_ORGANISATIONS_MAX = 100;

/** The answer for a company that does not exist or belongs to another client (the same on purpose). */
export const companyNotFound = (): DomainError =>
  notFound("Company.NotFound", "The company does not exist or belongs to a different client.");

/**
 * Which companies a caller may read: `undefined` for client administrators (every company of the client), or
 * the organisations the caller belongs to (companies linked to one of them). Nobody else changes companies.
 */
export type CompanyVisibility = readonly string[] | undefined;

/** Whether a company is linked to one of the organisations (always, for `undefined`: an administrator). */
export const companyVisible = (company: Company, visibleTo: CompanyVisibility): boolean =>
  visibleTo === undefined || company.organisationIds.some((id) => visibleTo.includes(id));

/** The company of the client when the caller may read it; undefined otherwise, as for a missing one. */
export const visibleCompany = async (
  s: Pick<Stores, "companies">,
  input: { readonly clientId: string; readonly companyId: string; readonly visibleTo?: CompanyVisibility },
): Promise<Company | undefined> => {
  const company = await s.companies.ofId(input.clientId, input.companyId);
  return company !== undefined && companyVisible(company, input.visibleTo) ? company : undefined;
};

/** Problems with a company name (trimmed): 1 to 200 characters. */
export const companyNameErrors = (name: string): FieldError[] =>
  name === "" || [...name].length > 200
    ? [{ field: "name", code: "Invalid", message: "Give a name of 1 to 200 characters." }]
    : [];

/** Problems with the list itself (its size); whether each id is an organisation needs the stores. */
export const organisationIdsErrors = (ids: readonly string[]): FieldError[] =>
  ids.length > COMPANY_ORGANISATIONS_MAX
    ? [
        {
          field: "organisationIds",
          code: "Invalid",
          message: `Give at most ${COMPANY_ORGANISATIONS_MAX} organisations.`,
        },
      ]
    : [];

/** One error per id that is not an organisation of the client (another client's answers the same as none). */
export const foreignOrganisationErrors = async (
  s: Pick<Stores, "organisations">,
  clientId: string,
  ids: readonly string[],
): Promise<FieldError[]> => {
  const errors: FieldError[] = [];
  for (const [i, id] of ids.entries()) {
    if ((await s.organisations.ofId(clientId, id)) === undefined)
      errors.push({
        field: `organisationIds[${i}]`,
        code: "NotFound",
        message: "No organisation of this client has this id.",
      });
  }
  return errors;
};

/** The ids once each, in the order given. */
export const distinct = (ids: readonly string[]): string[] => [...new Set(ids)];
