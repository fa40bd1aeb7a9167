import type { IdempotencyKeys } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

/** Idempotency keys in memory; a second record for one (client, scope, key) throws, as the primary key does. */
export const memoryIdempotencyKeys = (access: Access): IdempotencyKeys => ({
  add: (record) =>
    access.write((t) => {
      const id = `${record.clientId} ${record.scope} ${record.key}`;
      assertAbsent(t.idempotencyKeys, id, "idempotency key");
      t.idempotencyKeys.set(id, copy(record));
    }),
  find: async (clientId, scope, key) => copy(access.read().idempotencyKeys.get(`${clientId} ${scope} ${key}`)),
});
