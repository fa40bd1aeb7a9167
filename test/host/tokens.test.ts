import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Clock, Database } from "@apar/core/ports";
import test from "ava";
import { Container } from "inversify";
import { TOKENS } from "../../host/src/tokens.js";

const hostSrc = resolve(dirname(fileURLToPath(import.meta.url)), "../../host/src");
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

test("a lookup's type comes from its token: a wrong type does not compile", (t) => {
  const container = new Container();
  const clock: Clock = { now: () => new Date(0) };
  container.bind(TOKENS.Clock).toConstantValue(clock);
  // @ts-expect-error a Clock is not bound under the Database token
  container.bind(TOKENS.Database).toConstantValue(clock);
  t.is(container.get(TOKENS.Clock).now().getTime(), 0);
  // @ts-expect-error the Clock token resolves to a Clock, not a Database
  const wrong: Database = container.get<Database>(TOKENS.Clock);
  t.is(wrong, clock as unknown as Database, "at run time the token is a registered symbol like any other");
});

/** What only tokens.ts may do: make a symbol, declare a token object, or name a lookup's type by hand. */
const OWN_TOKENS = /Symbol\.for\(|\bconst [A-Z_]*TOKENS\s*=|\.(?:get|getAsync|getAll|getAllAsync)<|\bbind</;

test("every token is a distinct registered symbol, declared in tokens.ts alone", (t) => {
  const symbols = Object.values(TOKENS) as unknown[];
  t.true(symbols.every((s) => typeof s === "symbol" && Symbol.keyFor(s)?.startsWith("apar.")));
  t.is(new Set(symbols).size, symbols.length);
  const elsewhere = sourceFiles(hostSrc)
    .filter((file) => !file.endsWith("/tokens.ts") && OWN_TOKENS.test(readFileSync(file, "utf8")))
    .map((file) => relative(hostSrc, file));
  t.deepEqual(elsewhere, []);
  for (const text of [
    'export const BILL_TOKENS = { JobDeps: Symbol.for("apar.BillJobDeps") };',
    "const clock = ctx.get<Clock>(TOKENS.Clock);",
    "bind<Clock>(TOKENS.Clock).toConstantValue(systemClock);",
  ])
    t.true(OWN_TOKENS.test(text), `the rule sees: ${text}`);
  t.false(OWN_TOKENS.test('name: "APAR_AGENT_MAX_TOKENS", clock: ctx.get(TOKENS.Clock)'));
});
