import { entryHash, GENESIS_HASH } from "./hash.js";
import type { AuditChainHead, AuditEntry } from "./model.js";

/** The first entry of a chain that does not hold: its id (null when the entry itself is missing) and why. */
export interface ChainBreak {
  readonly chainId: string;
  readonly seq: number;
  readonly id: string | null;
  readonly reason: string;
}

/** What verifying one chain found: how many entries held, and the first break if any. */
export interface ChainVerdict {
  readonly chainId: string;
  readonly entries: number;
  readonly broken: ChainBreak | undefined;
}

/** Reads a chain's entries after `afterSeq` in seq order, at most `limit` of them. */
export type ChainPages = (chainId: string, afterSeq: number, limit: number) => Promise<readonly AuditEntry[]>;

/**
 * Walks one chain page by page (memory stays at one page) and answers its first break: a seq that skips (an entry
 * deleted), an entry whose hash does not match its content (a column changed), one whose `prevHash` is not the hash
 * before it, or an end that is not the head's (the last entries deleted).
 */
export const verifyChain = async (head: AuditChainHead, pages: ChainPages, pageSize = 1000): Promise<ChainVerdict> => {
  let previous = { seq: 0, hash: GENESIS_HASH };
  let entries = 0;
  const broken = (seq: number, id: string | null, reason: string): ChainVerdict => ({
    chainId: head.chainId,
    entries,
    broken: { chainId: head.chainId, seq, id, reason },
  });
  for (;;) {
    const page = await pages(head.chainId, previous.seq, pageSize);
    for (const entry of page) {
      if (entry.seq !== previous.seq + 1)
        return broken(
          previous.seq + 1,
          entry.id,
          `entry ${previous.seq + 1} is missing: entry ${entry.seq} follows entry ${previous.seq}`,
        );
      if (entryHash(entry) !== entry.hash)
        return broken(entry.seq, entry.id, "its content does not match its hash (a field was changed)");
      if (entry.prevHash !== previous.hash)
        return broken(entry.seq, entry.id, "its previous hash is not the hash of the entry before it");
      previous = { seq: entry.seq, hash: entry.hash };
      entries += 1;
    }
    if (page.length < pageSize) break;
  }
  if (previous.seq !== head.lastSeq)
    return broken(
      previous.seq + 1,
      null,
      previous.seq < head.lastSeq
        ? `the chain ends at entry ${previous.seq} but its head says ${head.lastSeq} (entries were deleted)`
        : `the chain goes on past its head's last entry ${head.lastSeq}`,
    );
  if (previous.hash !== head.lastHash)
    return broken(previous.seq, null, "the last entry's hash is not the one its head keeps");
  return { chainId: head.chainId, entries, broken: undefined };
};
