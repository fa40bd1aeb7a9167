import { join } from "node:path";
import test from "ava";
import nodemailer from "nodemailer";
import { ROOT } from "../../helpers/host-process.js";
import { send } from "../support/client.js";
import { DKIM_PRIVATE_KEY, type InboundHarness, inboundTenant, poll, startInboundHarness } from "./inbound-harness.js";

const TLS = join(ROOT, "fixtures/email-auth/tls");
const SECRET = "provider-shared-secret-0123456789";

let h: InboundHarness;
test.before(async () => {
  h = await startInboundHarness({
    APAR_INBOUND_EMAIL_SECRET: SECRET,
    APAR_SMTP_TLS_CERT: join(TLS, "cert.pem"),
    APAR_SMTP_TLS_KEY: join(TLS, "key.pem"),
  });
});
test.after.always(async () => {
  await h?.dispose();
});

const tenant = () => inboundTenant(h);

const signed = async (to: string, subject: string) =>
  (
    await nodemailer
      .createTransport({
        streamTransport: true,
        buffer: true,
        dkim: { domainName: "supplier.example", keySelector: "test", privateKey: DKIM_PRIVATE_KEY },
      })
      .sendMail({
        from: "ap@supplier.example",
        to,
        subject,
        attachments: [{ filename: "p.pdf", content: Buffer.from('%PDF-1.7\nFIELDS{"invoiceNumber":"H-1"}FIELDS\n') }],
      })
  ).message as Buffer;

const post = (raw: Buffer, headers: Record<string, string>) =>
  send(h.httpPort, {
    method: "POST",
    path: "/inbound/email",
    headers: { "content-type": "message/rfc822", ...headers },
    body: raw,
  });

test.serial("POST /inbound/email: a wrong or missing secret is 401; a signed message becomes a bill", async (t) => {
  const { org, company, call } = await tenant();
  const raw = await signed(company.forwardingAddress, "Via provider");
  t.is((await post(raw, {})).status, 401);
  t.is((await post(raw, { "x-service-inbound-secret": "wrong" })).status, 401);
  const ok = await post(raw, { "x-service-inbound-secret": SECRET });
  t.is(ok.status, 202);
  const bill = await poll(async () => {
    const list = (await call("GET", "/v1/bills", undefined, { "x-service-organisation-id": org.id })).json as {
      data: { state: string; invoiceNumber: string | null }[];
    };
    return list.data[0]?.state === "PendingReview" ? list.data[0] : undefined;
  }, "the bill to be read");
  t.is(bill.invoiceNumber, "H-1");
});

test.serial(
  "POST /inbound/email: 20,000 header fields are a 400 InboundEmail.Unacceptable, nothing recorded",
  async (t) => {
    const { company, call } = await tenant();
    const fields = Array.from({ length: 20_000 }, (_, i) => `X-Field-${i}: ${i}\r\n`).join("");
    const raw = Buffer.from(`From: ap@supplier.example\r\nTo: ${company.forwardingAddress}\r\n${fields}\r\nhi\r\n`);
    const answer = await post(raw, { "x-service-inbound-secret": SECRET });
    t.is(answer.status, 400);
    t.like(answer.json as object, { title: "InboundEmail.Unacceptable" });
    t.deepEqual((await call("GET", `/v1/companies/${company.id}/forwarding-rejections`)).json, []);
  },
);

test.serial("POST /inbound/email: without the client IP SPF is Unknown; with it SPF is checked", async (t) => {
  const { company, call } = await tenant();
  // Unsigned, from an allowed domain: only SPF could authenticate it.
  const raw = Buffer.from(
    `From: ap@supplier.example\r\nTo: ${company.forwardingAddress}\r\nSubject: unsigned\r\nMessage-ID: <u@x>\r\n\r\nhi\r\n`,
  );
  t.is((await post(raw, { "x-service-inbound-secret": SECRET })).status, 202);
  t.is(
    (
      await post(raw, {
        "x-service-inbound-secret": SECRET,
        "x-service-client-ip": "192.0.2.7",
        "x-service-mail-from": "ap@supplier.example",
      })
    ).status,
    202,
  );
  const rejections = (await call("GET", `/v1/companies/${company.id}/forwarding-rejections`)).json as {
    spfResult: string;
    reason: string;
  }[];
  t.deepEqual(rejections.map((r) => [r.reason, r.spfResult]).sort(), [
    ["AuthenticationFailed", "Fail"],
    ["AuthenticationFailed", "Unknown"],
  ]);
});

test.serial("SMTP: STARTTLS is offered with a certificate and a message over TLS is received", async (t) => {
  const { company } = await tenant();
  const info = await nodemailer
    .createTransport({
      host: "127.0.0.1",
      port: h.smtpPort,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    })
    .sendMail({ from: "ap@supplier.example", to: company.forwardingAddress, subject: "tls", text: "over TLS" });
  t.regex(info.response, /^250/);
});
