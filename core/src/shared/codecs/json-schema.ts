import * as t from "io-ts";

/** A JSON Schema (2020-12, the dialect OpenAPI 3.1 and MCP tool input schemas use). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * What a codec's schema is, for codecs whose structure io-ts cannot show (built with `new t.Type`, such as
 * `Uuid` or `closedType`) or whose checks it cannot show (a brand's pattern or length). A function is given
 * the generator so that a composite codec can describe its members.
 */
export type SchemaAnnotation = JsonSchema | ((toSchema: (codec: t.Mixed) => JsonSchema) => JsonSchema);

const annotations = new WeakMap<object, SchemaAnnotation>();

/**
 * Attaches a schema to `codec` and answers the same codec. For a codec io-ts can take apart (a brand, a
 * refinement, `t.type`), the annotation is laid over the derived schema: `withSchema(Sku, { maxLength: 100 })`
 * on `t.brand(t.string, ...)` gives `{type: "string", maxLength: 100}`. For one it cannot, the annotation is the
 * whole schema. Example: `withSchema(Uuid, { type: "string", format: "uuid" })`.
 */
export const withSchema = <C extends t.Any>(codec: C, schema: SchemaAnnotation): C => {
  annotations.set(codec, schema);
  return codec;
};

/**
 * The same codec, documented: `extra` (a description, a default, a bound the codec checks in code) laid over
 * its schema. A new codec is answered, so a shared one (`Uuid`) keeps its own schema everywhere else.
 * Example: `documented(t.readonlyArray(Uuid), { description: "Empty: every supplier." })`.
 */
export const documented = <C extends t.Mixed>(codec: C, extra: JsonSchema): C => {
  const copy = new t.Type(codec.name, codec.is, codec.validate, codec.encode) as unknown as C;
  return withSchema(copy, (toSchema) => ({ ...toSchema(codec), ...extra }));
};

/** A codec the generator cannot describe: an unannotated custom `t.Type`, or a recursive codec's loop. */
export class UndescribedCodecError extends Error {
  constructor(
    readonly codecName: string,
    why: string,
  ) {
    super(`cannot write a JSON Schema for codec ${codecName}: ${why}`);
    this.name = "UndescribedCodecError";
  }
}

// The structural codec kinds of io-ts 2.2, by their `_tag`.
type Structural =
  | t.StringType
  | t.NumberType
  | t.BooleanType
  | t.NullType
  | t.UnknownType
  | t.AnyType
  | t.LiteralType<string | number | boolean>
  | t.KeyofType<Record<string, unknown>>
  | t.ArrayType<t.Mixed>
  | t.ReadonlyArrayType<t.Mixed>
  | t.ReadonlyType<t.Mixed>
  | t.ExactType<t.Mixed>
  | t.InterfaceType<t.Props>
  | t.PartialType<t.Props>
  | t.IntersectionType<t.Mixed[]>
  | t.UnionType<t.Mixed[]>
  | t.RefinementType<t.Mixed>
  | t.DictionaryType<t.Mixed, t.Mixed>
  | t.TupleType<t.Mixed[]>
  | t.RecursiveType<t.Mixed>
  | t.UndefinedType
  | t.VoidType;

const tagOf = (codec: t.Any): string | undefined => (codec as { _tag?: unknown })._tag as string | undefined;

const typeNames = (schema: JsonSchema): readonly string[] | undefined => {
  const type = schema.type;
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? (type as string[]) : undefined;
};

const isOptionalMember = (codec: t.Any): boolean => {
  const tag = tagOf(codec);
  if (tag === "UndefinedType" || tag === "VoidType") return true;
  if (tag === "UnionType") return (codec as t.UnionType<t.Mixed[]>).types.some(isOptionalMember);
  return false;
};

const isObjectSchema = (s: JsonSchema): boolean =>
  s.type === "object" && s.allOf === undefined && s.anyOf === undefined && s.oneOf === undefined;

/** `A | null` written as `type: [A, "null"]` (and `null` in an enum) when A has one type, else `anyOf`. */
const withNull = (schema: JsonSchema): JsonSchema => {
  const types = typeNames(schema);
  if (types === undefined || schema.anyOf !== undefined || schema.allOf !== undefined) {
    return { anyOf: [schema, { type: "null" }] };
  }
  const nullable: Record<string, unknown> = { ...schema, type: types.includes("null") ? types : [...types, "null"] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) nullable.enum = [...schema.enum, null];
  if ("const" in schema) {
    delete nullable.const;
    nullable.enum = [schema.const, null];
  }
  return nullable;
};

/** A union of literals of one type as one `enum`; undefined when the members are anything else. */
const literalEnum = (members: readonly JsonSchema[]): JsonSchema | undefined => {
  const values: unknown[] = [];
  let type: unknown;
  for (const m of members) {
    const keys = Object.keys(m).sort().join(",");
    if (keys !== "const,type" && keys !== "enum,type") return undefined;
    if (type !== undefined && m.type !== type) return undefined;
    type = m.type;
    values.push(...("const" in m ? [m.const] : (m.enum as unknown[])));
  }
  return { type, enum: values };
};

const mergeObjects = (parts: readonly JsonSchema[]): JsonSchema => {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const p of parts) {
    Object.assign(properties, p.properties ?? {});
    for (const r of (p.required as string[] | undefined) ?? []) if (!required.includes(r)) required.push(r);
  }
  const closed = parts.every((p) => p.additionalProperties === false);
  return {
    type: "object",
    ...(required.length > 0 ? { required } : {}),
    properties,
    ...(closed ? { additionalProperties: false } : {}),
  };
};

const objectOf = (props: t.Props, allRequired: boolean, go: (c: t.Mixed) => JsonSchema): JsonSchema => {
  const required = allRequired ? Object.keys(props).filter((k) => !isOptionalMember(props[k] as t.Mixed)) : [];
  const properties = Object.fromEntries(Object.entries(props).map(([k, c]) => [k, go(c)]));
  return { type: "object", ...(required.length > 0 ? { required } : {}), properties };
};

const structural = (codec: Structural, go: (c: t.Mixed) => JsonSchema): JsonSchema | undefined => {
  switch (codec._tag) {
    case "StringType":
      return { type: "string" };
    case "NumberType":
      return { type: "number" };
    case "BooleanType":
      return { type: "boolean" };
    case "NullType":
      return { type: "null" };
    case "UnknownType":
    case "AnyType":
      return {};
    case "LiteralType":
      return { type: codec.value === null ? "null" : typeof codec.value, const: codec.value };
    case "KeyofType":
      return { type: "string", enum: Object.keys(codec.keys) };
    case "ArrayType":
    case "ReadonlyArrayType":
      return { type: "array", items: go(codec.type) };
    case "ReadonlyType":
      return go(codec.type);
    case "ExactType": {
      // t.exact and t.strict: members the codec does not name are not part of the value.
      const inner = go(codec.type);
      return isObjectSchema(inner) ? { ...inner, additionalProperties: false } : inner;
    }
    case "InterfaceType":
      return objectOf(codec.props, true, go);
    case "PartialType":
      return objectOf(codec.props, false, go);
    case "IntersectionType": {
      const parts = codec.types.map(go);
      return parts.every(isObjectSchema) ? mergeObjects(parts) : { allOf: parts };
    }
    case "UnionType": {
      const present = codec.types.filter((c) => !["NullType", "UndefinedType", "VoidType"].includes(tagOf(c) ?? ""));
      const hasNull = codec.types.some((c) => tagOf(c) === "NullType");
      const members = present.map(go);
      const one = members.length === 1 ? members[0] : (literalEnum(members) ?? { anyOf: members });
      if (one === undefined) return { type: "null" };
      return hasNull ? withNull(one) : one;
    }
    case "RefinementType":
      // A refinement's predicate is code, not schema: the base type is what can be said (annotate for more).
      return codec === (t.Int as unknown) || codec.name === "Int" ? { type: "integer" } : go(codec.type);
    case "DictionaryType":
      return { type: "object", additionalProperties: go(codec.codomain) };
    case "TupleType":
      return {
        type: "array",
        prefixItems: codec.types.map(go),
        minItems: codec.types.length,
        maxItems: codec.types.length,
      };
    case "RecursiveType":
      return go(codec.type);
    default:
      return undefined; // UndefinedType, VoidType, and custom t.Type codecs (no `_tag`)
  }
};

/**
 * The JSON Schema of an io-ts codec: what the codec accepts, as far as a schema can say it. Structural codecs
 * (`t.type`, `t.partial`, `t.intersection`, `t.union`, `t.literal`, `t.keyof`, arrays, `t.readonly`,
 * `t.exact`/`t.strict`, `t.Int`, refinements and brands) are taken apart; `t.union([X, t.null])` is X's type
 * plus `"null"`; codecs built with `new t.Type` must carry a schema (`withSchema`), else this throws
 * `UndescribedCodecError`, so a new codec cannot silently document as "anything".
 *
 * Example: `toJsonSchema(t.type({ id: Uuid }))` is
 * `{type: "object", required: ["id"], properties: {id: {type: "string", format: "uuid"}}}`.
 */
export const toJsonSchema = (codec: t.Mixed): JsonSchema => {
  const visiting = new Set<t.Any>();
  const go = (c: t.Mixed): JsonSchema => {
    if (visiting.has(c))
      throw new UndescribedCodecError(c.name, "it refers to itself (recursive codecs are not supported)");
    visiting.add(c);
    try {
      const annotation = annotations.get(c);
      if (typeof annotation === "function") return annotation(go);
      const derived = structural(c as unknown as Structural, go);
      if (annotation !== undefined) return { ...(derived ?? {}), ...annotation };
      if (derived === undefined) {
        const tag = tagOf(c);
        throw new UndescribedCodecError(
          c.name,
          tag === undefined
            ? "it is a custom t.Type without a schema (attach one with withSchema)"
            : `${tag} has no JSON Schema form`,
        );
      }
      return derived;
    } finally {
      visiting.delete(c);
    }
  };
  return go(codec);
};
