import { appendFileSync, type Stats, statSync, writeFileSync } from "node:fs";
import type { KeyAndTenancy } from "@apar/core/ports";

/**
 * Verified API keys of one process, with the client and organisation read with them: a request presenting a key
 * this process verified less than `maxAgeMs` ago skips the key's read. Entries are dropped, all at once, when a
 * table that decides whether a key is valid or what it may do is written anywhere (`KeyCacheBus.changed`): this
 * process clears itself, the other processes of the host see the stamp file change (checked on every lookup), and
 * other instances hear it on Redis (`healthy` false while that channel is down: nothing is served from the cache).
 */
export interface KeyCache {
  /** The read cached under `id` (the presented key's hash and the tenancy headers), or undefined. */
  get(id: string): KeyAndTenancy | undefined;
  /** A mark of the cache's state now: a read that started before a clear is not stored after it. */
  mark(): number;
  /** Stores a verified read, unless the cache was cleared since `mark` (or is cleared now: the stamp changed). */
  set(id: string, read: KeyAndTenancy, mark: number): void;
  /** Replaces the read under `id` (a key whose last use was recorded), keeping its age. */
  update(id: string, read: KeyAndTenancy): void;
  /** Drops every entry. */
  clear(): void;
  readonly size: number;
}

export interface KeyCacheOptions {
  /** The host's stamp file (`<data>/key-cache.stamp`): any change of its size or time drops every entry. */
  readonly stampFile?: string;
  /** False while the cache cannot hear of changes (Redis unreachable): every lookup misses. */
  readonly healthy?: () => boolean;
  readonly maxEntries?: number;
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

export const KEY_CACHE_MAX_ENTRIES = 10_000;
export const KEY_CACHE_MAX_AGE_MS = 30_000;

interface Entry {
  read: KeyAndTenancy;
  readonly at: number;
}

/** What a stat of the stamp file says: size and modification time, or that it is not there. */
const stampOf = (file: string): string => {
  let stats: Stats | undefined;
  try {
    stats = statSync(file, { throwIfNoEntry: false });
  } catch {
    // Unreadable: a state no other read equals, so the cache is dropped every time (any doubt: drop).
    return `error ${Math.random()}`;
  }
  return stats === undefined ? "none" : `${stats.size} ${stats.mtimeMs} ${stats.ino}`;
};

/** An LRU of verified keys (see KeyCache). */
export const createKeyCache = (options: KeyCacheOptions = {}): KeyCache => {
  const maxEntries = options.maxEntries ?? KEY_CACHE_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? KEY_CACHE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const { stampFile, healthy } = options;
  // A Map keeps insertion order: the first key is the least recently used.
  const entries = new Map<string, Entry>();
  let generation = 0;
  let seen = stampFile === undefined ? "" : stampOf(stampFile);

  const clear = () => {
    entries.clear();
    generation += 1;
  };
  /** False, after dropping everything, when the cache may not be trusted now. */
  const current = (): boolean => {
    if (healthy !== undefined && !healthy()) {
      if (entries.size > 0) clear();
      return false;
    }
    if (stampFile !== undefined) {
      const stamp = stampOf(stampFile);
      if (stamp !== seen) {
        seen = stamp;
        clear();
      }
    }
    return true;
  };

  return {
    get(id) {
      if (!current()) return undefined;
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      if (now() - entry.at >= maxAgeMs) {
        entries.delete(id);
        return undefined;
      }
      entries.delete(id);
      entries.set(id, entry);
      return entry.read;
    },
    mark: () => generation,
    set(id, read, mark) {
      if (!current() || mark !== generation) return;
      entries.delete(id);
      entries.set(id, { read, at: now() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
    },
    update(id, read) {
      const entry = entries.get(id);
      if (entry !== undefined) entry.read = read;
    },
    clear,
    get size() {
      return entries.size;
    },
  };
};

/** The stamp file grows by a line a change; past this size it starts again (a change of size all the same). */
const STAMP_MAX_BYTES = 64 * 1024;

/**
 * Tells every process of the host that the key tables changed: a line appended to the stamp file (or the file
 * begun again when large), which each process's cache compares by stat on every lookup.
 */
export const touchStamp = (file: string): void => {
  const line = `${Date.now()} ${process.pid}\n`;
  let size = 0;
  try {
    size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    size = 0;
  }
  if (size > STAMP_MAX_BYTES) writeFileSync(file, line);
  else appendFileSync(file, line);
};

/** What the database calls after a commit that wrote a key table, and what the api role's authenticator reads. */
export interface KeyCacheBus {
  /** This process's cache, when it has one (`APAR_KEY_CACHE`). */
  readonly cache: KeyCache | undefined;
  /** After a commit that wrote a table deciding keys: every cache of the host, and of every instance, is dropped. */
  changed(): Promise<void>;
  /** Closes what the bus holds open (Redis connections). */
  close(): Promise<void>;
}

/** How `changed` reaches other instances (Redis): resolves once the message is sent. */
export type PublishChange = () => Promise<void>;

/**
 * The bus of one process: clears its own cache, appends to the host's stamp file, publishes to other instances.
 * Never throws (it runs after a commit, which has happened); a failure is reported to `onError`.
 */
export const keyCacheBus = (options: {
  readonly cache: KeyCache | undefined;
  readonly stampFile: string;
  readonly publish?: PublishChange;
  readonly close?: () => Promise<void>;
  readonly onError: (error: unknown, what: "stamp" | "publish") => void;
}): KeyCacheBus => ({
  cache: options.cache,
  async changed() {
    options.cache?.clear();
    try {
      touchStamp(options.stampFile);
    } catch (error) {
      options.onError(error, "stamp");
    }
    try {
      await options.publish?.();
    } catch (error) {
      options.onError(error, "publish");
    }
  },
  close: async () => {
    await options.close?.();
  },
});
