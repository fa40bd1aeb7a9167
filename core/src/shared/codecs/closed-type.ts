import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { codedError, failure } from "./failure.js";
import { withSchema } from "./json-schema.js";

type Closed<P extends t.Props, O extends t.Props> = t.TypeOf<t.TypeC<P>> & t.TypeOf<t.PartialC<O>>;
type ClosedOutput<P extends t.Props, O extends t.Props> = t.OutputOf<t.TypeC<P>> & t.OutputOf<t.PartialC<O>>;

/**
 * An object codec that refuses members it does not name (io-ts's `t.type` lets them through). For shapes the
 * spec closes, such as "`matchGroup` with only `id`, `billId`, `status`".
 * Example: `closedType({ billId: Uuid })` accepts `{billId}` and refuses `{billId, extra}`.
 */
export const closedType = <P extends t.Props, O extends t.Props = Record<never, t.Mixed>>(
  required: P,
  optional?: O,
  name?: string,
): t.Type<Closed<P, O>, ClosedOutput<P, O>, unknown> => {
  const req = t.type(required);
  const opt = t.partial(optional ?? ({} as O));
  const allowed = new Set([...Object.keys(required), ...Object.keys(optional ?? {})]);
  const strangers = (u: object): string[] => Object.keys(u).filter((k) => !allowed.has(k));
  const closed = new t.Type<Closed<P, O>, ClosedOutput<P, O>, unknown>(
    name ?? `{ ${[...allowed].join(", ")} }`,
    (u): u is Closed<P, O> => req.is(u) && opt.is(u) && strangers(u).length === 0,
    (u, c) => {
      if (typeof u !== "object" || u === null || Array.isArray(u)) return failure(u, c, "invalid", "must be an object");
      // Both halves validate against the same context, so field paths stay `bill.id`, not `0.bill.id`.
      const a = req.validate(u, c);
      const b = opt.validate(u, c);
      const errors: t.ValidationError[] = [...(E.isLeft(a) ? a.left : []), ...(E.isLeft(b) ? b.left : [])];
      const values = u as Record<string, unknown>;
      for (const key of strangers(u)) {
        const at: t.Context = [...c, { key, type: t.never, actual: values[key] }];
        errors.push(codedError(values[key], at, "unknown_field", "is not a known field"));
      }
      if (E.isLeft(a) || E.isLeft(b) || errors.length > 0) return t.failures(errors);
      // Each half answers the whole object with only its own members decoded: take each member from its half.
      const decoded: Record<string, unknown> = { ...a.right };
      const partial = b.right as Record<string, unknown>;
      for (const key of Object.keys(optional ?? {})) if (key in partial) decoded[key] = partial[key];
      return t.success(decoded as Closed<P, O>);
    },
    (a) => ({ ...req.encode(a), ...opt.encode(a) }) as ClosedOutput<P, O>,
  );
  return withSchema(closed, (toSchema) => {
    const r = toSchema(req);
    return {
      ...r,
      properties: { ...(r.properties ?? {}), ...(toSchema(opt).properties ?? {}) },
      additionalProperties: false,
    };
  });
};
