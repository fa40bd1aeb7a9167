import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** What the sweep asks the database: which of these document hashes something still holds. */
export type ReferencedDocuments = (sha256s: readonly string[]) => Promise<ReadonlySet<string>>;

export interface DocumentSweepOptions {
  /** The document store's folder (`APAR_DOCUMENTS_DIR`). */
  readonly dir: string;
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

const ageOf = async (path: string, now: Date): Promise<number | null> => {
  try {
    return now.getTime() - (await stat(path)).mtimeMs;
  } catch {
    return null; // gone meanwhile
  }
};

const entries = async (dir: string): Promise<string[]> => readdir(dir).catch(() => []);

/**
 * Removes abandoned temporary files of the document store (`<dir>/tmp`) not written to for `tempAgeMs`.
 * Several instances may share the folder, so a temporary file that may still be written is kept.
 */
export const removeAbandonedTemp = async (dir: string, now: Date, tempAgeMs = 15 * 60_000): Promise<number> => {
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
 * Deletes content files older than `minAgeMs` (a day) that no bill or waiting company bill references: what a
 * process killed between writing an upload's file and committing its bill leaves behind. A file is first
 * renamed aside, then looked at again: the same bytes uploaded meanwhile land as a fresh file (new mtime) and
 * are put back. Also removes abandoned temporary files.
 */
export const sweepDocuments = async (options: DocumentSweepOptions): Promise<SweepResult> => {
  const { dir, now } = options;
  const minAgeMs = options.minAgeMs ?? 24 * 3_600_000;
  const tempFiles = await removeAbandonedTemp(dir, now, options.tempAgeMs);
  let contentFiles = 0;
  await mkdir(join(dir, "tmp"), { recursive: true });
  for (const prefix of await entries(dir)) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    const old: string[] = [];
    for (const name of await entries(join(dir, prefix))) {
      if (!HASH.test(name) || !name.startsWith(prefix)) continue;
      const age = await ageOf(join(dir, prefix, name), now);
      if (age !== null && age >= minAgeMs) old.push(name);
    }
    for (let i = 0; i < old.length; i += BATCH) {
      const batch = old.slice(i, i + BATCH);
      const held = await options.referenced(batch);
      for (const sha256 of batch.filter((h) => !held.has(h))) {
        const path = join(dir, prefix, sha256);
        const aside = join(dir, "tmp", `sweep-${sha256}`);
        try {
          await rename(path, aside);
        } catch {
          continue;
        }
        const age = await ageOf(aside, now);
        if (age !== null && age < minAgeMs) {
          await rename(aside, path); // written again meanwhile: an upload is under way
          continue;
        }
        await rm(aside, { force: true });
        contentFiles += 1;
      }
    }
  }
  return { contentFiles, tempFiles };
};
