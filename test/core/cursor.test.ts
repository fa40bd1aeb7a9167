import { Buffer } from "node:buffer";
import { decodeCursor, decodeIdCursor, encodeCursor, encodeIdCursor, listEnvelope, pageRequest } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import * as io from "io-ts";

const id = "0190f5a4-7c3b-7fee-9dcc-bbaa99887766";

test("an id cursor round-trips and is opaque base64url", (t) => {
  const cursor = encodeIdCursor(id);
  t.regex(cursor, /^[A-Za-z0-9_-]+$/);
  t.false(cursor.includes(id));
  t.deepEqual(decodeIdCursor(cursor), E.right(id));
});

test("a bad cursor is Request.InvalidCursor", (t) => {
  const notJson = Buffer.from("not json").toString("base64url");
  const wrongShape = Buffer.from(JSON.stringify({ a: "not-a-uuid" })).toString("base64url");
  const cursor = encodeIdCursor(id);
  for (const bad of ["", "%%%", `${cursor}=`, cursor.slice(0, -2), notJson, wrongShape, "a".repeat(600), "eyJ9"]) {
    const result = decodeIdCursor(bad);
    if (E.isRight(result)) {
      t.fail(`accepted ${bad}`);
      continue;
    }
    t.is(result.left.kind, "BadRequest");
    t.is(result.left.code, "Request.InvalidCursor");
    t.is(result.left.errors?.[0]?.field, "Cursor");
  }
});

test("cursors can carry a small JSON value through a codec", (t) => {
  const Key = io.type({ dueDate: io.string, id: io.string });
  const cursor = encodeCursor(Key, { dueDate: "2026-01-31", id });
  t.deepEqual(decodeCursor(Key, cursor), E.right({ dueDate: "2026-01-31", id }));
  t.true(E.isLeft(decodeCursor(Key, encodeIdCursor(id))), "a cursor of another list is refused");
});

test("pageRequest reads the optional cursor", (t) => {
  t.deepEqual(pageRequest(undefined, 20), E.right({ limit: 20 }));
  t.deepEqual(pageRequest("", 5), E.right({ limit: 5 }));
  t.deepEqual(pageRequest(encodeIdCursor(id), 5), E.right({ after: id, limit: 5 }));
  t.true(E.isLeft(pageRequest("garbage!", 5)));
});

test("listEnvelope builds {data, nextCursor, hasMore} from a page", (t) => {
  const rows = [{ id: "0190f5a4-7c3b-7fee-9dcc-000000000001" }, { id }];
  const more = listEnvelope({ items: rows, hasMore: true }, (r) => ({ ref: r.id }));
  t.deepEqual(more.data, [{ ref: rows[0]?.id }, { ref: id }]);
  t.true(more.hasMore);
  t.deepEqual(decodeIdCursor(more.nextCursor ?? ""), E.right(id), "the cursor continues after the last row");
  t.deepEqual(listEnvelope({ items: rows, hasMore: false }), { data: rows, nextCursor: null, hasMore: false });
  t.deepEqual(listEnvelope({ items: [], hasMore: false }), { data: [], nextCursor: null, hasMore: false });
});
