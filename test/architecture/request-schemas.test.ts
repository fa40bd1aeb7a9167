import type { RouteDef } from "@apar/adapters/http/index";
import { toJsonSchema } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { pino } from "pino";
import { loadConfig } from "../../host/src/config.js";
import { buildContainer } from "../../host/src/container.js";
import { TOKENS } from "../../host/src/tokens.js";

// A JSON request body is stated once: as the io-ts codec its handler decodes it with (core/src/app/<domain>/
// inputs.ts), with the document's schema generated from it (`jsonBody`). A hand-written request schema is a
// second statement nothing checks against the first, so this test refuses one.

const isJson = (mediaType: string | undefined): boolean =>
  mediaType === undefined || mediaType === "application/json" || /\+json$/.test(mediaType);

/** The routes whose JSON body schema is not generated from the codec they declare. */
const handWritten = (routes: readonly RouteDef[]): string[] =>
  routes
    .filter((r) => r.requestBody !== undefined && isJson(r.requestBody.mediaType))
    .filter((r) => {
      const body = r.requestBody;
      if (body?.codec === undefined) return true;
      return JSON.stringify(body.schema) !== JSON.stringify(toJsonSchema(body.codec));
    })
    .map((r) => `${r.method} ${r.path}`);

const routes = (): readonly RouteDef[] => {
  const config = loadConfig({ ...process.env, APAR_LOG_LEVEL: "silent" });
  if (E.isLeft(config)) throw new Error(config.left.join("; "));
  return buildContainer(config.right, pino({ level: "silent" })).get(TOKENS.Routes);
};

test("every JSON request body's schema is generated from the codec its route decodes with", (t_) => {
  const all = routes();
  t_.deepEqual(handWritten(all), []);
  // The rule has something to look at: most JSON bodies of the app (45 today) are generated.
  t_.true(all.filter((r) => r.requestBody?.codec !== undefined).length >= 40);
});

test("the rule sees a hand-written schema, and a schema that differs from its codec (it can fail)", (t_) => {
  const base = {
    method: "POST",
    operationId: "x",
    summary: "x",
    tags: ["x"],
    responses: {},
    handler: async () => ({ status: 204 }),
  } as const;
  const Body = t.type({ name: t.string });
  const written: RouteDef = { ...base, path: "/written", requestBody: { schema: { type: "object" } } };
  const drifted: RouteDef = { ...base, path: "/drifted", requestBody: { codec: Body, schema: { type: "object" } } };
  const generated: RouteDef = {
    ...base,
    path: "/generated",
    requestBody: { codec: Body, schema: toJsonSchema(Body) },
  };
  const binary: RouteDef = {
    ...base,
    path: "/binary",
    requestBody: { mediaType: "message/rfc822", schema: { type: "string", format: "binary" } },
  };
  t_.deepEqual(handWritten([written, drifted, generated, binary]), ["POST /written", "POST /drifted"]);
});
