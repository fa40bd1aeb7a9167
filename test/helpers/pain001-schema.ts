import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const xsd = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/iso20022/pain.001.001.09.xsd");

/** xmllint's verdict on a document against the pain.001.001.09 schema: "" when valid, else its complaint. */
export const pain001SchemaErrors = (xml: string): string => {
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
