import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import nodemailer from "nodemailer";
import { ROOT } from "../../helpers/host-process.js";
import { send } from "../support/client.js";
import { type InboundHarness, inboundTenant, poll, startInboundHarness } from "./inbound-harness.js";

const SECRET = "provider-shared-secret-0123456789";
/** The trusted gateway connects from 127.0.0.2; everyone else from 127.0.0.1 (both reach the loopback server). */
const GATEWAY = "127.0.0.2";

let h: InboundHarness;
test.before(async () => {
  h = await startInboundHarness({
    APAR_INBOUND_EMAIL_SECRET: SECRET,
    APAR_TRUSTED_MAIL_GATEWAYS: `${GATEWAY}/32`,
    APAR_TRUSTED_AUTHSERV_IDS: "mx.google.com",
  });
});
test.after.always(async () => {
  await h?.dispose();
});

/**
 * The trace a real gateway (mx.google.com) put on top of a message from andris@ekiri.ee, with its
 * Authentication-Results (dkim=pass, spf=pass for ekiri.ee): every header field of mailauth's authtest.eml
 * above the author's own (the fixture DNS knows nothing of ekiri.ee, so apar's own checks cannot pass).
 */
const GATEWAY_TRACE = (() => {
  const raw = readFileSync(join(ROOT, "fixtures/email-auth/mailauth/authtest.eml"), "latin1");
  return raw.slice(0, raw.indexOf("Received: from turvaline.ekiri.ee")).replace(/\r?\n/g, "\r\n");
})();

/** A bill from andris@ekiri.ee as the gateway hands it on: its trace on top of the author's message. */
const forward = async (to: string, invoiceNumber: string, trace = GATEWAY_TRACE): Promise<Buffer> => {
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
    from: "andris <andris@ekiri.ee>",
    to,
    subject: `Invoice ${invoiceNumber}`,
    attachments: [
      {
        filename: "invoice.pdf",
        content: Buffer.from(`%PDF-1.7\nFIELDS{"supplierName":"Ekiri OU","invoiceNumber":"${invoiceNumber}"}FIELDS\n`),
      },
    ],
  });
  return Buffer.concat([Buffer.from(trace, "latin1"), built.message as Buffer]);
};

const smtp = (raw: Buffer, to: string, localAddress?: string) =>
  nodemailer
    .createTransport({
      host: "127.0.0.1",
      port: h.smtpPort,
      secure: false,
      ignoreTLS: true,
      ...(localAddress === undefined ? {} : { localAddress }),
    })
    .sendMail({ envelope: { from: "andris@ekiri.ee", to: [to] }, raw });

const post = (raw: Buffer, localAddress?: string) =>
  send(h.httpPort, {
    method: "POST",
    path: "/inbound/email",
    headers: { "content-type": "message/rfc822", "x-service-inbound-secret": SECRET },
    body: raw,
    ...(localAddress === undefined ? {} : { localAddress }),
  });

type Tenant = Awaited<ReturnType<typeof inboundTenant>>;

const billRead = (tenant: Tenant) =>
  poll(async () => {
    const list = await tenant.call("GET", "/v1/bills", undefined, { "x-service-organisation-id": tenant.org.id });
    return (list.json as { data: Record<string, unknown>[] }).data.find((b) => b.state === "PendingReview");
  }, "the bill to be read");

const rejections = (tenant: Tenant, count: number) =>
  poll(async () => {
    const list = await tenant.call("GET", `/v1/companies/${tenant.company.id}/forwarding-rejections`);
    const rows = list.json as Record<string, unknown>[];
    return rows.length === count ? rows : undefined;
  }, `${count} rejection(s)`);

test.serial("SMTP: a forward through the trusted gateway becomes a bill on the gateway's word", async (t) => {
  const tenant = await inboundTenant(h, 1, "ekiri.ee");
  const info = await smtp(
    await forward(tenant.company.forwardingAddress, "GW-1"),
    tenant.company.forwardingAddress,
    GATEWAY,
  );
  t.regex(info.response, /^250/);
  t.like(await billRead(tenant), { supplierName: "Ekiri OU", invoiceNumber: "GW-1" });
  const list = await tenant.call("GET", `/v1/companies/${tenant.company.id}/forwarding-rejections`);
  t.deepEqual(list.json, []);
  t.regex(h.logs(), new RegExp(`"checkedBy":\\{"gateway":"${GATEWAY.replaceAll(".", "\\.")}"\\}`));
});

test.serial("SMTP: the same headers from an untrusted address count for nothing", async (t) => {
  const tenant = await inboundTenant(h, 1, "ekiri.ee");
  const info = await smtp(await forward(tenant.company.forwardingAddress, "GW-2"), tenant.company.forwardingAddress);
  t.regex(info.response, /^250/);
  const [rejection] = await rejections(tenant, 1);
  t.like(rejection, {
    fromAddress: "andris@ekiri.ee",
    reason: "AuthenticationFailed",
    authResult: "Unknown",
    dkimResult: "Unknown",
    spfResult: "Unknown",
  });
  const bills = await tenant.call("GET", "/v1/bills", undefined, { "x-service-organisation-id": tenant.org.id });
  t.deepEqual((bills.json as { data: unknown[] }).data, []);

  // The sender is allowed already: allowing it again would change nothing, and the answer says why.
  const id = (rejection as { id: string }).id;
  const allow = await tenant.call(
    "POST",
    `/v1/companies/${tenant.company.id}/forwarding-rejections/${id}/allow-sender`,
  );
  t.is(allow.status, 409);
  t.like(allow.json as object, { title: "ForwardingRejection.NotAboutSender", status: 409 });
  t.regex((allow.json as { detail: string }).detail, /failed email authentication \(DKIM Unknown, SPF Unknown\)/);
  const senders = await tenant.call("GET", `/v1/companies/${tenant.company.id}/allowed-senders`);
  t.is((senders.json as { data: unknown[] }).data.length, 1, "nothing was added");
});

test.serial("SMTP: from the trusted gateway, results under another authserv-id are ignored", async (t) => {
  const tenant = await inboundTenant(h, 1, "ekiri.ee");
  const forged = GATEWAY_TRACE.replaceAll(
    "Authentication-Results: mx.google.com;",
    "Authentication-Results: mx.elsewhere.example;",
  );
  t.not(forged, GATEWAY_TRACE);
  await smtp(
    await forward(tenant.company.forwardingAddress, "GW-3", forged),
    tenant.company.forwardingAddress,
    GATEWAY,
  );
  const [rejection] = await rejections(tenant, 1);
  t.like(rejection, { reason: "AuthenticationFailed", authResult: "Unknown" }, "apar's own checks decided");
});

test.serial("POST /inbound/email: the poster's own address is what is trusted", async (t) => {
  const tenant = await inboundTenant(h, 1, "ekiri.ee");
  const raw = await forward(tenant.company.forwardingAddress, "GW-4");
  // From an untrusted address, naming the gateway as the client IP changes nothing.
  const untrusted = await send(h.httpPort, {
    method: "POST",
    path: "/inbound/email",
    headers: {
      "content-type": "message/rfc822",
      "x-service-inbound-secret": SECRET,
      "x-service-client-ip": GATEWAY,
      "x-forwarded-for": GATEWAY,
    },
    body: raw,
  });
  t.is(untrusted.status, 202);
  t.like((await rejections(tenant, 1))[0], { reason: "AuthenticationFailed" });
  // Posted by the gateway itself: a bill.
  t.is((await post(raw, GATEWAY)).status, 202);
  t.like(await billRead(tenant), { invoiceNumber: "GW-4" });
});
