import { createHash } from "node:crypto";
import type { ConversationOwner } from "./model.js";

/**
 * A tool call that sends mail or lets money move, waiting for a person: an MCP client or an agent asked for it,
 * and only the same user or key, through its own request (never a tool), may confirm it, once, within
 * `TOOL_CONFIRMATION_MINUTES`. The token that confirms it is given to the client, never to the model.
 */
export interface ToolConfirmation {
  /** Lower-case hex sha-256 of the token: the token itself is only ever in the client's answer. */
  readonly tokenHash: string;
  readonly clientId: string;
  readonly organisationId: string;
  /** The user or key that asked (the only one that may confirm). */
  readonly principal: ConversationOwner;
  /** The door it was asked through. */
  readonly via: "mcp" | "agent";
  readonly tool: string;
  /** The tool's input, as decoded when it was asked. */
  readonly input: unknown;
  /** What confirming does, in a sentence. */
  readonly summary: string;
  readonly amount: string | null;
  readonly currency: string | null;
  readonly payee: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  /** Set when it was confirmed (single use). */
  readonly usedAt: Date | null;
}

/** How long a confirmation can be used. */
export const TOOL_CONFIRMATION_MINUTES = 10;

/** A new token: 32 random bytes, base64url (43 characters). */
export const newToolConfirmationToken = (randomBytes: (size: number) => Uint8Array): string =>
  Buffer.from(randomBytes(32)).toString("base64url");

/** The stored form of a token. */
export const hashToolConfirmationToken = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");
