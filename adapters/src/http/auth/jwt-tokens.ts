import { CLIENT_ROLES, ORGANISATION_ROLES } from "@apar/core";
import type { BearerTokens, Clock, TokenClaims } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { type CryptoKey, errors, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from "jose";

/** The fixed `iss` and `aud` of apar's tokens: a token for another service is refused. */
export const TOKEN_ISSUER = "apar";
export const TOKEN_AUDIENCE = "apar-api";

const ALGORITHMS = ["EdDSA", "ES256"] as const;
type Algorithm = (typeof ALGORITHMS)[number];

/** The algorithm a JWK signs with: Ed25519 keys EdDSA, P-256 keys ES256; others are refused. */
const algorithmOf = (jwk: JWK): Algorithm | undefined => {
  if (jwk.kty === "OKP" && jwk.crv === "Ed25519") return "EdDSA";
  if (jwk.kty === "EC" && jwk.crv === "P-256") return "ES256";
  return undefined;
};

const roles = <R extends string>(names: readonly R[]) =>
  t.array(t.keyof(Object.fromEntries(names.map((n) => [n, null])) as Record<R, null>));

// The claims as they travel: short, stable names (the spec leaves claim names to us; see docs/log/foundation.md).
const Payload = t.type({
  sub: t.string,
  client_id: t.string,
  client_roles: roles(CLIENT_ROLES),
  memberships: t.array(t.type({ organisation_id: t.string, roles: roles(ORGANISATION_ROLES) })),
  akid: t.string,
  iat: t.number,
  exp: t.number,
});

interface VerifyingKey {
  readonly alg: Algorithm;
  readonly key: CryptoKey | Uint8Array;
}

/** Reads a JWK set (`{"keys": [...]}`); throws with a message an operator can act on. */
const readKeySet = (jwks: unknown): JWK[] => {
  const keys = (jwks as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error('the JWK set needs a non-empty "keys" array');
  const seen = new Set<string>();
  return keys.map((k: JWK, i) => {
    if (typeof k !== "object" || k === null) throw new Error(`key ${i} is not a JWK object`);
    if (typeof k.kid !== "string" || k.kid === "") throw new Error(`key ${i} has no "kid"`);
    if (seen.has(k.kid)) throw new Error(`two keys have the kid ${k.kid}`);
    seen.add(k.kid);
    if (algorithmOf(k) === undefined) throw new Error(`key ${k.kid} is neither Ed25519 (OKP) nor P-256 (EC)`);
    return k;
  });
};

/**
 * Bearer tokens as JWTs signed with asymmetric keys from a JWK set: the first key with a private part signs;
 * every key of the set verifies (chosen by `kid`), so a rotated-out key keeps its tokens valid while it is
 * listed. Tokens are valid from `issuedAt` to `expiresAt` of their claims, judged by `clock`.
 */
export const createJwtTokens = async (jwks: unknown, clock: Clock): Promise<BearerTokens> => {
  const keys = readKeySet(jwks);
  const signing = keys.find((k) => typeof k.d === "string");
  if (signing === undefined) throw new Error("the JWK set has no private key to sign with");
  const signingAlg = algorithmOf(signing) as Algorithm;
  const signingKey = await importJWK({ ...signing, alg: signingAlg }, signingAlg);
  const verifying = new Map<string, VerifyingKey>();
  for (const k of keys) {
    const { d: _private, ...pub } = k;
    const alg = algorithmOf(k) as Algorithm;
    verifying.set(k.kid as string, { alg, key: await importJWK({ ...pub, alg }, alg) });
  }
  const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

  return {
    sign: (claims: TokenClaims) =>
      new SignJWT({
        client_id: claims.clientId,
        client_roles: [...claims.clientRoles],
        memberships: claims.memberships.map((m) => ({ organisation_id: m.organisationId, roles: [...m.roles] })),
        akid: claims.apiKeyId,
      })
        .setProtectedHeader({ alg: signingAlg, kid: signing.kid as string, typ: "JWT" })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(claims.userId)
        .setIssuedAt(seconds(claims.issuedAt))
        .setExpirationTime(seconds(claims.expiresAt))
        .sign(signingKey),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(
          token,
          async (header) => {
            const key = header.kid === undefined ? undefined : verifying.get(header.kid);
            if (key === undefined || key.alg !== header.alg) throw new errors.JWKSNoMatchingKey();
            return key.key;
          },
          {
            issuer: TOKEN_ISSUER,
            audience: TOKEN_AUDIENCE,
            algorithms: [...ALGORITHMS],
            currentDate: clock.now(),
            requiredClaims: ["sub", "iat", "exp"],
          },
        );
        const decoded = Payload.decode(payload);
        if (E.isLeft(decoded)) return "invalid";
        const p = decoded.right;
        return {
          userId: p.sub,
          clientId: p.client_id,
          clientRoles: p.client_roles,
          memberships: p.memberships.map((m) => ({ organisationId: m.organisation_id, roles: m.roles })),
          apiKeyId: p.akid,
          issuedAt: new Date(p.iat * 1000),
          expiresAt: new Date(p.exp * 1000),
        };
      } catch (error) {
        return error instanceof errors.JWTExpired ? "expired" : "invalid";
      }
    },
  };
};

/** A new Ed25519 signing key as a private JWK with a `kid` (for a generated key set). */
export const generateSigningJwk = async (kid: string): Promise<JWK> => {
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: "EdDSA", use: "sig" };
};
