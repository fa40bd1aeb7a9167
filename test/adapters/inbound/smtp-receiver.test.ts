import { type InboundMessage, startSmtpReceiver } from "@apar/adapters/mail/inbound/index";
import type { Company } from "@apar/core";
import test from "ava";
import nodemailer from "nodemailer";
import { pino } from "pino";

const company = { id: "c1", slug: "acme" } as unknown as Company;

/** A receiver over a stub pipeline that knows `acme@in.example` and keeps what it is given. */
const receiver = async (limits: Partial<Parameters<typeof startSmtpReceiver>[0]>) => {
  const delivered: InboundMessage[] = [];
  const r = await startSmtpReceiver({
    port: 0,
    host: "127.0.0.1",
    maxBytes: 64 * 1024,
    ...limits,
    logger: pino({ level: "silent" }),
    pipeline: {
      isForwardingAddress: (address) => address.toLowerCase().endsWith("@in.example"),
      companyOf: async (address) => (address.toLowerCase() === "acme@in.example" ? company : undefined),
      deliver: async (message) => {
        delivered.push(message);
        return { authentication: {} as never, outcomes: [] };
      },
    },
  });
  return { r, delivered };
};

const sendOne = (port: number, to = "acme@in.example", pool = false) =>
  nodemailer
    .createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true, ...(pool ? { pool: true } : {}) })
    .sendMail({ from: "ap@supplier.example", to, subject: "s", text: "x" })
    .then(
      (info) => Number(info.response.slice(0, 3)),
      (e: { responseCode?: number }) => e.responseCode ?? 0,
    );

test("connections over the per-IP budget get 421; the envelope reaches the pipeline", async (t) => {
  const { r, delivered } = await receiver({ connectionsPerMinute: 2 });
  t.teardown(() => r.close());
  t.deepEqual([await sendOne(r.port), await sendOne(r.port), await sendOne(r.port)], [250, 250, 421]);
  t.is(delivered.length, 2);
  t.like(delivered[0]?.arrival, { ip: "127.0.0.1", envelopeFrom: "ap@supplier.example" });
  t.deepEqual(delivered[0]?.companies, [company]);
});

test("messages over the per-IP budget get 421, even on one connection", async (t) => {
  const { r, delivered } = await receiver({ messagesPerMinute: 1 });
  t.teardown(() => r.close());
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: r.port, ignoreTLS: true, pool: true });
  t.teardown(() => transport.close());
  const one = (subject: string) =>
    transport.sendMail({ from: "ap@supplier.example", to: "acme@in.example", subject, text: "x" }).then(
      () => 250,
      (e: { responseCode?: number }) => e.responseCode ?? 0,
    );
  t.deepEqual([await one("a"), await one("b")], [250, 421]);
  t.is(delivered.length, 1);
});

test("any forwarding address is accepted at RCPT; one of no company is dropped after DATA; other domains 550; too large 552", async (t) => {
  const { r, delivered } = await receiver({});
  t.teardown(() => r.close());
  t.is(await sendOne(r.port, "other@in.example"), 250);
  t.is(delivered.length, 0);
  t.is(await sendOne(r.port, "acme@elsewhere.example"), 550);
  const big = await nodemailer
    .createTransport({ host: "127.0.0.1", port: r.port, ignoreTLS: true })
    .sendMail({ from: "a@b.example", to: "acme@in.example", text: "y".repeat(100 * 1024) })
    .then(
      () => 250,
      (e: { responseCode?: number }) => e.responseCode ?? 0,
    );
  t.is(big, 552);
  t.is(delivered.length, 0);
});

/** `count` forwarding addresses, the first the company's. */
const addresses = (count: number) => [
  "acme@in.example",
  ...Array.from({ length: count - 1 }, (_, i) => `x${i}@in.example`),
];

test("one connection gets its first recipients; past them each RCPT answers 452", async (t) => {
  const { r, delivered } = await receiver({ recipientsPerConnection: 3 });
  t.teardown(() => r.close());
  const info = await nodemailer
    .createTransport({ host: "127.0.0.1", port: r.port, ignoreTLS: true })
    .sendMail({ from: "ap@supplier.example", to: addresses(5), text: "x" });
  t.is(info.accepted.length, 3);
  t.deepEqual(
    (info.rejectedErrors ?? []).map((e) => (e as { responseCode?: number }).responseCode),
    [452, 452],
  );
  t.is(delivered.length, 1);
});

test("one IP gets so many recipients a minute, over every connection; past them 421 and the connection closes", async (t) => {
  const { r, delivered } = await receiver({ recipientsPerMinute: 4 });
  t.teardown(() => r.close());
  const send = () =>
    nodemailer
      .createTransport({ host: "127.0.0.1", port: r.port, ignoreTLS: true })
      .sendMail({ from: "ap@supplier.example", to: addresses(3), text: "x" })
      .then(
        (info) => [250, info.accepted.length],
        (e: { responseCode?: number }) => [e.responseCode ?? 0, 0],
      );
  t.deepEqual(await send(), [250, 3]);
  t.deepEqual(await send(), [421, 0]);
  t.deepEqual(await send(), [421, 0]);
  t.is(delivered.length, 1);
});

test("a message with 20,000 header fields is refused for good (554) whoever it is for", async (t) => {
  const { r, delivered } = await receiver({ maxBytes: 1024 * 1024 });
  t.teardown(() => r.close());
  const fields = Array.from({ length: 20_000 }, (_, i) => `X-Field-${i}: ${i}\r\n`).join("");
  const raw = Buffer.from(`From: ap@supplier.example\r\n${fields}\r\nhello\r\n`);
  const answers = [];
  for (const to of ["acme@in.example", "nobody@in.example"])
    answers.push(
      await nodemailer
        .createTransport({ host: "127.0.0.1", port: r.port, ignoreTLS: true })
        .sendMail({ envelope: { from: "ap@supplier.example", to: [to] }, raw })
        .then(
          () => 250,
          (e: { responseCode?: number }) => e.responseCode ?? 0,
        ),
    );
  t.deepEqual(answers, [554, 554]);
  t.is(delivered.length, 0);
});
