import type * as E from "fp-ts/lib/Either.js";
import type * as t from "io-ts";
import type { RequestAuth } from "../../auth/principal.js";
import type { Actor } from "../../events/envelope.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Module } from "../../tenancy/model.js";

/** Who calls a tool, where, and through which channel (the actor's `via` in every event it records). */
export interface ToolCall {
  readonly auth: RequestAuth;
  readonly scope: OrgScope;
  /** The credential's actor with `via: "mcp"` or `"agent"`. */
  readonly actor: Actor;
}

/** What a call that needs a person would do: a sentence, and the amount and payee when money or mail is involved. */
export interface ToolPreview {
  readonly summary: string;
  readonly amount: string | null;
  readonly currency: string | null;
  readonly payee: string | null;
}

/**
 * A use case offered to a model: its name, a description written for a model, the input codec (the JSON Schema
 * a client sees is generated from it), whether it reads or writes, the module the client's plan must include (who
 * may call it is the permissions table's `tool:<name>` row), and whether a person must confirm it (it sends mail or
 * lets money move).
 */
export interface ToolDef<C extends t.Mixed = t.Mixed> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: C;
  readonly access: "read" | "write";
  readonly module: Module;
  /**
   * Present on tools that act only once a person confirms them through their own request (never the model): what
   * the call would do.
   */
  readonly preview?: (call: ToolCall, input: t.TypeOf<C>) => Promise<E.Either<DomainError, ToolPreview>>;
  readonly run: (call: ToolCall, input: t.TypeOf<C>) => Promise<E.Either<DomainError, unknown>>;
}

/** A tool of any input (the catalogue's element type). */
export type AnyTool = ToolDef<t.Mixed>;

/** Declares a tool, keeping its input type for `preview` and `run`. */
export const tool = <C extends t.Mixed>(def: ToolDef<C>): AnyTool => def as unknown as AnyTool;
