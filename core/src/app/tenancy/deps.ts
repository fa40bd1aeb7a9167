import type { StoreName, Stores, UnitOfWork } from "../../ports/stores.js";
import type { CoreDeps } from "../deps.js";

/**
 * What the tenancy use cases need. `randomBytes` is the only source of secret material. Their `db` is only a unit of
 * work (first start runs them inside its own transaction), so no outside-transaction stores are asked for.
 */
export interface TenancyDeps<K extends StoreName = StoreName> extends Omit<CoreDeps<K>, "db"> {
  readonly db: UnitOfWork<Pick<Stores, K>>;
  readonly randomBytes: (size: number) => Uint8Array;
}
