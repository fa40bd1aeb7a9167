import { createHmac, timingSafeEqual } from "node:crypto";
import * as E from "fp-ts/lib/Either.js";
import { PERMISSIONS, permits, rolesOf, toolOperation } from "../../auth/permissions.js";
import type { RequestAuth } from "../../auth/principal.js";
import type { Clock } from "../../shared/clock.js";
import { decode } from "../../shared/codecs/field-errors.js";
import { type JsonSchema, toJsonSchema } from "../../shared/codecs/json-schema.js";
import { type DomainError, domainError, isDomainError, notFound } from "../../shared/errors.js";
import type { Module } from "../../tenancy/model.js";
import { hasModule } from "../../tenancy/rules.js";
import type { AnyTool, ToolCall } from "./tool.js";

/** How long a preview's confirmation token can be used. */
export const CONFIRMATION_MINUTES = 10;

/** A tool as a client lists it: the input schema is always an object (MCP's `inputSchema`). */
export interface ToolListing {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly readOnly: boolean;
  /** The module the client's plan must include (an agent offers the tools of its own side). */
  readonly module: Module;
  /** Sends mail or moves money: acts only when called again with `confirm: true` and the preview's token. */
  readonly needsConfirmation: boolean;
}

/** What a call came to: the tool's result, a preview to confirm, or a failure (the tool's own, for the model). */
export type ToolOutcome =
  | { readonly kind: "done"; readonly value: unknown }
  | {
      readonly kind: "preview";
      readonly preview: string;
      readonly confirmationToken: string;
      readonly expiresAt: string;
    }
  | { readonly kind: "failed"; readonly error: DomainError };

const CONFIRM_MEMBERS = {
  confirm: { type: "boolean", description: "true to act, with the confirmationToken of the preview." },
  confirmationToken: { type: "string", description: "The token the preview answered." },
} as const;

/** The input schema of a tool, with the confirmation members on tools that need them. */
const schemaOf = (t: AnyTool): JsonSchema => {
  const schema = toJsonSchema(t.input);
  if (t.preview === undefined) return schema;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return { ...schema, properties: { ...properties, ...CONFIRM_MEMBERS } };
};

/** Sorted-key JSON, so the same input always signs the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * The tools a credential may see and call: its client's plan includes the tool's module and the permissions table
 * lets its roles use the tool (`tool:<name>`: a Member does not see approve_bill). Calls are decoded by the tool's
 * codec; tools that send mail or
 * move money answer a preview with a token bound to the tool, the input, the credential and the organisation, and
 * act only when called again with `confirm: true` and that token within CONFIRMATION_MINUTES.
 */
export const toolRunner = (catalogue: readonly AnyTool[], deps: { clock: Clock; confirmationKey: Uint8Array }) => {
  const listings = new Map(
    catalogue.map((t) => [
      t.name,
      {
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: schemaOf(t),
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
  const mac = (call: ToolCall, name: string, input: unknown, expires: number): Buffer =>
    createHmac("sha256", deps.confirmationKey)
      .update(
        canonical([
          name,
          call.actor.type,
          call.actor.id,
          call.scope.clientId,
          call.scope.organisationId,
          input,
          expires,
        ]),
      )
      .digest();
  const tokenFor = (call: ToolCall, name: string, input: unknown, expires: number): string =>
    `${expires}.${mac(call, name, input, expires).toString("base64url")}`;
  const tokenHolds = (call: ToolCall, name: string, input: unknown, token: unknown): boolean => {
    if (typeof token !== "string") return false;
    const [at, signature] = token.split(".");
    const expires = Number(at);
    if (!Number.isSafeInteger(expires) || expires < deps.clock.now().getTime() || signature === undefined) return false;
    const expected = mac(call, name, input, expires);
    const given = Buffer.from(signature, "base64url");
    return given.length === expected.length && timingSafeEqual(given, expected);
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

    /** Runs a tool as `call` (a hidden or unknown tool answers `Tool.NotFound`). */
    call: async (call: ToolCall, name: string, args: unknown): Promise<ToolOutcome> => {
      const t = catalogue.find((c) => c.name === name);
      if (t === undefined || !allowed(call.auth, t))
        return { kind: "failed", error: notFound("Tool.NotFound", `There is no tool named ${name}.`) };
      // A tool that confirms takes two members beside its input: they are read here, the rest is its input.
      const given: unknown = args ?? {};
      const { confirm, confirmationToken, ...rest } =
        t.preview !== undefined && typeof given === "object" && given !== null && !Array.isArray(given)
          ? (given as Record<string, unknown>)
          : {};
      const decoded = decode(t.input, t.preview === undefined ? given : rest, "arguments");
      if (E.isLeft(decoded)) return { kind: "failed", error: decoded.left };
      if (t.preview !== undefined) {
        if (confirm !== true) {
          const preview = await t.preview(call, decoded.right);
          if (E.isLeft(preview)) return { kind: "failed", error: preview.left };
          const expires = deps.clock.now().getTime() + CONFIRMATION_MINUTES * 60_000;
          return {
            kind: "preview",
            preview: preview.right,
            confirmationToken: tokenFor(call, name, decoded.right, expires),
            expiresAt: new Date(expires).toISOString(),
          };
        }
        if (!tokenHolds(call, name, decoded.right, confirmationToken))
          return {
            kind: "failed",
            error: domainError(
              "BadRequest",
              "Tool.ConfirmationInvalid",
              "confirm: true needs the confirmationToken of a preview of this same call, made by you in the last 10 minutes; call without confirm to get one.",
            ),
          };
      }
      // A store may refuse by throwing a DomainError (a list filter too broad to scan): the tool's failure.
      const result = await t.run(call, decoded.right).catch((e: unknown) => {
        if (isDomainError(e)) return E.left(e);
        throw e;
      });
      return E.isLeft(result) ? { kind: "failed", error: result.left } : { kind: "done", value: result.right };
    },
  };
};

export type ToolRunner = ReturnType<typeof toolRunner>;
