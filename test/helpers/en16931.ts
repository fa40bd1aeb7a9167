import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

// The official EN 16931 1.3.16 rules (CEN/TC 434, European Commission eInvoicing-EN16931, EUPL-1.2), copied into
// fixtures/en16931 with their licence. Compiled once to SaxonJS's SEF form into node_modules/.cache (about half
// a minute per syntax), then each validation takes about a second. Nothing is downloaded.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIXTURES = path.join(root, "fixtures/en16931");
const CACHE = path.join(root, "node_modules/.cache/apar-en16931");
const require = createRequire(import.meta.url);

export type Syntax = "ubl" | "cii";
const XSLT: Record<Syntax, string> = { ubl: "EN16931-UBL-validation.xslt", cii: "EN16931-CII-validation.xslt" };

const compiled = new Map<Syntax, Promise<string>>();

const exists = async (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The SEF file of one syntax's rules, compiling it on first use (keyed by the rules' hash). */
const sefOf = (syntax: Syntax): Promise<string> => {
  let found = compiled.get(syntax);
  if (found === undefined) {
    found = (async () => {
      const xslt = path.join(FIXTURES, XSLT[syntax]);
      const hash = createHash("sha256")
        .update(await readFile(xslt))
        .digest("hex")
        .slice(0, 16);
      const sef = path.join(CACHE, `${syntax}-${hash}.sef.json`);
      if (await exists(sef)) return sef;
      await mkdir(CACHE, { recursive: true });
      // Written aside and renamed, so that test processes compiling at once never read half a file.
      const partial = `${sef}.${process.pid}.tmp`;
      await promisify(execFile)(
        process.execPath,
        [require.resolve("xslt3/xslt3.js"), `-xsl:${xslt}`, `-export:${partial}`, "-nogo", "-relocate:on"],
        { cwd: FIXTURES, maxBuffer: 16 * 1024 * 1024 },
      );
      await rename(partial, sef);
      return sef;
    })();
    compiled.set(syntax, found);
  }
  return found;
};

/** One failed assert of the rules. */
export interface FailedAssert {
  readonly id: string;
  readonly flag: string;
  readonly text: string;
}

interface SaxonJs {
  transform(options: Record<string, unknown>, mode: "async"): Promise<{ principalResult: string }>;
}

/** Runs the EN 16931 rules of a syntax over an XML document; answers every failed assert (fatal and warnings). */
export const en16931 = async (syntax: Syntax, xml: string): Promise<FailedAssert[]> => {
  const SaxonJS = require("saxon-js") as SaxonJs;
  const result = await SaxonJS.transform(
    { stylesheetFileName: await sefOf(syntax), sourceText: xml, destination: "serialized" },
    "async",
  );
  const svrl = result.principalResult;
  const asserts: FailedAssert[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1] ?? "";
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2] ?? "")?.[1] ?? "";
    asserts.push({
      id: /\bid="([^"]*)"/.exec(attrs)?.[1] ?? "",
      flag: /\bflag="([^"]*)"/.exec(attrs)?.[1] ?? "",
      text: text.replace(/\s+/g, " ").trim(),
    });
  }
  return asserts;
};

/** The fatal failed asserts only: a valid document has none. */
export const fatalAsserts = async (syntax: Syntax, xml: string): Promise<FailedAssert[]> =>
  (await en16931(syntax, xml)).filter((a) => a.flag === "fatal");
