import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generateSigningJwk } from "@apar/adapters/http/index";

/** The JWK set bearer tokens are signed with. */
export interface JwkSet {
  readonly keys: readonly Record<string, unknown>[];
}

/**
 * The signing keys: `APAR_JWT_KEYS` when set, otherwise a set generated once into `<data>/jwt-keys.json`
 * (mode 0600) so that tokens survive a restart. To rotate, set `APAR_JWT_KEYS` to a set with the new private
 * key first and the old key after it: new tokens use the new key, tokens of the old one verify until it is removed.
 */
export const loadJwtKeys = async (configured: JwkSet | undefined, dataDir: string): Promise<JwkSet> => {
  if (configured !== undefined) return configured;
  const file = join(dataDir, "jwt-keys.json");
  const read = async (): Promise<JwkSet> => JSON.parse(await readFile(file, "utf8")) as JwkSet;
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const kid = `apar-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString("hex")}`;
  const set: JwkSet = { keys: [await generateSigningJwk(kid)] };
  try {
    // `wx`: when two instances start at once, the first writer wins and the other reads its keys.
    await writeFile(file, `${JSON.stringify(set, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    return set;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return read();
  }
};
