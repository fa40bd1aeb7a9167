import { readFileSync } from "node:fs";

/** apar's version, from the root package.json (two folders up from both src and dist). */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
