// Every answer the HTTP suites get is held to its operation's response in the served OpenAPI document: a view
// that drifts from its schema (or a status the document does not list) fails the test that received it.
import { appendFileSync } from "node:fs";
import { request } from "node:http";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

/** What the check needs of an answer. */
export interface CheckedAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly json: unknown;
}

type Json = Record<string, unknown>;
type Document = Json & { readonly paths: Record<string, Record<string, Json>> };

// ajv-formats is CommonJS with a default export; under ESM the function may sit one level down.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** A document's operations, each with the matcher of its path template. */
interface Operation {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly literals: number;
  readonly object: Json;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

const operationsOf = (doc: Document): readonly Operation[] =>
  Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, object]) => {
        const segments = template.split("/");
        const pattern = new RegExp(
          `^${segments.map((s) => (/^\{[^}]+\}$/.test(s) ? "[^/]+" : escapeRegExp(s))).join("/")}$`,
        );
        return {
          method: method.toUpperCase(),
          template,
          pattern,
          literals: segments.filter((s) => !s.startsWith("{")).length,
          object: object as Json,
        };
      }),
  );

const pointerPart = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

/** A checker of answers against one OpenAPI 3.1 document. */
export interface ResponseChecker {
  /**
   * What is wrong with `answer` to `method path` (empty: it agrees with the document); undefined when the
   * document has no operation for the request (an unknown route is the server's own 404).
   */
  problems(
    method: string,
    path: string,
    answer: CheckedAnswer,
  ): { operationId: string; problems: string[] } | undefined;
}

const DOCUMENT_ID = "apar:openapi";

/** Builds the checker of a document: operations found by method and path template, bodies by JSON Schema 2020-12. */
export const responseChecker = (doc: Document): ResponseChecker => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  for (const opaque of ["binary", "csv", "ubl", "102"]) ajv.addFormat(opaque, true);
  ajv.addSchema({ ...doc, $id: DOCUMENT_ID });
  const operations = [...operationsOf(doc)].sort((a, b) => b.literals - a.literals);
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (pointer: string) => {
    let v = validators.get(pointer);
    if (v === undefined) {
      v = ajv.compile({ $ref: `${DOCUMENT_ID}#${encodeURI(pointer)}` });
      validators.set(pointer, v);
    }
    return v;
  };
  return {
    problems(method, path, answer) {
      // 414 and 431 come from the HTTP parser, before any route is chosen: no operation's answers.
      if (answer.status === 414 || answer.status === 431) return undefined;
      const bare = path.split("?")[0] ?? path;
      const op = operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(bare));
      if (op === undefined) return undefined;
      const operationId = String(op.object.operationId);
      const responses = (op.object.responses ?? {}) as Record<string, Json>;
      const status = String(answer.status);
      const key = responses[status] === undefined ? "default" : status;
      const response = responses[key];
      if (response === undefined) {
        return { operationId, problems: [`status ${status} is not among the documented ${Object.keys(responses)}`] };
      }
      const content = response.content as Record<string, { schema?: Json }> | undefined;
      if (method.toUpperCase() === "HEAD" || answer.status === 204 || answer.status === 304) {
        return { operationId, problems: [] };
      }
      if (content === undefined) {
        return { operationId, problems: answer.text === "" ? [] : [`status ${status} documents no body, got one`] };
      }
      const header = answer.headers["content-type"];
      const mediaType = (Array.isArray(header) ? header[0] : header)?.split(";")[0]?.trim().toLowerCase() ?? "";
      const declared = content[mediaType] === undefined ? undefined : mediaType;
      if (declared === undefined) {
        return {
          operationId,
          problems: [`media type "${mediaType}" is not among the documented ${Object.keys(content)}`],
        };
      }
      if (!JSON_TYPE.test(declared) || content[declared]?.schema === undefined) return { operationId, problems: [] };
      const pointer = [
        "",
        "paths",
        op.template,
        op.method.toLowerCase(),
        "responses",
        key,
        "content",
        declared,
        "schema",
      ]
        .map(pointerPart)
        .join("/");
      const validate = validatorOf(pointer);
      if (validate(answer.json)) return { operationId, problems: [] };
      return {
        operationId,
        problems: (validate.errors ?? []).map(
          (e) =>
            `${e.instancePath || "(body)"} ${e.message ?? "is not valid"} (${e.schemaPath} ${JSON.stringify(e.params)})`,
        ),
      };
    },
  };
};

/** The served document of the server on `port`, read once per server (undefined: it serves none). */
const documents = new Map<number, Promise<ResponseChecker | undefined>>();

const fetchDocument = (port: number): Promise<ResponseChecker | undefined> =>
  new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, method: "GET", path: "/openapi.json", agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        try {
          const doc = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Document;
          resolve(res.statusCode === 200 && typeof doc.paths === "object" ? responseChecker(doc) : undefined);
        } catch {
          resolve(undefined);
        }
      });
      res.on("error", () => resolve(undefined));
    });
    req.on("error", () => resolve(undefined));
    req.end();
  });

/** The operations of which this process has checked an answer (a walk compares them with the document's). */
const checked = new Set<string>();
export const checkedOperations = (): ReadonlySet<string> => checked;

/** Forgets the document of a port (a new server listens there). */
export const forgetDocument = (port: number): void => {
  documents.delete(port);
};

/**
 * Checks an answer of the server on `port` against its served document; throws a description of each
 * disagreement. With `APAR_RESPONSE_CHECK_LOG` set, each checked operation and status is appended to that file.
 */
export const checkAnswer = async (port: number, method: string, path: string, answer: CheckedAnswer): Promise<void> => {
  let checker = documents.get(port);
  if (checker === undefined) {
    checker = fetchDocument(port);
    documents.set(port, checker);
  }
  const result = (await checker)?.problems(method, path, answer);
  if (result === undefined) return;
  checked.add(result.operationId);
  const log = process.env.APAR_RESPONSE_CHECK_LOG;
  if (log !== undefined && log !== "") appendFileSync(log, `${result.operationId} ${answer.status}\n`);
  if (result.problems.length > 0) {
    throw new ResponseDriftError(
      `${method} ${path.length > 200 ? `${path.slice(0, 200)}...` : path} answered ${answer.status}, which disagrees with ${result.operationId} in the OpenAPI document:\n  ${result.problems.join("\n  ")}\nbody: ${answer.text.slice(0, 2000)}`,
    );
  }
};

/** An answer that disagrees with the document. */
export class ResponseDriftError extends Error {
  override readonly name = "ResponseDriftError";
}
