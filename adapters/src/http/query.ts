import type { QueryParams } from "./route.js";

/** Query parameters of a request target, looked up case-insensitively (`Limit` and `limit` are one). */
const NO_QUERY: QueryParams = { get: () => undefined, getAll: () => [] };

export const queryParams = (target: string): QueryParams => {
  const mark = target.indexOf("?");
  if (mark < 0 || mark === target.length - 1) return NO_QUERY;
  const search = new URLSearchParams(target.slice(mark + 1));
  const byName = new Map<string, string[]>();
  for (const [name, value] of search) {
    const key = name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  return {
    get: (name) => byName.get(name.toLowerCase())?.[0],
    getAll: (name) => byName.get(name.toLowerCase()) ?? [],
  };
};
