// Builds the generalisation corpus (issue 33 part 7): documents from sources other than the development corpus's,
// listed with their truth in bench/reading/more-sources.json (repository, commit, path, sha256, licence, country,
// folder, truth). Each document is taken from a snapshot in the mirror folder (the search tool's `fetch` puts
// github:OWNER/NAME at MIRROR/OWNER+NAME/repo, a bare git directory) and written to OUT/FOLDER/ with an index.json
// that bench:reading reads. Nothing is committed but the manifest: the documents stay outside the repository.
//
//   node --conditions=source --import tsx bench/reading/make-more-sources.ts MIRROR OUT [RESERVED]
//
// APAR_SOURCES_MANIFEST, when set, is the path of another manifest of the same form to build from instead of
// more-sources.json (e.g. bench/reading/held-out-sources.json, a set first read unseen: docs/guide.md):
//
//   APAR_SOURCES_MANIFEST=bench/reading/held-out-sources.json node --conditions=source --import tsx \
//     bench/reading/make-more-sources.ts MIRROR OUT
//
// The reserved sources of ../shared/reading/README.md are refused by name; with the development corpus's manifest
// (RESERVED, by default ../shared/reading/dev-corpus-manifest.json when it is there) also every file whose sha256 it
// lists as reserved and every invoice that is a reserved one in another file (two of number, supplier and total
// with currency agree, hashed as that manifest's contentKeys are). A file whose bytes no longer match the manifest's
// sha256, or whose repository is not in the mirror, is reported and left out; so is a file another manifest in this
// folder lists (a fork's copy of a document an earlier set holds).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cents, normId } from "./scoring.js";

interface ManifestEntry {
  readonly repo: string;
  readonly commit: string;
  readonly path: string;
  readonly sha256: string;
  readonly licence: string;
  readonly country: string;
  readonly folder: string;
  readonly pages: number;
  readonly truthFrom: string;
  readonly family?: string;
  readonly note?: string;
  readonly truth: Record<string, string>;
}

const RESERVED = new Set(
  ["ZUGFeRD/corpus", "invoice-x/invoice2data", "parsee-ai/parsee-datasets", "JensWalter/my-receipts"].map((r) =>
    r.toLowerCase(),
  ),
);
// SROIE receipts 000-099 are reserved; this corpus takes no SROIE material at all.
const isReserved = (e: ManifestEntry): boolean => RESERVED.has(e.repo.toLowerCase()) || /sroie/i.test(e.repo);

const [mirror, out, reservedArg] = process.argv.slice(2);
if (mirror === undefined || out === undefined) throw new Error("usage: make-more-sources.ts MIRROR OUT");
const here = dirname(fileURLToPath(import.meta.url));
const manifestPath = process.env.APAR_SOURCES_MANIFEST || join(here, "more-sources.json");
console.log(`manifest ${manifestPath}`);
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as ManifestEntry[];

// The development corpus's reserved files and invoice identities (make-dev-corpus.py's identity_keys).
const reservedFile = reservedArg ?? join("..", "shared", "reading", "dev-corpus-manifest.json");
const reserved = existsSync(reservedFile)
  ? (JSON.parse(readFileSync(reservedFile, "utf8")) as { reserved: { sha256: string[]; contentKeys: string[] } })
      .reserved
  : { sha256: [], contentKeys: [] };
const reservedShas = new Set(reserved.sha256);
const reservedKeys = new Set(reserved.contentKeys);
const hex = (s: string): string => createHash("sha256").update(s).digest("hex");
const identityKeys = (t: Record<string, string>): string[] => {
  const num = normId(t.invoiceNumber);
  const sup = normId(t.supplierName);
  const c = cents(t.totalAmount);
  const cur = (t.currency ?? "").toUpperCase();
  return [
    ...(num && c !== null ? [hex(`inv|${num}|${c}|${cur}`)] : []),
    ...(num && sup ? [hex(`sup|${num}|${sup}`)] : []),
    ...(sup && c !== null ? [hex(`amt|${sup}|${c}|${cur}`)] : []),
  ];
};
if (reservedShas.size === 0) console.log(`no reserved list at ${reservedFile}: refusing reserved sources by name only`);
// A document another manifest beside this one lists (a fork's copy of one already read) is no new source's.
const elsewhere = new Map<string, string>();
for (const other of readdirSync(here).filter((f) => f.endsWith(".json") && join(here, f) !== resolve(manifestPath)))
  for (const e of JSON.parse(readFileSync(join(here, other), "utf8")) as ManifestEntry[])
    elsewhere.set(e.sha256, other);

const byFolder = new Map<string, object[]>();
const skipped: string[] = [];
for (const e of manifest) {
  if (isReserved(e)) {
    skipped.push(`${e.repo}/${e.path}: reserved source`);
    continue;
  }
  // A snapshot is a bare git directory; some are a work tree's `.git` inside it instead.
  const snapshot = join(mirror, e.repo.replace("/", "+"), "repo");
  const gitDir = existsSync(join(snapshot, ".git")) ? join(snapshot, ".git") : snapshot;
  if (!existsSync(gitDir)) {
    skipped.push(`${e.repo}/${e.path}: not in the mirror`);
    continue;
  }
  let bytes: Buffer;
  try {
    bytes = execFileSync("git", ["--git-dir", gitDir, "show", `${e.commit}:${e.path}`], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    skipped.push(`${e.repo}/${e.path}: not at ${e.commit.slice(0, 10)} in the snapshot`);
    continue;
  }
  const sha = createHash("sha256").update(bytes).digest("hex");
  if (sha !== e.sha256) {
    skipped.push(`${e.repo}/${e.path}: sha256 differs from the manifest`);
    continue;
  }
  if (elsewhere.has(sha)) {
    skipped.push(`${e.repo}/${e.path}: the same file as one of ${elsewhere.get(sha)}`);
    continue;
  }
  if (reservedShas.has(sha) || identityKeys(e.truth).some((k) => reservedKeys.has(k))) {
    skipped.push(`${e.repo}/${e.path}: a reserved document`);
    continue;
  }
  // Owner, name and the first characters of the sha256 keep files with the same base name apart.
  const file = `${e.repo.replace("/", "--")}--${sha.slice(0, 8)}-${basename(e.path)}`.replace(/[^A-Za-z0-9._-]/g, "_");
  mkdirSync(join(out, e.folder), { recursive: true });
  writeFileSync(join(out, e.folder, file), bytes);
  const entries = byFolder.get(e.folder) ?? [];
  entries.push({
    file,
    sha256: sha,
    pages: e.pages,
    country: e.country,
    truthFrom: e.truthFrom,
    ...(e.note === undefined ? {} : { note: e.note }),
    source: { repo: e.repo, path: e.path, commit: e.commit, licence: e.licence, family: e.family ?? null },
    truth: e.truth,
  });
  byFolder.set(e.folder, entries);
}
for (const [folder, entries] of byFolder) {
  writeFileSync(join(out, folder, "index.json"), `${JSON.stringify(entries, null, 1)}\n`);
  console.log(`${folder}: ${entries.length} documents`);
}
for (const s of skipped) console.log(`skipped ${s}`);
const sources = new Set(manifest.filter((e) => !isReserved(e)).map((e) => e.repo));
const countries = new Set(manifest.map((e) => e.country));
console.log(`${manifest.length - skipped.length} documents, ${sources.size} sources, ${countries.size} countries`);
