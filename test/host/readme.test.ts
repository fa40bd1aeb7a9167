import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PERMISSIONS } from "@apar/core";
import test from "ava";
import { installedOcrLanguages } from "../../adapters/src/reading/ocr-languages.js";
import { VARIABLES } from "../../host/src/config.js";
import { permissionsMarkdown } from "../../host/src/permissions-doc.js";
import { ROOT } from "../helpers/host-process.js";

const readme = readFileSync(join(ROOT, "README.md"), "utf8");

test("every configuration variable is in the README's table", (t) => {
  const rows = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));
  const missing = Object.values(VARIABLES)
    .map((v) => v.name)
    .filter((name) => !rows.has(name));
  t.deepEqual(missing, []);
});

test("the OCR languages the README names installed are the packages adapters depends on, and installed", (t) => {
  const row = readme.split("\n").find((l) => l.startsWith("| `APAR_OCR_LANGUAGES` |")) ?? "";
  const named = /\(`([a-z_,]+)` are installed\)/.exec(row)?.[1]?.split(",") ?? [];
  const manifest = JSON.parse(readFileSync(join(ROOT, "adapters/package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const packaged = Object.keys(manifest.dependencies)
    .filter((d) => d.startsWith("@tesseract.js-data/"))
    .map((d) => d.slice("@tesseract.js-data/".length));
  t.true(named.includes("eng") && named.length > 1, "the row lists the languages");
  t.deepEqual([...named].sort(), [...packaged].sort());
  t.deepEqual(installedOcrLanguages(), [...packaged].sort());
});

test("the README's table of who may do what is the permissions table the server enforces", (t) => {
  const block = /<!-- permissions:begin -->\n([\s\S]*?)\n<!-- permissions:end -->/.exec(readme)?.[1];
  t.is(block, permissionsMarkdown(), "run `npm run apar -- permissions` and paste it between the markers");
  // The copy is checked against the code, not against itself: a row moved in the table changes the page.
  const { approveBill: _gone, ...without } = PERMISSIONS;
  t.not(permissionsMarkdown(without), block);
});

test("the README gives the two commands for a fresh machine", (t) => {
  t.true(readme.includes("npm ci && npm start"));
  t.true(readme.includes("npm ci && npm test"));
});

test("the README's embedding example runs and prints what its comments say", async (t) => {
  const { execFileSync } = await import("node:child_process");
  const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
  const section = readme.slice(readme.indexOf("## Embedding"));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) return t.fail("no ts block in the embedding section");
  const dir = mkdtempSync(join(ROOT, "test/.readme-"));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "example.ts"), code);
  const out = execFileSync(process.execPath, ["--conditions=source", "--import", "tsx", join(dir, "example.ts")], {
    cwd: ROOT,
    encoding: "utf8",
  });
  t.deepEqual(out.trim().split("\n"), ["Approved", "Bill.InvalidTransition", "true", "SignatureMismatch"]);
});

test("the README's Status names as built what the server serves, and says 'not yet' of none of it", (t) => {
  const status = /^Status: [\s\S]*?\n\n/m.exec(readme)?.[0] ?? "";
  t.not(status, "");
  // What the Status paragraph says, and an operation of the permissions table that serves it.
  const claims: Readonly<Record<string, string>> = {
    "bank-detail validation": "validateBankDetails",
    "dual control": "confirmSupplierBankDetails",
    "payment runs": "createPaymentRuns",
    "four-eyes approval": "approvePaymentRun",
    "Stripe Connect": "paymentAccountOnboardingLink",
    "bank\nstatements": "importBankStatement",
    "AP settings endpoints": "getApSettings",
    "AP and AR agents": "apAgentTurn",
    "MCP endpoint": "mcp",
    "aged payables and receivables": "getAgedPayables",
    "customer statements": "getCustomerStatement",
    "audit log": "listAuditEvents",
  };
  for (const [words, operation] of Object.entries(claims)) {
    t.true(operation in PERMISSIONS, `${operation} is served`);
    t.true(status.replace(/\s+/g, " ").includes(words.replace(/\s+/g, " ")), `the Status names ${words}`);
  }
  t.notRegex(status, /not yet/i, "everything the Status names is built");
  t.true(readme.includes("APAR_TEST_REQUIRE_SERVICES=1"), "the README says how CI turns a skip into a failure");
});
