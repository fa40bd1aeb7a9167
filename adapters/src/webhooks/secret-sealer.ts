import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { SecretSealer } from "@apar/core/ports";

const VERSION = "v1";
const INFO = "apar webhook signing secrets v1";

/**
 * Seals secrets with AES-256-GCM under a key derived (HKDF-SHA256) from the operator key `APAR_SECRET_KEY`.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>` in base64url; a wrong key or a changed byte fails to open.
 */
export const createSecretSealer = (operatorKey: string): SecretSealer => {
  if (operatorKey.trim() === "") throw new Error("the operator secret key is empty");
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(operatorKey, "utf8"), Buffer.alloc(0), INFO, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body, extra] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || extra !== undefined)
        throw new Error("not a sealed secret of this version");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
};
