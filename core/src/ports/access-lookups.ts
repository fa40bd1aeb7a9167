import type { Client, Organisation } from "../tenancy/model.js";

/** The reads resolution needs (a store lookup each; a foreign organisation answers undefined). */
export interface AccessLookups {
  // A value at once when the caller already holds it (the key's read): no promise to wait for.
  client(id: string): Client | undefined | Promise<Client | undefined>;
  organisation(clientId: string, id: string): Organisation | undefined | Promise<Organisation | undefined>;
}
