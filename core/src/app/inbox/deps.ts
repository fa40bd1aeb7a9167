import type { StoreName } from "../../ports/stores.js";
import type { CoreDeps } from "../deps.js";

/**
 * What the inbox use cases need (a `Database` is a fitting `db`). Reads go to `db.stores`, outside a
 * transaction, so listings never queue behind writers. `randomBytes` makes slug suffixes.
 */
export interface InboxDeps<K extends StoreName = StoreName> extends CoreDeps<K> {
  readonly randomBytes: (size: number) => Uint8Array;
}
