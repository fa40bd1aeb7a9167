import type { Database } from "@apar/core/ports";
import test from "ava";
import { testDatabases } from "../helpers/databases.js";

for (const kind of testDatabases()) {
  test(`${kind.name}: migrate twice is a no-op and ready() is true`, async (t) => {
    const database = await kind.open({ migrate: false });
    try {
      await database.migrate();
      await database.migrate();
      t.true(await database.ready());
      t.is(await database.stores.clients.count(), 0);
    } finally {
      await database.close();
    }
  });

  test(`${kind.name}: concurrent migrate() on a fresh database all succeed`, async (t) => {
    const handles = await kind.openMany(3, { migrate: false });
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      for (const handle of handles) t.true(await handle.ready());
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  test(`${kind.name}: withLock lets one holder in at a time, across handles`, async (t) => {
    const handles = await kind.openMany(3);
    try {
      let inside = 0;
      let most = 0;
      const order: string[] = [];
      const hold = (handle: Database, i: number) =>
        handle.withLock("setup", async () => {
          inside += 1;
          most = Math.max(most, inside);
          order.push(`in ${i}`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          order.push(`out ${i}`);
          inside -= 1;
          return i;
        });
      t.deepEqual(await Promise.all(handles.map(hold)), [0, 1, 2]);
      t.is(most, 1);
      t.is(order.length, 6);
      // A lock of another name is independent, and the lock is free again after a throw.
      await t.throwsAsync(
        handles[0]?.withLock("setup", async () => {
          throw new Error("boom");
        }) ?? Promise.resolve(),
      );
      t.is(await handles[1]?.withLock("setup", async () => "again"), "again");
      t.is(
        await handles[0]?.withLock("outer", async () => handles[1]?.withLock("inner", async () => "nested")),
        "nested",
      );
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
}
