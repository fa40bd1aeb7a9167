import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** What the sweep asks the database: which of these document hashes something still holds. */
export type ReferencedDocuments = (sha256s: readonly string[]) => Promise<ReadonlySet<string>>;

/** A document store as the sweep sees it (the folder, an S3 bucket). */
export interface SweepableStore {
  /** Removes temporary files (abandoned writes) untouched for `tempAgeMs`; answers how many. */
  removeAbandonedTemp(now: Date, tempAgeMs: number): Promise<number>;
  /** The hashes of content files last written at least `minAgeMs` ago. */
  oldFiles(now: Date, minAgeMs: number): AsyncIterable<string>;
  /** Removes a content file unless it was written again within `minAgeMs`; answers whether it did. */
  removeIfOld(sha256: string, now: Date, minAgeMs: number): Promise<boolean>;
}

export interface DocumentSweepOptions {
  readonly store: SweepableStore;
  readonly referenced: ReferencedDocuments;
  readonly now: Date;
  /** A content file younger than this is left alone (an upload writes its file before its bill commits). */
  readonly minAgeMs?: number;
  /** A temporary file untouched for this long is an abandoned write (a stream write touches it per chunk). */
  readonly tempAgeMs?: number;
}

export interface SweepResult {
  readonly contentFiles: number;
  readonly tempFiles: number;
}

const HASH = /^[0-9a-f]{64}$/;
const BATCH = 200;
const TEMP_AGE_MS = 15 * 60_000;

const ageOf = async (path: string, now: Date): Promise<number | null> => {
  try {
    return now.getTime() - (await stat(path)).mtimeMs;
  } catch {
    return null; // gone meanwhile
  }
};

const entries = async (dir: string): Promise<string[]> => readdir(dir).catch(() => []);

/**
 * Removes abandoned temporary files of the document folder (`<dir>/tmp`) not written to for `tempAgeMs`.
 * Several instances may share the folder, so a temporary file that may still be written is kept.
 */
export const removeAbandonedTemp = async (dir: string, now: Date, tempAgeMs = TEMP_AGE_MS): Promise<number> => {
  let removed = 0;
  for (const name of await entries(join(dir, "tmp"))) {
    const path = join(dir, "tmp", name);
    const age = await ageOf(path, now);
    if (age === null || age < tempAgeMs) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
};

/**
 * The document folder for the sweep. A file is first renamed aside, then looked at again: the same bytes
 * uploaded meanwhile land as a fresh file (new mtime) and are put back.
 */
export const folderSweepableStore = (dir: string): SweepableStore => ({
  removeAbandonedTemp: (now, tempAgeMs) => removeAbandonedTemp(dir, now, tempAgeMs),
  async *oldFiles(now, minAgeMs) {
    for (const prefix of await entries(dir)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      for (const name of await entries(join(dir, prefix))) {
        if (!HASH.test(name) || !name.startsWith(prefix)) continue;
        const age = await ageOf(join(dir, prefix, name), now);
        if (age !== null && age >= minAgeMs) yield name;
      }
    }
  },
  async removeIfOld(sha256, now, minAgeMs) {
    await mkdir(join(dir, "tmp"), { recursive: true });
    const path = join(dir, sha256.slice(0, 2), sha256);
    const aside = join(dir, "tmp", `sweep-${sha256}`);
    try {
      await rename(path, aside);
    } catch {
      return false;
    }
    const age = await ageOf(aside, now);
    if (age !== null && age < minAgeMs) {
      await rename(aside, path); // written again meanwhile: an upload is under way
      return false;
    }
    await rm(aside, { force: true });
    return true;
  },
});

/**
 * Deletes content files older than `minAgeMs` (a day) that no bill or waiting company bill references: what a
 * process killed between writing an upload's file and committing its bill leaves behind. Also removes abandoned
 * temporary files.
 */
export const sweepDocuments = async (options: DocumentSweepOptions): Promise<SweepResult> => {
  const { store, now } = options;
  const minAgeMs = options.minAgeMs ?? 24 * 3_600_000;
  const tempFiles = await store.removeAbandonedTemp(now, options.tempAgeMs ?? TEMP_AGE_MS);
  let contentFiles = 0;
  const sweep = async (batch: readonly string[]) => {
    const held = await options.referenced(batch);
    for (const sha256 of batch.filter((h) => !held.has(h)))
      if (await store.removeIfOld(sha256, now, minAgeMs)) contentFiles += 1;
  };
  let batch: string[] = [];
  for await (const sha256 of store.oldFiles(now, minAgeMs)) {
    batch.push(sha256);
    if (batch.length < BATCH) continue;
    await sweep(batch);
    batch = [];
  }
  if (batch.length > 0) await sweep(batch);
  return { contentFiles, tempFiles };
};
