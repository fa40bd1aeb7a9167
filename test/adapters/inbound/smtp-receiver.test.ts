import { type InboundMessage, startSmtpReceiver } from "@apar/adapters/mail/inbound/index";
import type { Company } from "@apar/core";
import test from "ava";
import nodemailer from "nodemailer";
import { pino } from "pino";

const company = { id: "c1", slug: "acme" } as unknown as Company;

/** A receiver over a stub pipeline that knows `acme@in.example` and keeps what it is given. */
const receiver = async (limits: { connectionsPerMinute?: number; messagesPerMinute?: number }) => {
  const delivered: InboundMessage[] = [];
  const r = await startSmtpReceiver({
    port: 0,
    host: "127.0.0.1",
    maxBytes: 64 * 1024,
    ...limits,
    logger: pino({ level: "silent" }),
    pipeline: {
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

test("unknown recipients 550, too large 552", async (t) => {
  const { r, delivered } = await receiver({});
  t.teardown(() => r.close());
  t.is(await sendOne(r.port, "other@in.example"), 550);
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
