import type { Clock } from "../../ports/clock.js";
import type { Ids } from "../../ports/ids.js";
import type { Stores, UnitOfWork } from "../../ports/stores.js";

/** What the approval use cases need. Reads go to `db.stores`, outside a transaction. */
export interface ApprovalDeps {
  readonly db: UnitOfWork & { readonly stores: Stores };
  readonly clock: Clock;
  readonly ids: Ids;
}
