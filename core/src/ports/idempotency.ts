/** A request remembered under its Idempotency-Key: what it asked (its hash) and what it was answered. */
export interface IdempotencyRecord {
  readonly clientId: string;
  /** The operation and tenancy the key belongs to (`POST /v1/bills <organisationId>`). */
  readonly scope: string;
  readonly key: string;
  readonly requestHash: string;
  readonly status: number;
  /** The answer's JSON body. */
  readonly response: unknown;
  readonly createdAt: Date;
}

/** Idempotency keys; a key is unique per client and scope (a second add of one throws). */
export interface IdempotencyKeys {
  add(record: IdempotencyRecord): Promise<void>;
  find(clientId: string, scope: string, key: string): Promise<IdempotencyRecord | undefined>;
}
