import { PassThrough, Readable } from "node:stream";
import { brotliCompressSync, createGunzip, deflateSync, gzipSync } from "node:zlib";
import { type BodyRules, readBody } from "@apar/adapters/http/index";
import { nestsDeeperThan } from "@apar/adapters/http/json-depth";
import { isDomainError } from "@apar/core";
import test from "ava";
import { gzipBomb } from "./support/client.js";

const rules: BodyRules = { maxBytes: 64 * 1024, mediaType: "application/json", required: true };

/** A request-like stream carrying `body` with these headers. */
const request = (body: Buffer, headers: Record<string, string>) => {
  const stream = Object.assign(new PassThrough(), {
    headers: { "content-length": String(body.length), ...headers },
  });
  stream.end(body);
  return stream;
};

const json = Buffer.from('{"amount":"12.50"}');

for (const [encoding, encode] of [
  ["gzip", gzipSync],
  ["deflate", deflateSync],
  ["br", brotliCompressSync],
  ["identity", (b: Buffer) => b],
] as const) {
  test(`reads a ${encoding} JSON body`, async (t) => {
    const body = await readBody(
      request(encode(json), { "content-type": "application/json", "content-encoding": encoding }),
      rules,
    );
    t.deepEqual(body, { raw: json, json: { amount: "12.50" } });
  });
}

test("a corrupt gzip body is a 400 Request.MalformedBody", async (t) => {
  const body = await readBody(
    request(Buffer.from("not gzip at all"), { "content-type": "application/json", "content-encoding": "gzip" }),
    rules,
  );
  t.true(isDomainError(body));
  t.like(body, { kind: "BadRequest", code: "Request.MalformedBody" });
});

test("a raw route keeps the bytes and does not parse them", async (t) => {
  const bytes = Buffer.from("From: a@example.org\r\n\r\nhello");
  const body = await readBody(request(bytes, { "content-type": "message/rfc822" }), {
    ...rules,
    mediaType: "message/rfc822",
  });
  t.deepEqual(body, { raw: bytes, json: undefined });
});

test("an optional body may be absent", async (t) => {
  const stream = Object.assign(new PassThrough(), { headers: {} });
  stream.end();
  t.deepEqual(await readBody(stream, { ...rules, required: false }), { raw: Buffer.alloc(0), json: undefined });
});

test("a gzip bomb stops at the limit: far less work than inflating it", async (t) => {
  const bomb = gzipBomb(300);
  // The bomb as a client streams it (chunked, no length to judge by), 1 KiB at a time (each about 1 MiB
  // inflated), counting what is read.
  let sent = 0;
  const wire = Object.assign(
    new Readable({
      highWaterMark: 1024,
      read() {
        const piece = bomb.subarray(sent, sent + 1024);
        sent += piece.length;
        this.push(piece.length > 0 ? piece : null);
      },
    }),
    { headers: { "content-type": "application/json", "content-encoding": "gzip", "transfer-encoding": "chunked" } },
  );
  const body = await readBody(wire, rules);
  t.like(body, { kind: "TooLarge", code: "Request.TooLarge" });
  // Work is counted in bytes, not milliseconds: reading stopped at the limit (give or take the piece read
  // ahead), a fifth of the bomb, and the decoder was dropped there.
  t.true(sent <= rules.maxBytes + 4 * 1024, `read ${sent} of ${bomb.length} bytes`);
  t.true(sent * 4 < bomb.length, `read ${sent} of ${bomb.length} bytes`);
  t.true(wire.isPaused(), "the rest is left unread");
  const inflated = await new Promise<number>((resolve, reject) => {
    let total = 0;
    createGunzip()
      .on("data", (c: Buffer) => {
        total += c.length;
      })
      .on("end", () => resolve(total))
      .on("error", reject)
      .end(bomb);
  });
  t.is(inflated, 300 * 1024 * 1024, "inflating it all would have made 300 MiB");
});

/** `{"<member>": [[[...]]], ...rest}` with `depth` levels in all, written as text (no recursion builds it). */
const deep = (member: string, depth: number, rest = ""): Buffer =>
  Buffer.from(`{${rest}"${member}":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`);

test("nesting is counted outside strings only, escapes included", (t) => {
  t.false(nestsDeeperThan(Buffer.from('{"a":[1,{"b":"[[[[[[[["}]}'), 3));
  t.true(nestsDeeperThan(Buffer.from('{"a":[1,{"b":[]}]}'), 3));
  t.false(nestsDeeperThan(Buffer.from('{"a":"\\"[[[[","b":{}}'), 2));
  t.false(nestsDeeperThan(Buffer.from('{"é[":"ü{{{{"}'), 1));
  t.true(nestsDeeperThan(deep("x", 65), 64));
  t.false(nestsDeeperThan(deep("x", 64), 64));
});

test("a body nested deeper than the limit is a 400 Request.TooDeep", async (t) => {
  const body = await readBody(request(deep("x", 65), { "content-type": "application/json" }), rules);
  t.like(body, { kind: "BadRequest", code: "Request.TooDeep" });
  t.like(await readBody(request(deep("x", 64), { "content-type": "application/json" }), rules), { raw: deep("x", 64) });
});
