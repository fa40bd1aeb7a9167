import type { Db, StoreName } from "../ports/stores.js";
import type { Clock } from "../shared/clock.js";
import type { Ids } from "../shared/ids.js";

/**
 * What every use case is given: the stores it touches (`K`, named in its signature), the clock and the id source.
 * A domain's deps add named extras (`BillDeps<K>` adds the document files). Reads go to `db.stores`, outside a
 * transaction.
 */
export interface CoreDeps<K extends StoreName = StoreName> {
  readonly db: Db<K>;
  readonly clock: Clock;
  readonly ids: Ids;
}
