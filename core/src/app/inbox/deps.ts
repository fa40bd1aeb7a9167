import type { Stores, UnitOfWork } from "../../ports/stores.js";
import type { Clock } from "../../shared/clock.js";
import type { Ids } from "../../shared/ids.js";

/**
 * What the inbox use cases need (a `Database` is a fitting `db`). Reads go to `db.stores`, outside a
 * transaction, so listings never queue behind writers. `randomBytes` makes slug suffixes.
 */
export interface InboxDeps {
  readonly db: UnitOfWork & { readonly stores: Stores };
  readonly clock: Clock;
  readonly ids: Ids;
  readonly randomBytes: (size: number) => Uint8Array;
}
