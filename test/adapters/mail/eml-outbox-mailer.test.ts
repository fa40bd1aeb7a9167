import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMailer } from "@apar/adapters/mail/index";
import test from "ava";
import { simpleParser } from "mailparser";

const tempDir = async (t: { teardown: (fn: () => Promise<void>) => void }): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), "apar-outbox-"));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

test("writes a parsable .eml file with the attachment, creating the outbox folder", async (t) => {
  const outboxDir = join(await tempDir(t), "data", "outbox");
  const mailer = createMailer({ outboxDir });
  const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255, 13, 10, 46]);

  const { messageId } = await mailer.send({
    from: "billing@acme.test",
    to: ["ap@customer.test"],
    subject: "Remittance advice",
    text: "Paid in full.\n",
    headers: { "X-Apar-Payment": "PAY-7" },
    attachments: [{ filename: "remittance.csv", contentType: "text/csv", content: bytes }],
  });
  await mailer.close();

  const files = await readdir(outboxDir);
  t.is(files.length, 1);
  const [file] = files;
  if (!file) return t.fail();
  t.regex(file, /^\d{8}T\d{9}Z-\d{6}-.+\.eml$/);
  t.true(file.includes(messageId.replace(/^<|>$/g, "")), "the file name carries the message id");
  const raw = await readFile(join(outboxDir, file));
  t.true(raw.includes("\r\n"), "CRLF line endings as RFC 5322 asks");
  const parsed = await simpleParser(raw);
  t.is(parsed.messageId, messageId);
  t.truthy(parsed.date);
  t.is(parsed.subject, "Remittance advice");
  t.is(parsed.from?.value[0]?.address, "billing@acme.test");
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  t.is(to?.value[0]?.address, "ap@customer.test");
  t.is(parsed.headers.get("x-apar-payment"), "PAY-7");
  t.is(parsed.text?.trim(), "Paid in full.");
  t.is(parsed.attachments[0]?.filename, "remittance.csv");
  t.deepEqual(new Uint8Array(parsed.attachments[0]?.content ?? []), bytes);
});

test("file names sort in sending order and no temp files are left", async (t) => {
  const outboxDir = await tempDir(t);
  const mailer = createMailer({ outboxDir, defaultFrom: "noreply@acme.test" });

  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    ids.push((await mailer.send({ from: "", to: ["ap@customer.test"], subject: `n${i}`, text: "t" })).messageId);
  }

  const files = (await readdir(outboxDir)).sort();
  t.is(files.length, 5);
  t.true(files.every((f) => f.endsWith(".eml") && !f.startsWith(".")));
  const subjects = await Promise.all(
    files.map(async (f) => (await simpleParser(await readFile(join(outboxDir, f)))).subject),
  );
  t.deepEqual(subjects, ["n0", "n1", "n2", "n3", "n4"]);
  const first = await simpleParser(await readFile(join(outboxDir, files[0] ?? "")));
  t.is(first.from?.value[0]?.address, "noreply@acme.test", "defaultFrom fills an empty sender");
  t.is(new Set(ids).size, 5);
});

test("a message without sender and without default sender is refused", async (t) => {
  const outboxDir = await tempDir(t);
  const mailer = createMailer({ outboxDir });

  await t.throwsAsync(mailer.send({ from: "", to: ["ap@customer.test"], subject: "s", text: "t" }), {
    message: /no sender/,
  });
  t.deepEqual(await readdir(outboxDir), []);
});
