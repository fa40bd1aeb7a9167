import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { codedError } from "./failure.js";

/**
 * An object codec that refuses members it does not name (io-ts's `t.type` lets them through). For shapes the
 * spec closes, such as "`matchGroup` with only `id`, `billId`, `status`".
 * Example: `closedType({ billId: Uuid })` accepts `{billId}` and refuses `{billId, extra}`.
 */
export const closedType = <P extends t.Props, O extends t.Props = Record<never, t.Mixed>>(
  required: P,
  optional?: O,
  name?: string,
): t.Type<
  t.TypeOf<t.TypeC<P>> & t.TypeOf<t.PartialC<O>>,
  t.OutputOf<t.TypeC<P>> & t.OutputOf<t.PartialC<O>>,
  unknown
> => {
  const base = t.intersection([t.type(required), t.partial(optional ?? ({} as O))]);
  const allowed = new Set([...Object.keys(required), ...Object.keys(optional ?? {})]);
  const extra = (u: object): string[] => Object.keys(u).filter((k) => !allowed.has(k));
  return new t.Type(
    name ?? `Closed<${[...allowed].join(", ")}>`,
    (u): u is t.TypeOf<typeof base> => base.is(u) && extra(u).length === 0,
    (u, c) =>
      E.chain((a: t.TypeOf<typeof base>) => {
        const strangers = extra(u as object);
        if (strangers.length === 0) return t.success(a);
        const values = u as Record<string, unknown>;
        return t.failures<t.TypeOf<typeof base>>(
          strangers.map((key) =>
            codedError(
              values[key],
              [...c, { key, type: t.never, actual: values[key] }],
              "unknown_field",
              "is not a known field",
            ),
          ),
        );
      })(base.validate(u, c)),
    base.encode,
  );
};
