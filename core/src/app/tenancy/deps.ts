import type { UnitOfWork } from "../../ports/stores.js";
import type { Clock } from "../../shared/clock.js";
import type { Ids } from "../../shared/ids.js";

/** What the tenancy use cases need. `randomBytes` is the only source of secret material. */
export interface TenancyDeps {
  readonly db: UnitOfWork;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly randomBytes: (size: number) => Uint8Array;
}
