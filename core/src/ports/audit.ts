import type { AuditChainHead, AuditEntry, AuditFilter, AuditRecord } from "../audit/model.js";
import type { Page, PageRequest } from "../shared/page.js";

/** Where an organisation's log is read: its own entries and its client's client-wide ones. */
export interface AuditScope {
  readonly clientId: string;
  readonly organisationId: string;
}

/** The audit log: append-only, one hash chain per organisation and per client. */
export interface AuditLog {
  /**
   * Chains each record after its chain's last entry and stores it, in the unit of work of the change it records.
   * The chain's head row stays locked until that unit of work ends, so concurrent appends to one chain queue.
   */
  append(records: readonly AuditRecord[]): Promise<void>;
  /** One page of an organisation's log in id (time) order, filtered. */
  list(scope: AuditScope, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>>;
  /** The chains' heads in chain id order: every chain, or an organisation's and its client's. */
  heads(organisationId?: string): Promise<readonly AuditChainHead[]>;
  /** A chain's entries after `afterSeq`, in seq order, at most `limit`. */
  chainEntries(chainId: string, afterSeq: number, limit: number): Promise<readonly AuditEntry[]>;
}
