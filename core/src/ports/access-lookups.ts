import type { Client, Organisation } from "../tenancy/model.js";

/** The reads resolution needs (a store lookup each; a foreign organisation answers undefined). */
export interface AccessLookups {
  client(id: string): Promise<Client | undefined>;
  organisation(clientId: string, id: string): Promise<Organisation | undefined>;
}
