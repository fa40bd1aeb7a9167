import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The folder holding a language's gzipped LSTM data in its npm package `@tesseract.js-data/<lang>`. */
export const languageFolder = (lang: string): string =>
  join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), "4.0.0_best_int");

/**
 * The tesseract codes whose data is installed (`@tesseract.js-data/<code>` with its traineddata), sorted. The
 * configuration checks APAR_OCR_LANGUAGES against them at start, so that a missing language is named then and not
 * at the first scanned bill.
 */
export const installedOcrLanguages = (): string[] => {
  const scope = dirname(dirname(require.resolve("@tesseract.js-data/eng/package.json")));
  return readdirSync(scope)
    .filter((code) => /^[a-z]{3}(_[a-z]+)?$/.test(code))
    .filter((code) => existsSync(join(scope, code, "4.0.0_best_int", `${code}.traineddata.gz`)))
    .sort();
};

const uid = process.getuid?.() ?? 0;

/** A folder of this user's that no one else can write to, holding every one of `files`. */
const ready = (folder: string, files: readonly string[]): boolean => {
  const stat = lstatSync(folder, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isDirectory() || (process.getuid && stat.uid !== uid) || stat.mode & 0o022)
    return false;
  return files.every((f) => existsSync(join(folder, f)));
};

/** Whether process `pid` is running (one of another user's answers EPERM, and is). */
const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

const tryRemove = (folder: string): void => {
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch {}
};

/**
 * The folder tesseract.js reads several languages' data from (it takes one langPath): one in the temporary folder
 * named for the user, the languages and a hash of their data files' sizes and times, shared by every process that reads them and never
 * removed, so that a reading process killed with SIGKILL leaves nothing behind. It is written in a temporary
 * sibling and renamed into place (rename is atomic: a folder of that name is whole), and a concurrent creator's
 * winning rename is taken as it is. Siblings left by a creator killed while writing are removed once its process
 * is gone. `shared` is false when the name is squatted (someone else's folder, or one others may write to): the
 * caller reads from its own sibling and removes it (or, if it is killed, the next creator does).
 */
export const languagesFolder = (langs: readonly string[]): { path: string; shared: boolean } => {
  const sorted = [...new Set(langs)].sort();
  const files = sorted.map((l) => `${l}.traineddata.gz`);
  const sources = sorted.map((l, i) => join(languageFolder(l), files[i] as string));
  // Named by each file's size and time (an upgrade of a data package changes them); the data itself is read only
  // when the folder is written, not at every pool's start.
  const hash = createHash("sha256");
  for (const [i, source] of sources.entries()) {
    const { size, mtimeMs } = statSync(source);
    hash.update(`${files[i]}\0${size}\0${mtimeMs}\0`);
  }
  const name = `apar-tessdata-${uid}-${sorted.join("+")}-${hash.digest("hex").slice(0, 16)}`;
  const folder = join(tmpdir(), name);
  const temporary = `${name}.tmp-`;
  for (const entry of readdirSync(tmpdir())) {
    const pid = entry.startsWith(temporary) ? Number.parseInt(entry.slice(temporary.length), 10) : 0;
    // Someone else's (the name is squatted) is left where it is.
    if (pid > 0 && !running(pid)) tryRemove(join(tmpdir(), entry));
  }
  if (ready(folder, files)) return { path: folder, shared: true };
  const written = mkdtempSync(join(tmpdir(), `${temporary}${process.pid}-`));
  for (const [i, source] of sources.entries()) writeFileSync(join(written, files[i] as string), readFileSync(source));
  try {
    renameSync(written, folder);
  } catch {
    // Another creator's rename came first (its folder is as good as ours), or the name is taken by a folder that
    // will not do: this caller reads from its own copy.
    if (ready(folder, files)) {
      tryRemove(written);
      return { path: folder, shared: true };
    }
    return { path: written, shared: false };
  }
  return { path: folder, shared: true };
};
