import type { Stores } from "../../ports/stores.js";

/** Which of these document hashes a bill, or a bill waiting for its organisation, holds (across every client). */
export const referencedDocuments =
  (stores: Pick<Stores, "bills" | "companyBills">) =>
  async (sha256s: readonly string[]): Promise<ReadonlySet<string>> => {
    const [bills, waiting] = await Promise.all([
      stores.bills.referencedDocuments(sha256s),
      stores.companyBills.documentHashes(),
    ]);
    return new Set(sha256s.filter((h) => bills.has(h) || waiting.has(h)));
  };
