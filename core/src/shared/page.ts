/** A request for one page of a keyset-paginated list. `after` is the last id of the previous page. */
export interface PageRequest {
  readonly after?: string;
  readonly limit: number;
}

/** One page: rows in id order and whether more follow. */
export interface Page<A> {
  readonly items: readonly A[];
  readonly hasMore: boolean;
}
