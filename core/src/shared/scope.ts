/** An organisation of a client: the scope every AP record lives in. */
export interface OrgScope {
  readonly clientId: string;
  readonly organisationId: string;
}
