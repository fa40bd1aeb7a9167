import type { FieldError } from "@apar/core";
import type { JsonSchema } from "./route.js";

/**
 * Request bodies are closed: a member the route's schema does not declare is a 400, never silently ignored
 * (a client's typo must not answer 200 and change nothing). The rule reads the route's own request schema, so
 * the document (`additionalProperties: false`, see `closedSchema`) and the check cannot disagree.
 *
 * An object schema is closed when it lists `properties` and does not say `additionalProperties`; schemas
 * that choose between alternatives (`oneOf`, `anyOf`) are left to the route's codec. An object whose codec
 * closes it itself (`closedType`, `additionalProperties: false` in the generated schema) reports its own
 * strangers together with its other errors; its members are still looked into here.
 */
const isClosedObject = (schema: JsonSchema): schema is JsonSchema & { properties: Record<string, JsonSchema> } =>
  typeof schema.properties === "object" &&
  schema.properties !== null &&
  schema.additionalProperties === undefined &&
  schema.oneOf === undefined &&
  schema.anyOf === undefined;

const itemsOf = (schema: JsonSchema): JsonSchema | undefined =>
  typeof schema.items === "object" && schema.items !== null && !Array.isArray(schema.items)
    ? (schema.items as JsonSchema)
    : undefined;

const isPlainObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u);

/** The members of `value` (at any depth) that `schema` does not declare, as field errors. */
export const unknownMembers = (schema: JsonSchema, value: unknown, path = ""): FieldError[] => {
  const at = (key: string) => (path === "" ? key : `${path}.${key}`);
  if (Array.isArray(value)) {
    const items = itemsOf(schema);
    return items === undefined ? [] : value.flatMap((v, i) => unknownMembers(items, v, at(String(i))));
  }
  if (!isPlainObject(value)) return [];
  const closedByCodec = isCodecClosed(schema);
  if (!isClosedObject(schema) && !closedByCodec) return [];
  const properties = schema.properties as Record<string, JsonSchema>;
  return Object.entries(value).flatMap(([key, v]) => {
    const member = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (member !== undefined) return unknownMembers(member, v, at(key));
    return closedByCodec ? [] : [{ field: at(key), code: "unknown_field", message: `${at(key)} is not a known field` }];
  });
};

/** An object the codec closes itself (its strangers come back with its other field errors). */
const isCodecClosed = (schema: JsonSchema): boolean =>
  typeof schema.properties === "object" &&
  schema.properties !== null &&
  schema.additionalProperties === false &&
  schema.oneOf === undefined &&
  schema.anyOf === undefined;

/** The schema as the document shows it: every object `unknownMembers` closes says `additionalProperties: false`. */
export const closedSchema = (schema: JsonSchema): JsonSchema => {
  const items = itemsOf(schema);
  const withItems = items === undefined ? schema : { ...schema, items: closedSchema(items) };
  if (!isClosedObject(withItems)) return withItems;
  return {
    ...withItems,
    properties: Object.fromEntries(Object.entries(withItems.properties).map(([k, v]) => [k, closedSchema(v)])),
    additionalProperties: false,
  };
};
