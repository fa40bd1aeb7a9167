import * as E from "fp-ts/lib/Either.js";
import {
  hashToolConfirmationToken,
  newToolConfirmationToken,
  TOOL_CONFIRMATION_MINUTES,
} from "../../agents/tool-confirmation.js";
import { PERMISSIONS, permits, rolesOf, toolOperation } from "../../auth/permissions.js";
import type { RequestAuth } from "../../auth/principal.js";
import type { Db } from "../../ports/stores.js";
import type { Clock } from "../../shared/clock.js";
import { decode } from "../../shared/codecs/field-errors.js";
import { type JsonSchema, toJsonSchema } from "../../shared/codecs/json-schema.js";
import { conflict, type DomainError, domainError, isDomainError, notFound } from "../../shared/errors.js";
import type { Module } from "../../tenancy/model.js";
import { hasModule } from "../../tenancy/rules.js";
import { ownerOf } from "../agents/conversations.js";
import type { AnyTool, ToolCall, ToolPreview } from "./tool.js";

/** How long a person has to confirm a tool call. */
export const CONFIRMATION_MINUTES = TOOL_CONFIRMATION_MINUTES;

/** A tool as a client lists it: the input schema is always an object (MCP's `inputSchema`). */
export interface ToolListing {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly readOnly: boolean;
  /** The module the client's plan must include (an agent offers the tools of its own side). */
  readonly module: Module;
  /** Sends mail or lets money move: acts only once a person confirms it through their own request. */
  readonly needsConfirmation: boolean;
}

/** A tool call waiting for a person, as the client (never the model) is told of it. */
export interface PendingConfirmation extends ToolPreview {
  /** Confirms the call (`POST /agent/confirmations/{token}`, `/v1/mcp/confirmations/{token}`) with the same credential. */
  readonly token: string;
  readonly tool: string;
  readonly expiresAt: string;
}

/** What a call came to: the tool's result, a call waiting for a person, or a failure (the tool's own). */
export type ToolOutcome =
  | { readonly kind: "done"; readonly value: unknown }
  | { readonly kind: "confirmation"; readonly confirmation: PendingConfirmation }
  | { readonly kind: "failed"; readonly error: DomainError };

/** What a person's confirmation came to: the tool and its result. */
export interface ConfirmedCall {
  readonly tool: string;
  readonly result: unknown;
}

/** Members a model may send to a tool that needs a person, as older clients were told to: read and ignored. */
const SELF_CONFIRMATION = ["confirm", "confirmationToken"] as const;

/** What the runner needs: the clock, the confirmations store and the source of token material. */
export interface ToolRunnerDeps {
  readonly clock: Clock;
  readonly db: Db<"toolConfirmations">;
  readonly randomBytes: (size: number) => Uint8Array;
}

const missingConfirmation = (): DomainError =>
  notFound("ToolConfirmation.NotFound", "There is no tool call waiting for your confirmation with this token.");

/**
 * The tools a credential may see and call: its client's plan includes the tool's module and the permissions table
 * lets its roles use the tool (`tool:<name>`: a Member does not see approve_bill). Calls are decoded by the tool's
 * codec. A tool that sends mail or lets money move never acts on a model's call: the call is kept as a confirmation bound to the tool, its input,
 * the user or key and the organisation, and the client is given a single-use token for the person; only
 * `confirm`, called by the person's own request with the same credential within CONFIRMATION_MINUTES, runs it.
 * No argument a model sends (`confirm: true` and a token included) does more than ask again.
 */
export const toolRunner = (catalogue: readonly AnyTool[], deps: ToolRunnerDeps) => {
  const listings = new Map(
    catalogue.map((t) => [
      t.name,
      {
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: toJsonSchema(t.input),
        readOnly: t.access === "read",
        module: t.module,
        needsConfirmation: t.preview !== undefined,
      } satisfies ToolListing,
    ]),
  );
  const allowed = (auth: RequestAuth, t: AnyTool): boolean =>
    auth.client !== undefined &&
    hasModule(auth.client, t.module) &&
    permits(PERMISSIONS, toolOperation(t.name), rolesOf(auth));

  /** A hidden or unknown tool's failure, or a tool's own: thrown DomainErrors (a list filter too broad) included. */
  const runTool = async (t: AnyTool, call: ToolCall, input: unknown): Promise<E.Either<DomainError, unknown>> =>
    t.run(call, input).catch((e: unknown) => {
      if (isDomainError(e)) return E.left(e);
      throw e;
    });

  /** Keeps the call for a person and answers what the client is told. */
  const awaitPerson = async (call: ToolCall, t: AnyTool, input: unknown): Promise<ToolOutcome> => {
    const preview = t.preview === undefined ? undefined : await t.preview(call, input);
    if (preview === undefined || E.isLeft(preview))
      return { kind: "failed", error: preview?.left ?? notFound("Tool.NotFound", `There is no tool named ${t.name}.`) };
    const principal = ownerOf(call.actor);
    if (principal === undefined)
      return {
        kind: "failed",
        error: domainError("Forbidden", "ToolConfirmation.NoPerson", "Only a user or an API key can confirm a call."),
      };
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + CONFIRMATION_MINUTES * 60_000);
    const token = newToolConfirmationToken(deps.randomBytes);
    await deps.db.stores.toolConfirmations.add({
      tokenHash: hashToolConfirmationToken(token),
      clientId: call.scope.clientId,
      organisationId: call.scope.organisationId,
      principal,
      via: call.actor.via ?? "mcp",
      tool: t.name,
      input,
      ...preview.right,
      createdAt: now,
      expiresAt,
      usedAt: null,
    });
    return {
      kind: "confirmation",
      confirmation: { token, tool: t.name, ...preview.right, expiresAt: expiresAt.toISOString() },
    };
  };

  return {
    /** The tools the credential may use, in catalogue order. */
    list: (auth: RequestAuth): readonly ToolListing[] =>
      catalogue
        .filter((t) => allowed(auth, t))
        .flatMap((t) => {
          const listed = listings.get(t.name);
          return listed === undefined ? [] : [listed];
        }),

    /**
     * Runs a tool as `call` (a hidden or unknown tool answers `Tool.NotFound`); a tool that needs a person answers
     * a confirmation instead, whatever the arguments say.
     */
    call: async (call: ToolCall, name: string, args: unknown): Promise<ToolOutcome> => {
      const t = catalogue.find((c) => c.name === name);
      if (t === undefined || !allowed(call.auth, t))
        return { kind: "failed", error: notFound("Tool.NotFound", `There is no tool named ${name}.`) };
      const given: unknown = args ?? {};
      const input =
        t.preview !== undefined && typeof given === "object" && given !== null && !Array.isArray(given)
          ? Object.fromEntries(
              Object.entries(given).filter(([k]) => !(SELF_CONFIRMATION as readonly string[]).includes(k)),
            )
          : given;
      const decoded = decode(t.input, input, "arguments");
      if (E.isLeft(decoded)) return { kind: "failed", error: decoded.left };
      if (t.preview !== undefined) return awaitPerson(call, t, decoded.right);
      const result = await runTool(t, call, decoded.right);
      return E.isLeft(result) ? { kind: "failed", error: result.left } : { kind: "done", value: result.right };
    },

    /**
     * A person confirms a call with the token their client was given, at the door it was asked through (`via`):
     * the same user or key that asked, in the same organisation, acting as the tool's role still. Another's token answers like a missing one; a used one
     * `ToolConfirmation.Used`, an old one `ToolConfirmation.Expired` (409). The token is spent before the tool runs,
     * so a failure of the tool spends it too.
     */
    confirm: async (
      call: ToolCall,
      via: "mcp" | "agent",
      token: string,
    ): Promise<E.Either<DomainError, ConfirmedCall>> => {
      const principal = ownerOf(call.actor);
      const found = await deps.db.stores.toolConfirmations.ofHash(call.scope, hashToolConfirmationToken(token));
      if (
        found === undefined ||
        found.via !== via ||
        principal === undefined ||
        found.principal.type !== principal.type ||
        found.principal.id !== principal.id
      )
        return E.left(missingConfirmation());
      const t = catalogue.find((c) => c.name === found.tool);
      if (t === undefined) return E.left(missingConfirmation());
      if (!allowed(call.auth, t))
        return E.left(
          domainError(
            "Forbidden",
            "ToolConfirmation.RoleMissing",
            `You may no longer use ${t.name} in this organisation, so this call cannot be confirmed.`,
          ),
        );
      if (found.usedAt !== null)
        return E.left(conflict("ToolConfirmation.Used", "This call was already confirmed; a token works once."));
      const now = deps.clock.now();
      if (found.expiresAt.getTime() <= now.getTime())
        return E.left(
          conflict(
            "ToolConfirmation.Expired",
            `This call waited more than ${CONFIRMATION_MINUTES} minutes for confirmation; ask for it again.`,
          ),
        );
      const input = decode(t.input, found.input, "arguments");
      if (E.isLeft(input)) return input;
      if (!(await deps.db.stores.toolConfirmations.markUsed(call.scope, found.tokenHash, now)))
        return E.left(conflict("ToolConfirmation.Used", "This call was already confirmed; a token works once."));
      const result = await runTool(t, call, input.right);
      return E.map((value: unknown) => ({ tool: t.name, result: value }))(result);
    },
  };
};

export type ToolRunner = ReturnType<typeof toolRunner>;
