import type { ToolConfirmation } from "../agents/tool-confirmation.js";
import type { OrgScope } from "../shared/scope.js";

/** Tool calls waiting for a person's confirmation, by the hash of their token, within an organisation. */
export interface ToolConfirmations {
  add(confirmation: ToolConfirmation): Promise<void>;
  /** Another organisation's (or client's) answers like a missing one. */
  ofHash(scope: OrgScope, tokenHash: string): Promise<ToolConfirmation | undefined>;
  /** Marks an unused confirmation used; answers false when it was already used (two racing uses: one wins). */
  markUsed(scope: OrgScope, tokenHash: string, at: Date): Promise<boolean>;
}
