import type { Page, PageRequest } from "@apar/core/ports";

/** One page in id order after `page.after`, as the SQL keyset query answers it. */
export const keysetPage = <A>(rows: Iterable<A>, idOf: (row: A) => string, page: PageRequest): Page<A> => {
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new RangeError(`bad page limit: ${page.limit}`);
  const after = page.after;
  const sorted = [...rows]
    .filter((row) => after === undefined || idOf(row) > after)
    .sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
  return { items: sorted.slice(0, page.limit), hasMore: sorted.length > page.limit };
};
