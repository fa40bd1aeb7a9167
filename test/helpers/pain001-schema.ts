import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { REQUIRE_SERVICES, xmllintMissing } from "./services.js";

const xsd = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/iso20022/pain.001.001.09.xsd");

/** Why the schema check cannot run here (xmllint is missing), or undefined. */
export const schemaCheckMissing = xmllintMissing();
let told = false;

/**
 * xmllint's verdict on a document against the pain.001.001.09 schema: "" when valid, else its complaint. Without
 * xmllint the check is skipped ("", after one line saying what to install), or a failure under
 * APAR_TEST_REQUIRE_SERVICES=1 (CI).
 */
export const pain001SchemaErrors = (xml: string): string => {
  if (schemaCheckMissing !== undefined) {
    if (REQUIRE_SERVICES) throw new Error(`${schemaCheckMissing} (APAR_TEST_REQUIRE_SERVICES=1)`);
    if (!told) console.warn(`payment-file schema checks: skipped: ${schemaCheckMissing}`);
    told = true;
    return "";
  }
  const dir = mkdtempSync(join(tmpdir(), "apar-pain-"));
  try {
    const file = join(dir, "payout.xml");
    writeFileSync(file, xml);
    execFileSync("xmllint", ["--noout", "--schema", xsd, file], { stdio: "pipe" });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
