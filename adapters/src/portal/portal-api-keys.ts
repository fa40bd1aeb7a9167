/** A key as the API keys page shows it (never its hash, never the key itself after creation). */
export interface PortalApiKey {
  readonly id: string;
  readonly name: string | null;
  /** The key's public beginning, to tell keys apart. */
  readonly keyPrefix: string;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
  /** The key also serves other clients: only the operator revokes it. */
  readonly shared: boolean;
}
