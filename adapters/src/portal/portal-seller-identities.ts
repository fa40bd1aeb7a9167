/** An organisation of the client, as the Seller identity pages name it. */
export interface PortalOrganisation {
  readonly id: string;
  readonly name: string;
  /** Its IANA time zone (what "today" is there, for due dates); absent: UTC. */
  readonly timeZone?: string;
}
