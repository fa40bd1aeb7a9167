import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every TypeScript file under a folder. */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });

/** Relative module specifiers a file imports or re-exports. */
export const relativeImportsOf = (text: string): string[] =>
  [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2]) as string);

/** An import between two nodes (folders or files), with the file that makes it. */
export interface Edge {
  readonly from: string;
  readonly to: string;
  readonly file: string;
}

/** The top folder under `src` a file is in (`(entry)` for `src/index.ts` and its siblings). */
export const folderOf =
  (src: string) =>
  (file: string): string => {
    const parts = relative(src, file).split("/");
    return parts.length > 1 ? (parts[0] as string) : "(entry)";
  };

/** Every relative import under `src` (a workspace's source folder), as an edge between the nodes `nodeOf` names. */
const edgesUnder = (src: string, nodeOf: (file: string) => string): Edge[] =>
  sourceFiles(src).flatMap((file) =>
    relativeImportsOf(readFileSync(file, "utf8"))
      .map((spec) => ({
        from: nodeOf(file),
        to: nodeOf(resolve(dirname(file), spec).replace(/\.js$/, ".ts")),
        file: relative(root, file),
      }))
      .filter((e) => e.from !== e.to),
  );

/** Imports between the top folders of `src`. */
export const folderEdges = (src: string): Edge[] => edgesUnder(src, folderOf(src));

/** Imports between the files of `src`. */
export const fileEdges = (src: string): Edge[] => edgesUnder(src, (file) => relative(root, file));

/** Every cycle between nodes (Tarjan's strongly connected components with more than one node). */
export const cycles = (edges: readonly Edge[]): string[][] => {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    if (!next.has(e.to)) next.set(e.to, new Set());
    next.get(e.from)?.add(e.to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
};

/** The imports that close a cycle: each edge between two nodes of one cycle, as `file: from -> to`. */
export const arrowsInCycles = (edges: readonly Edge[]): string[] => {
  const cycleOf = new Map(cycles(edges).flatMap((c, i) => c.map((node) => [node, i] as const)));
  return edges
    .filter((e) => cycleOf.has(e.from) && cycleOf.get(e.from) === cycleOf.get(e.to))
    .map((e) => `${e.file}: ${e.from} -> ${e.to}`);
};

/** The text with its comments blanked (so a doc comment may say what a rule refuses in code). */
export const withoutComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** A source file as the text rules read it. */
export interface SourceText {
  readonly path: string;
  readonly text: string;
}

/** The source files under `dir` (relative to the repository), with their text. */
export const sourceTexts = (dir: string): SourceText[] =>
  sourceFiles(join(root, dir)).map((file) => ({ path: relative(root, file), text: readFileSync(file, "utf8") }));

/** Every line of `files` (comments aside) a rule's pattern matches, as `path:line: why`. */
export const linesBreaking = (files: readonly SourceText[], rules: readonly (readonly [RegExp, string])[]): string[] =>
  files.flatMap(({ path, text }) =>
    withoutComments(text)
      .split("\n")
      .flatMap((line, index) =>
        rules.filter(([pattern]) => pattern.test(line)).map(([, why]) => `${path}:${index + 1}: ${why}`),
      ),
  );
