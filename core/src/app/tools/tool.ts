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

/**
 * A use case offered to a model: its name, a description written for a model, the input codec (the JSON Schema
 * a client sees is generated from it), whether it reads or writes, the module the client's plan must include, the
 * and whether it needs a confirmed preview first (it sends mail or moves money).
 */
export interface ToolDef<C extends t.Mixed = t.Mixed> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: C;
  readonly access: "read" | "write";
  readonly module: Module;
  /** Present on tools that act only after a confirmed preview: what the call would do, in a sentence. */
  readonly preview?: (call: ToolCall, input: t.TypeOf<C>) => Promise<E.Either<DomainError, string>>;
  readonly run: (call: ToolCall, input: t.TypeOf<C>) => Promise<E.Either<DomainError, unknown>>;
}

/** A tool of any input (the catalogue's element type). */
export type AnyTool = ToolDef<t.Mixed>;

/** Declares a tool, keeping its input type for `preview` and `run`. */
export const tool = <C extends t.Mixed>(def: ToolDef<C>): AnyTool => def as unknown as AnyTool;
