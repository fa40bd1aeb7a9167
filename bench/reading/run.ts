// bench:reading: per-field accuracy of the reader on the development corpus built by
// ../shared/reading/make-dev-corpus.py (never in npm test), a calibration table (how often a field is right at a
// given confidence) and pages per minute. The reader is the one the API uses for a stored document; the
// einvoice-pdf folder is read with its embedded XML ignored, so it measures the text-layer path.
//
//   npm run bench:reading -- /tmp/corpus [--folders einvoice-pdf,receipts] [--limit 100] [--with-xml]
//                                        [--languages eng,deu] [--results out.jsonl] [--text-cache DIR]
//                                        [--known-buyers] [--trust-text-layers] [--no-geometry]
//                                        [--second-eye paddle|off] [--known-suppliers] [--script-languages]
// A folder of scans with scanners' OCR layers is made by bench/reading/scanner-layers.ts (einvoice-layer).
// --text-cache (or APAR_READING_TEXT_CACHE) keeps the text lines and the page of boxes (text runs, OCR words) each
// document's text layer or OCR gave, one JSON file per document, and re-parses them on the next run instead of
// reading again: a parser change is measured on all receipts in seconds rather than OCR's half hour. Delete the
// folder after a change to the OCR or PDF reading (a cache of lines only reads without positions).
// --no-geometry re-parses cached texts from their lines alone.
// --second-eye (default paddle, as APAR_OCR_SECOND_EYE): whether images tesseract reads unsure are read again by
// PaddleOCR. The text cache keeps the eye's text beside tesseract's (a cache made with the eye off has none; make
// it again to measure the eye): a change to how the two readings are made one is measured in seconds. Each folder's
// line also gives CPU seconds per page (this process: tesseract's and ONNX Runtime's threads are in it) and the
// largest resident memory seen after a document.
// --script-languages: a document from a country whose script English OCR cannot read (Japan, Korea, China, Taiwan,
// Hong Kong, Israel, Ukraine, Vietnam's diacritics) is read with that country's OCR language first, then --languages,
// as an organisation there would set APAR_OCR_LANGUAGES. Give it a text cache of its own.
// The corpus folder may also come from APAR_READING_CORPUS; without one the bench says so and exits.
// The corpus of new sources (issue 33 part 7: vendor samples, receipts, a utility bill, ISDOC; folders invoices-pdf,
// invoices-scan, invoices-image, receipts-new) is made by bench/reading/make-more-sources.ts from
// bench/reading/more-sources.json; without --folders every folder with an index.json is read. Over all folders the
// bench prints per source, leave-one-source-out (the mean of each source's own accuracy), per country, the bill
// level of OCR readings (all key fields sure: does the bill say so, were they right) and pages per minute (with
// --text-cache only the parsing is timed).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Extraction, foldText } from "@apar/core";
import { matchSupplier, namedBy } from "@apar/core/app";
import { billConfidence, carriesNumber, extractFromText, type TextBox } from "@apar/core/extraction";
import type { Suppliers } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { createDocumentReader, wantsSecondEye, withSecondEye } from "../../adapters/src/reading/index.js";
import type { EyeReading } from "../../adapters/src/reading/second-eye.js";
import { normaliseSupplierName, normaliseTaxNumber } from "../../core/src/bills/normalise.js";
import { cents, normId } from "./scoring.js";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--") && a !== "");
const root = positional[0] ?? process.env.APAR_READING_CORPUS;
if (!root) {
  console.log("bench:reading: no corpus (give its folder as an argument or in APAR_READING_CORPUS); skipped");
  process.exit(0);
}
// Without --folders: the development corpus's three folders when it is one, else every folder with an index.json
// (the corpus of new sources made by bench/reading/make-more-sources.ts).
const folders = (
  option("folders") ??
  (existsSync(join(root, "einvoice-pdf"))
    ? "einvoice-pdf,einvoice-scan,receipts"
    : readdirSync(root, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(root, d.name, "index.json")))
        .map((d) => d.name)
        .sort()
        .join(","))
).split(",");
const limit = Number(option("limit") ?? Number.POSITIVE_INFINITY);
const withXml = args.includes("--with-xml");
// Every text layer trusted as it is, a scanner's OCR layer over its page image included (the reader judges those).
const trustTextLayers = args.includes("--trust-text-layers");
const languages = (option("languages") ?? process.env.APAR_OCR_LANGUAGES ?? "eng").split(",");
// --results: one JSON line a document (folder, file, source, the fields read, their confidence, and for each field
// the truth gives whether it was right), so two runs can be compared document by document.
const resultsFile = option("results");
const textCache = option("text-cache") ?? process.env.APAR_READING_TEXT_CACHE;
// --known-buyers: each document's buyer (truth.buyerName) is given as the organisation the bill is for, as
// read-bill gives the organisation's names.
const knownBuyers = args.includes("--known-buyers");
// --known-suppliers: every supplier of the folder's truth (name, VAT number) is on record, as an organisation that
// has paid them before has them: the page's VAT numbers and the read name name one, as read-bill does.
const knownSuppliers = args.includes("--known-suppliers");
// --no-geometry: cached texts re-parsed from their lines alone (the reading before pages of boxes).
const noGeometry = args.includes("--no-geometry");
const secondEye = option("second-eye") === "off" ? "off" : "paddle";

/** The suppliers port over a list in memory: what matchSupplier asks of the organisation's records. */
const suppliersOnRecord = (entries: readonly Entry[]): Suppliers => {
  const byName = new Map<string, { id: string; name: string; taxNumber: string | null }>();
  for (const e of entries) {
    const name = e.truth.supplierName;
    if (!name || byName.has(normaliseSupplierName(name))) continue;
    const vat = e.truth.supplierVatId;
    byName.set(normaliseSupplierName(name), {
      id: String(byName.size + 1).padStart(8, "0"),
      name,
      taxNumber: vat ? normaliseTaxNumber(vat) : null,
    });
  }
  // Sample invoices print one made-up VAT number for several sellers: such a number names none of them.
  const holders = new Map<string, number>();
  for (const s of byName.values()) if (s.taxNumber) holders.set(s.taxNumber, (holders.get(s.taxNumber) ?? 0) + 1);
  const all = [...byName.values()].map((s) => ({
    ...s,
    taxNumber: s.taxNumber && holders.get(s.taxNumber) === 1 ? s.taxNumber : null,
    email: null,
    bankDetails: null,
  }));
  return {
    search: async () => ({ items: all, hasMore: false }),
    withTaxNumber: async (_scope: unknown, id: string) => all.filter((s) => s.taxNumber === id),
    withName: async (_scope: unknown, name: string) => all.filter((s) => normaliseSupplierName(s.name) === name),
  } as unknown as Suppliers;
};

/** A reading with the supplier on record its page names (by VAT number, name...), as read-bill makes it. */
const withKnownSupplier = async (read: Extraction, suppliers: Suppliers): Promise<Extraction> => {
  const scope = { clientId: "bench", organisationId: "bench" };
  const match = await matchSupplier(suppliers, scope, read.fields, read.evidence);
  const confidence: Record<string, number> = { ...read.fieldConfidence };
  const named = namedBy(read.fields, confidence, match);
  if (!named.changed) return read;
  return {
    ...read,
    fields: named.fields,
    fieldConfidence: confidence,
    confidence: billConfidence(confidence, carriesNumber(read)),
  };
};

interface Entry {
  readonly file: string;
  readonly pages?: number;
  /** A rough page-template fingerprint (e-invoices): figures are also given weighted per template. */
  readonly layout?: string;
  readonly from?: string;
  readonly source?: { readonly repo?: string };
  /** Where the document comes from (the corpus of new sources): figures are also given per country. */
  readonly country?: string;
  readonly truth: Record<string, string | null>;
}

// The scoring convention of make-dev-corpus.py --score.
const LEGAL = new Set(["gmbh", "ltd", "inc", "llc", "co", "kg", "sdn", "bhd", "the", "pty"]);
// Letters folded to their base as core's foldText folds them ("ŞENGÖNÜL" is "sengonul", "Spółka" "spolka"): a name
// OCR read without its marks is the same name.
const tokens = (x: unknown): Set<string> =>
  new Set((foldText(String(x ?? "")).match(/[a-z0-9]+/g) ?? []).filter((t) => t.length > 1 && !LEGAL.has(t)));
// Beyond that convention, which reads Latin letters only: names written in other scripts, split into their own
// words with their legal forms left out (Japanese, Chinese and Korean glue a form to the name).
const SCRIPT_FORMS =
  /株式会社|有限会社|合同会社|股份有限公司|有限公司|주식회사|\(주\)|(?<!\p{L})(?:ТОВ|ТзОВ|ЕООД|ООД|ООО|АД|בע"מ)(?!\p{L})/gu;
const scriptTokens = (x: unknown): Set<string> =>
  new Set(
    (
      String(x ?? "")
        .replace(SCRIPT_FORMS, " ")
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).filter((t) => t.length > 1),
  );
const score = (field: string, got: unknown, want: string | null | undefined): boolean | null => {
  if (want === null || want === undefined || want === "") return null;
  switch (field) {
    case "totalAmount":
    case "taxAmount":
    case "subTotal": {
      const a = cents(got);
      return a !== null && a === cents(want);
    }
    case "currency":
      return String(got ?? "").toUpperCase() === want.toUpperCase();
    case "invoiceNumber":
    case "supplierVatId":
      return normId(got) !== "" && normId(got) === normId(want);
    case "supplierName": {
      // A name with no Latin word ("株式会社 ハシモトタカシ") is compared by its own words instead.
      const latin = tokens(want).size > 0;
      const a = latin ? tokens(got) : scriptTokens(got);
      const b = latin ? tokens(want) : scriptTokens(want);
      return b.size > 0 && [...b].filter((t) => a.has(t)).length / b.size >= 0.5;
    }
    case "invoiceDate":
    case "dueDate":
      return got !== null && got !== undefined && String(got).slice(0, 10) === want;
    default:
      return null;
  }
};
const FIELDS = [
  "totalAmount",
  "supplierName",
  "invoiceNumber",
  "invoiceDate",
  "dueDate",
  "currency",
  "taxAmount",
  "supplierVatId",
];
// The truth's names of fields the reading names otherwise.
const READ_AS: Record<string, string> = { supplierVatId: "supplierTaxNumber" };
const BANDS = [
  { name: ">= 0.9", test: (c: number) => c >= 0.9 },
  { name: "0.7-0.9", test: (c: number) => c >= 0.7 && c < 0.9 },
  { name: "< 0.7", test: (c: number) => c < 0.7 },
];

type Text = {
  lines: readonly string[];
  reader: "pdf-text" | "ocr";
  boxes?: readonly TextBox[];
  /** What the second eye read of the image, when it was asked to. */
  eye?: EyeReading;
};
let lastText: Text | null = null;
const scriptLanguages = args.includes("--script-languages");
// biome-ignore format: a table reads better several to a line
const SCRIPT_LANGUAGE: Readonly<Record<string, string>> = {
  JP: "jpn", KR: "kor", CN: "chi_sim", TW: "chi_tra", HK: "chi_tra", IL: "heb", UA: "ukr", VN: "vie", BG: "bul", GR: "ell", CY: "ell", TH: "tha",
  // Russian's own OCR data is in no npm package: Ukrainian's, the nearest installed, reads most of its letters.
  RU: "ukr", BY: "ukr", KZ: "ukr", KG: "ukr",
};
const languagesOf = (country: string | undefined): readonly string[] => {
  const own = scriptLanguages && country !== undefined ? SCRIPT_LANGUAGE[country] : undefined;
  return own === undefined ? languages : [own, ...languages.filter((l) => l !== own)];
};
type Reader = ReturnType<typeof createDocumentReader>;
// One reader (and OCR pool) per set of languages, made when a document first needs it.
const readers = new Map<string, Reader>();
const readerFor = (langs: readonly string[]): Reader => {
  const key = langs.join("+");
  const reader = readers.get(key) ?? newReader(langs);
  readers.set(key, reader);
  return reader;
};
const newReader = (langs: readonly string[]): Reader =>
  createDocumentReader({
    languages: langs,
    readAttachedEinvoice: withXml,
    judgeTextLayers: !trustTextLayers,
    secondEye,
    onText: (lines, kind, boxes) => {
      lastText = { lines, reader: kind, boxes };
    },
    onSecondEye: (eye) => {
      if (lastText !== null) lastText.eye = eye;
    },
  });
if (textCache) mkdirSync(textCache, { recursive: true });
const results: string[] = [];
const calibration = new Map<string, { right: number; all: number }>();
const pct = (a: number, b: number): string => (b === 0 ? "-" : `${((100 * a) / b).toFixed(0)}%`);
type Tally = Map<string, { right: number; all: number }>;
const count = (m: Map<string, Tally>, key: string, field: string, ok: boolean): void => {
  const t = m.get(key) ?? new Map<string, { right: number; all: number }>();
  const c = t.get(field) ?? { right: 0, all: 0 };
  t.set(field, { right: c.right + Number(ok), all: c.all + 1 });
  m.set(key, t);
};
// Over every folder read: per source, per country, and the bill level of OCR readings.
const allSources = new Map<string, Tally>();
const allCountries = new Map<string, Tally>();
// A bill read by OCR whose key fields read are all sure (>= 0.9): does the bill's own confidence say so too, and
// were they all right?
const KEY_READ = ["totalAmount", "supplierName", "invoiceNumber", "invoiceDate", "currency"];
const billLevel = { ocr: 0, allSure: 0, saysSure: 0, allRight: 0 };
// The bill level's calibration, per reader: bills whose own confidence is >= 0.9, and of them those whose key fields
// were all right (a key field the truth does not give is not scored).
const billSure = new Map<string, { read: number; sure: number; right: number }>();
let allPages = 0;
// Documents whose text came from --text-cache: their time is parsing only, not reading.
let fromCache = 0;
let allMinutes = 0;

for (const folder of folders) {
  let entries: Entry[];
  try {
    entries = JSON.parse(readFileSync(join(root, folder, "index.json"), "utf8")) as Entry[];
  } catch {
    console.log(`${folder}: no index.json under ${root}; skipped`);
    continue;
  }
  entries = entries.slice(0, limit);
  const onRecord = knownSuppliers ? suppliersOnRecord(entries) : undefined;
  const tally = new Map<string, { right: number; all: number }>();
  const perSource = new Map<string, Map<string, { right: number; all: number }>>();
  const perLayout = new Map<string, Map<string, { right: number; all: number }>>();
  // The scans carry no layout of their own: take the one of the PDF they were rendered from.
  const layouts = new Map<string, string>();
  try {
    const pdfs = JSON.parse(readFileSync(join(root, "einvoice-pdf", "index.json"), "utf8")) as Entry[];
    for (const p of pdfs) if (p.layout) layouts.set(p.file, p.layout);
  } catch {
    // no einvoice-pdf folder: no layouts for scans
  }
  let pages = 0;
  // Known suppliers as evidence: of the documents whose truth gives the seller's VAT number, how many pages print it
  // where the reader reports it (a supplier on record with that number would be named by it); and how often the
  // buyer (truth.buyerName) was read as the supplier.
  const evidence = { vatOnPage: 0, withVat: 0, buyerAsSupplier: 0, withBuyer: 0 };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let peakRss = 0;
  for (const entry of entries) {
    const bytes = new Uint8Array(readFileSync(join(root, folder, entry.file)));
    const mediaType = entry.file.endsWith(".pdf")
      ? "application/pdf"
      : entry.file.endsWith(".png")
        ? "image/png"
        : "image/jpeg";
    const cached = textCache ? join(textCache, `${folder}--${entry.file}.json`) : null;
    const buyer =
      knownBuyers && entry.truth.buyerName
        ? { names: [entry.truth.buyerName], identifiers: [], ibans: [], addressLines: [], emails: [] }
        : undefined;
    const context = buyer === undefined ? {} : { buyer };
    let r: Awaited<ReturnType<Reader["read"]>>;
    if (cached && existsSync(cached)) {
      const t = JSON.parse(readFileSync(cached, "utf8")) as Text;
      fromCache++;
      const first = extractFromText(t.lines, t.reader, context, noGeometry ? [] : (t.boxes ?? []));
      const eye = secondEye === "off" ? undefined : t.eye;
      r = E.right(eye !== undefined && wantsSecondEye(first) ? withSecondEye(first, t.lines, eye, context) : first);
    } else {
      lastText = null;
      r = await readerFor(languagesOf(entry.country)).read(
        { bytes, mediaType, filename: entry.file },
        { method: "ocr", ...context },
      );
      if (cached && lastText && E.isRight(r) && r.right.reader !== "einvoice")
        writeFileSync(cached, JSON.stringify(lastText));
    }
    pages += entry.pages ?? 1;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const asRead: Extraction | null = E.isRight(r) ? (r.right as Extraction) : null;
    const extraction =
      asRead !== null && onRecord !== undefined && asRead.reader !== "einvoice"
        ? await withKnownSupplier(asRead, onRecord)
        : asRead;
    const got = (extraction?.fields ?? {}) as unknown as Record<string, unknown>;
    const conf: Record<string, number | undefined> = extraction?.fieldConfidence ?? {};
    const vat = entry.truth.supplierVatId;
    if (vat) {
      evidence.withVat++;
      if (extraction?.evidence?.identifiers.includes(normId(vat))) evidence.vatOnPage++;
    }
    if (entry.truth.buyerName) {
      evidence.withBuyer++;
      const asBuyer = score("supplierName", got.supplierName, entry.truth.buyerName);
      if (asBuyer && !score("supplierName", got.supplierName, entry.truth.supplierName)) evidence.buyerAsSupplier++;
    }
    const wrong: string[] = [];
    for (const field of FIELDS) {
      const as = READ_AS[field] ?? field;
      const ok = score(field, got[as], entry.truth[field]);
      if (ok === null) continue;
      const t = tally.get(field) ?? { right: 0, all: 0 };
      tally.set(field, { right: t.right + Number(ok), all: t.all + 1 });
      const source = entry.source?.repo ?? "?";
      count(allSources, source, field, ok);
      if (entry.country) count(allCountries, entry.country, field, ok);
      const ps = perSource.get(source) ?? new Map<string, { right: number; all: number }>();
      const s = ps.get(field) ?? { right: 0, all: 0 };
      ps.set(field, { right: s.right + Number(ok), all: s.all + 1 });
      perSource.set(source, ps);
      const layout = entry.layout ?? layouts.get(entry.from?.split("/").pop() ?? "");
      if (layout) {
        const m = perLayout.get(layout) ?? new Map<string, { right: number; all: number }>();
        const l = m.get(field) ?? { right: 0, all: 0 };
        m.set(field, { right: l.right + Number(ok), all: l.all + 1 });
        perLayout.set(layout, m);
      }
      const band = BANDS.find((b) => b.test(conf[as] ?? 0))?.name as string;
      const c = calibration.get(`${field}|${band}`) ?? { right: 0, all: 0 };
      calibration.set(`${field}|${band}`, { right: c.right + Number(ok), all: c.all + 1 });
      if (!ok) wrong.push(`${field}=${JSON.stringify(got[as] ?? null)}@${(conf[as] ?? 0).toFixed(2)}`);
    }
    if (extraction !== null) {
      const b = billSure.get(extraction.reader) ?? { read: 0, sure: 0, right: 0 };
      b.read++;
      if (extraction.confidence >= 0.9) {
        b.sure++;
        if (KEY_READ.every((f) => score(f, got[f], entry.truth[f]) !== false)) b.right++;
      }
      billSure.set(extraction.reader, b);
    }
    if (extraction?.reader === "ocr") {
      billLevel.ocr++;
      const read = KEY_READ.filter((f) => got[f] !== null && got[f] !== undefined && got[f] !== "");
      if (read.includes("totalAmount") && read.every((f) => (conf[f] ?? 0) >= 0.9)) {
        billLevel.allSure++;
        if ((extraction.confidence ?? 0) >= 0.9) billLevel.saysSure++;
        if (read.every((f) => score(f, got[f], entry.truth[f]) !== false)) billLevel.allRight++;
      }
    }
    if (process.env.BENCH_VERBOSE && wrong.length > 0) console.log(`  ${folder}/${entry.file}: ${wrong.join(" ")}`);
    const reported = Object.fromEntries(FIELDS.map((f) => [f, got[READ_AS[f] ?? f] ?? null]));
    const right = Object.fromEntries(
      FIELDS.map((f) => [f, score(f, got[READ_AS[f] ?? f], entry.truth[f])]).filter(([, ok]) => ok !== null),
    );
    results.push(
      JSON.stringify({
        folder,
        file: entry.file,
        source: entry.source?.repo ?? "?",
        got: reported,
        confidence: conf,
        right,
      }),
    );
  }
  const minutes = (performance.now() - t0) / 60_000;
  allPages += pages;
  allMinutes += minutes;
  const cells = FIELDS.filter((f) => tally.has(f)).map((f) => {
    const t = tally.get(f) as { right: number; all: number };
    return `${f} ${t.right}/${t.all} (${pct(t.right, t.all)})`;
  });
  console.log(`${folder} (${entries.length} documents, ${pages} pages): ${cells.join("; ")}`);
  if (perLayout.size > 0) {
    const weighted = FIELDS.filter((f) => tally.has(f)).map((f) => {
      const shares = [...perLayout.values()].flatMap((m) => {
        const l = m.get(f);
        return l && l.all > 0 ? [l.right / l.all] : [];
      });
      return `${f} ${((100 * shares.reduce((a, b) => a + b, 0)) / Math.max(1, shares.length)).toFixed(0)}%`;
    });
    console.log(`  weighted per template (${perLayout.size} templates): ${weighted.join("; ")}`);
  }
  // Per source, and every source but one (the reader's rules are not fitted, so leaving a source out is scoring
  // the others): a rule that helps only its own source shows here.
  const KEY = ["totalAmount", "supplierName", "invoiceNumber", "invoiceDate"];
  const row = (m: (f: string) => { right: number; all: number }): string =>
    KEY.map((f) => `${f} ${m(f).right}/${m(f).all}`).join("; ");
  const sources = [...perSource.keys()].sort();
  if (sources.length > 1) {
    console.log("  per source:");
    for (const s of sources) console.log(`    ${s}: ${row((f) => perSource.get(s)?.get(f) ?? { right: 0, all: 0 })}`);
    console.log("  leaving one source out (the others):");
    for (const s of sources) {
      const others = (f: string) =>
        sources
          .filter((o) => o !== s)
          .map((o) => perSource.get(o)?.get(f) ?? { right: 0, all: 0 })
          .reduce((a, b) => ({ right: a.right + b.right, all: a.all + b.all }), { right: 0, all: 0 });
      console.log(`    without ${s}: ${row(others)}`);
    }
  }
  if (evidence.withVat > 0)
    console.log(`  seller's VAT number reported as page evidence: ${evidence.vatOnPage}/${evidence.withVat}`);
  if (evidence.withBuyer > 0)
    console.log(`  buyer read as the supplier: ${evidence.buyerAsSupplier}/${evidence.withBuyer}`);
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `  ${(pages / minutes).toFixed(1)} pages per minute; ${((cpu.user + cpu.system) / 1e6 / Math.max(1, pages)).toFixed(2)} CPU s per page; resident memory up to ${(peakRss / 2 ** 20).toFixed(0)} MiB (second eye ${secondEye})`,
  );
}
for (const r of readers.values()) await r.close();

// Every folder together: per source, leaving one source out, per country. The reader's rules are fitted to no
// source, so a source's own score is its leave-one-out score (tuned on the others, scored on it); the mean over
// sources weighs each source once, however many documents it brings.
const KEYS = ["totalAmount", "supplierName", "invoiceNumber", "invoiceDate", "currency"];
const cell = (t: Tally | undefined, f: string): string => {
  const c = t?.get(f);
  return c ? `${c.right}/${c.all}` : "-";
};
if (allSources.size > 1 && folders.length > 1) {
  console.log(`all folders, per source (${allSources.size} sources): ${KEYS.join(" | ")}`);
  for (const [s, t] of [...allSources].sort()) console.log(`  ${s}: ${KEYS.map((f) => cell(t, f)).join(" | ")}`);
}
if (allSources.size > 1) {
  const mean = KEYS.map((f) => {
    const shares = [...allSources.values()].flatMap((t) => {
      const c = t.get(f);
      return c && c.all > 0 ? [c.right / c.all] : [];
    });
    return `${f} ${((100 * shares.reduce((a, b) => a + b, 0)) / Math.max(1, shares.length)).toFixed(0)}% (${shares.length})`;
  });
  console.log(`leave-one-source-out (mean of each held-out source's accuracy): ${mean.join("; ")}`);
}
if (allCountries.size > 0) {
  console.log(`per country: ${KEYS.join(" | ")}`);
  for (const [c, t] of [...allCountries].sort()) console.log(`  ${c}: ${KEYS.map((f) => cell(t, f)).join(" | ")}`);
}
if (billLevel.ocr > 0)
  console.log(
    `bills read by OCR: ${billLevel.ocr}; all key fields read sure (>= 0.9, total among them): ${billLevel.allSure}, of which the bill's confidence >= 0.9: ${billLevel.saysSure}, all of them right: ${billLevel.allRight}`,
  );
for (const [reader, b] of billSure)
  console.log(
    `bills read by ${reader}: ${b.read}; the bill's confidence >= 0.9: ${b.sure}, every key field right: ${b.right} (${pct(b.right, b.sure)})`,
  );
if (allMinutes > 0)
  console.log(
    `all folders: ${allPages} pages, ${(allPages / allMinutes).toFixed(1)} pages per minute${fromCache > 0 ? ` (${fromCache} documents' text from the cache: their time is parsing only)` : ""}`,
  );

console.log("calibration (right / read, per confidence band; the aim: >= 98% right at >= 0.9):");
for (const field of FIELDS) {
  const cells = BANDS.map((b) => {
    const c = calibration.get(`${field}|${b.name}`) ?? { right: 0, all: 0 };
    return `${b.name}: ${c.right}/${c.all} (${pct(c.right, c.all)})`;
  });
  if (BANDS.some((b) => calibration.has(`${field}|${b.name}`))) console.log(`  ${field}: ${cells.join("; ")}`);
}
if (resultsFile) writeFileSync(resultsFile, `${results.join("\n")}\n`);
