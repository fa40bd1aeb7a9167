import * as t from "io-ts";
import { nullable } from "./codecs/combinators.js";
import { documented } from "./codecs/json-schema.js";
import { encodeIdCursor } from "./cursor.js";
import type { Page } from "./page.js";

/** The spec's list body: `data`, the cursor of the next page (null on the last page) and `hasMore`. */
export interface ListEnvelope<B> {
  readonly data: readonly B[];
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
}

/**
 * The list body for a page of rows: each row shown with `toItem`, and a `nextCursor` after the last row
 * (by default the keyset cursor of its `id`) when more rows follow.
 */
export const listEnvelope = <A extends { readonly id: string }, B = A>(
  page: Page<A>,
  toItem: (row: A) => B = (row) => row as unknown as B,
  cursorOf: (row: A) => string = (row) => encodeIdCursor(row.id),
): ListEnvelope<B> => {
  const last = page.items[page.items.length - 1];
  return {
    data: page.items.map(toItem),
    nextCursor: page.hasMore && last !== undefined ? cursorOf(last) : null,
    hasMore: page.hasMore && last !== undefined,
  };
};

/** The list body of a list that always fits one page (histories, applications, an allowlist). */
export const wholeList = <B>(items: readonly B[]): ListEnvelope<B> => ({
  data: items,
  nextCursor: null,
  hasMore: false,
});

/** The codec of a list body whose items are `item`'s (the response schema of every list). */
export const ListBody = <C extends t.Mixed>(item: C) =>
  t.type({
    data: t.readonlyArray(item),
    nextCursor: documented(nullable(t.string), {
      description: "Pass as Cursor for the next page; null on the last.",
    }),
    hasMore: t.boolean,
  });
