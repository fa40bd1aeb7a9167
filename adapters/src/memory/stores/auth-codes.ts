import type { AuthCodes } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

/** Auth codes in memory; a consume is one atomic write, so only one of concurrent consumers gets the code. */
export const memoryAuthCodes = (access: Access): AuthCodes => ({
  add: (code) =>
    access.write((t) => {
      assertAbsent(t.authCodes, code.codeHash, "auth code");
      t.authCodes.set(code.codeHash, copy(code));
    }),
  consume: (codeHash, now) =>
    access.write((t) => {
      const code = t.authCodes.get(codeHash);
      if (code === undefined || code.usedAt !== null || code.expiresAt <= now) return undefined;
      const used = { ...code, usedAt: new Date(now) };
      t.authCodes.set(codeHash, used);
      return copy(used);
    }),
});
