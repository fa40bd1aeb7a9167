import type { Stores } from "../../ports/stores.js";
import { type DomainError, type FieldError, notFound } from "../../shared/errors.js";

/** Most organisations one company may serve (bounds the checks a request can cause). */
export const COMPANY_ORGANISATIONS_MAX = 100;

/** The answer for a company that does not exist or belongs to another client (the same on purpose). */
export const companyNotFound = (): DomainError =>
  notFound("Company.NotFound", "The company does not exist or belongs to a different client.");

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
  s: Stores,
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
