import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The operator key that encrypts stored secrets: `APAR_SECRET_KEY` when set, otherwise a key generated
 * once into `<data>/secret.key` (mode 0600) so a restart keeps being able to read what it stored.
 */
export const loadSecretKey = async (configured: string | undefined, dataDir: string): Promise<string> => {
  if (configured !== undefined) return configured;
  const file = join(dataDir, "secret.key");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString("base64url");
  try {
    // `wx`: when two instances start at once, the first writer wins and the other reads its key.
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readFile(file, "utf8")).trim();
  }
};
