import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createMailer } from "@apar/adapters/mail/index";
import test from "ava";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eventually } from "../../helpers/eventually.js";

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly user: string | undefined;
  readonly raw: Buffer;
}

/** A real SMTP server on loopback that keeps what it receives and counts closed connections. */
const startServer = async (options: { rejectRecipient?: string } = {}) => {
  const received: Received[] = [];
  let closed = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === "apar" && auth.password === "s3cret:pw") done(null, { user: auth.username });
      else done(new Error("bad credentials"));
    },
    onRcptTo(address, _session, done) {
      if (address.address === options.rejectRecipient)
        done(Object.assign(new Error("no such user"), { responseCode: 550 }));
      else done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          raw: Buffer.concat(chunks),
        });
        done();
      });
    },
    onClose() {
      closed += 1;
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    closed: () => closed,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const until = (check: () => boolean): Promise<boolean> => eventually(check, "the condition");

test("delivers a message with an attachment to a real SMTP server", async (t) => {
  const server = await startServer();
  t.teardown(server.stop);
  // The colon in the password is percent-encoded, as a URL requires.
  const mailer = createMailer({
    smtpUrl: `smtp://apar:s3cret%3Apw@127.0.0.1:${server.port}`,
    outboxDir: "/nonexistent",
  });
  t.teardown(() => mailer.close());
  const pdf = new Uint8Array(randomBytes(4096));

  const { messageId } = await mailer.send({
    from: "Billing <billing@acme.test>",
    to: ["ap@customer.test", "cfo@customer.test"],
    subject: "Invoice INV-0042 — März",
    text: "Please find the invoice attached.",
    html: "<p>Please find the invoice attached.</p>",
    headers: { "X-Apar-Invoice": "INV-0042" },
    attachments: [{ filename: "INV-0042.pdf", contentType: "application/pdf", content: pdf }],
  });

  t.is(server.received.length, 1);
  const [got] = server.received;
  if (!got) return t.fail();
  t.is(got.user, "apar");
  t.is(got.from, "billing@acme.test");
  t.deepEqual(got.to, ["ap@customer.test", "cfo@customer.test"]);
  const parsed = await simpleParser(got.raw);
  t.is(parsed.messageId, messageId);
  t.is(parsed.subject, "Invoice INV-0042 — März");
  t.is(parsed.from?.value[0]?.address, "billing@acme.test");
  t.is(parsed.headers.get("x-apar-invoice"), "INV-0042");
  t.is(parsed.text?.trim(), "Please find the invoice attached.");
  t.is(String(parsed.html).trim(), "<p>Please find the invoice attached.</p>");
  t.is(parsed.attachments.length, 1);
  t.is(parsed.attachments[0]?.filename, "INV-0042.pdf");
  t.is(parsed.attachments[0]?.contentType, "application/pdf");
  t.deepEqual(new Uint8Array(parsed.attachments[0]?.content ?? []), pdf);
});

test("reuses a pooled connection and close() ends it", async (t) => {
  const server = await startServer();
  t.teardown(server.stop);
  const mailer = createMailer({
    smtpUrl: `smtp://apar:s3cret%3Apw@127.0.0.1:${server.port}`,
    outboxDir: "/nonexistent",
  });
  const message = { from: "billing@acme.test", to: ["ap@customer.test"], subject: "s", text: "t" };

  await mailer.send(message);
  await mailer.send(message);
  t.is(server.received.length, 2);
  t.is(server.closed(), 0, "the pooled connection stays open between messages");

  await mailer.close();
  t.true(await until(() => server.closed() === 1), "close() closes the pooled connection");
});

test("a rejected recipient fails the send", async (t) => {
  const server = await startServer({ rejectRecipient: "nobody@customer.test" });
  t.teardown(server.stop);
  const mailer = createMailer({
    smtpUrl: `smtp://apar:s3cret%3Apw@127.0.0.1:${server.port}`,
    outboxDir: "/nonexistent",
  });
  t.teardown(() => mailer.close());

  await t.throwsAsync(
    mailer.send({ from: "billing@acme.test", to: ["nobody@customer.test"], subject: "s", text: "t" }),
  );
  t.is(server.received.length, 0);
});

test("wrong credentials fail the send", async (t) => {
  const server = await startServer();
  t.teardown(server.stop);
  const mailer = createMailer({ smtpUrl: `smtp://apar:wrong@127.0.0.1:${server.port}`, outboxDir: "/nonexistent" });
  t.teardown(() => mailer.close());

  await t.throwsAsync(mailer.send({ from: "billing@acme.test", to: ["ap@customer.test"], subject: "s", text: "t" }));
  t.is(server.received.length, 0);
});

test("an SMTP_URL that is not smtp:// or smtps:// is refused at creation without echoing the password", (t) => {
  for (const smtpUrl of ["http://u:hunter2@mail.test", "not a url hunter2", "smtp://"]) {
    const error = t.throws(() => createMailer({ smtpUrl, outboxDir: "/nonexistent" }));
    t.false(error?.message.includes("hunter2") ?? true, smtpUrl);
  }
});
