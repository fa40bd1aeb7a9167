import { randomBytes } from "node:crypto";
import test from "ava";
import nodemailer from "nodemailer";
import {
  DKIM_PRIVATE_KEY,
  filesContaining,
  type InboundHarness,
  inboundTenant,
  markerForms,
  poll,
  startInboundHarness,
  tablesContaining,
} from "./inbound-harness.js";

let h: InboundHarness;
test.before(async () => {
  h = await startInboundHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const tenant = (organisations = 1) => inboundTenant(h, organisations);

const pdf = (content: string) => Buffer.from(`%PDF-1.7\n${content}\n%%EOF\n`);

const transport = (dkim: boolean) =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port: h.smtpPort,
    secure: false,
    ignoreTLS: true,
    ...(dkim ? { dkim: { domainName: "supplier.example", keySelector: "test", privateKey: DKIM_PRIVATE_KEY } } : {}),
  });

test.serial("a DKIM-signed forward from an allowed sender becomes a bill that is read (PendingReview)", async (t) => {
  const { orgs, company, call } = await tenant(1);
  const org = orgs[0]?.id ?? "";
  const info = await transport(true).sendMail({
    from: "Accounts <ap@supplier.example>",
    to: company.forwardingAddress,
    envelope: { from: "ap@supplier.example", to: [company.forwardingAddress] },
    subject: "Invoice R-2026-17",
    text: "Please find our invoice attached.",
    attachments: [
      {
        filename: "invoice.pdf",
        content: pdf('FIELDS{"supplierName":"Supplier AG","invoiceNumber":"R-2026-17"}FIELDS'),
      },
      { filename: "notes.txt", content: "not a bill" },
    ],
  });
  t.regex(info.response, /^250/);
  const bill = await poll(async () => {
    const list = await call("GET", "/v1/bills", undefined, { "x-service-organisation-id": org });
    const data = (list.json as { data: Record<string, unknown>[] }).data;
    return data.find((b) => b.state === "PendingReview");
  }, "the bill to be read");
  t.like(bill, { supplierName: "Supplier AG", invoiceNumber: "R-2026-17", state: "PendingReview" });
  const all = (await call("GET", "/v1/bills", undefined, { "x-service-organisation-id": org })).json as {
    data: unknown[];
  };
  t.is(all.data.length, 1, "the text attachment is not a bill");
  const rejections = (await call("GET", `/v1/companies/${company.id}/forwarding-rejections`)).json as unknown[];
  t.deepEqual(rejections, []);
  // The searches of the next test find what is there: an accepted bill's document and fields.
  t.true(filesContaining(h.env.dataDir, ["R-2026-17"]).length > 0);
  if (h.env.env.DATABASE_URL !== undefined)
    t.true((await tablesContaining(h.env.env.DATABASE_URL, ["R-2026-17"])).length > 0);
});

test.serial(
  "an unknown sender and a tampered message are recorded with their reasons; their attachments leave no trace",
  async (t) => {
    const { company, call } = await tenant(1);
    const stranger = `STRANGER-${randomBytes(8).toString("hex")}-MARKER`;
    const tampered = `TAMPERED-${randomBytes(8).toString("hex")}-MARKER`;

    // An unknown sender (not on the allowlist), unsigned.
    const first = await transport(false).sendMail({
      from: "someone@stranger.example",
      to: company.forwardingAddress,
      subject: "Unsolicited invoice",
      text: "hi",
      attachments: [{ filename: "bill.pdf", content: pdf(stranger), contentType: "application/pdf" }],
    });
    t.regex(first.response, /^250/, "the sender cannot tell a rejection from an acceptance");

    // An allowed sender's signed message, changed after signing, relayed by a server SPF does not allow.
    const built = await nodemailer
      .createTransport({
        streamTransport: true,
        buffer: true,
        dkim: { domainName: "supplier.example", keySelector: "test", privateKey: DKIM_PRIVATE_KEY },
      })
      .sendMail({
        from: "ap@supplier.example",
        to: company.forwardingAddress,
        subject: "Invoice 99",
        text: "Pay to the usual account.",
        attachments: [{ filename: "invoice.pdf", content: pdf(tampered), contentType: "application/pdf" }],
      });
    const raw = (built.message as Buffer)
      .toString("latin1")
      .replace("Pay to the usual account.", "Pay to account 666.");
    t.not(raw, (built.message as Buffer).toString("latin1"));
    const second = await transport(false).sendMail({
      envelope: { from: "bounce@forwarder.example", to: [company.forwardingAddress] },
      raw,
    });
    t.regex(second.response, /^250/);

    const rejections = await poll(async () => {
      const list = (await call("GET", `/v1/companies/${company.id}/forwarding-rejections`)).json as Record<
        string,
        unknown
      >[];
      return list.length === 2 ? list : undefined;
    }, "two rejections");
    const byReason = Object.fromEntries(rejections.map((r) => [r.reason, r]));
    t.like(byReason.SenderNotAllowed, {
      fromAddress: "someone@stranger.example",
      fromDomain: "stranger.example",
      subject: "Unsolicited invoice",
      attachmentCount: 1,
      attachmentSummary: "bill.pdf (application/pdf)",
      authResult: "Unknown",
      dkimResult: "Unknown",
      spfResult: "Unknown",
    });
    t.like(byReason.AuthenticationFailed, {
      fromAddress: "ap@supplier.example",
      subject: "Invoice 99",
      attachmentCount: 1,
      attachmentSummary: "invoice.pdf (application/pdf)",
      authResult: "Fail",
      dkimResult: "Fail",
      spfResult: "Fail",
    });

    const needles = [...markerForms(stranger), ...markerForms(tampered)];
    t.deepEqual(filesContaining(h.env.dataDir, needles), [], "no file in the data folder holds the attachments");
    t.deepEqual(await tablesContaining(h.env.env.DATABASE_URL, needles), [], "no table row holds them");
    t.false(
      needles.some((n) => h.logs().includes(n)),
      "no log line holds them",
    );
    t.true(h.logs().includes("inbound message"), "the logs were captured");

    // Allowing the sender from the rejection is one call.
    const id = (byReason.SenderNotAllowed as { id: string }).id;
    const allowed = await call("POST", `/v1/companies/${company.id}/forwarding-rejections/${id}/allow-sender`);
    t.is(allowed.status, 201);
    t.like(allowed.json as object, { kind: "Address", value: "someone@stranger.example" });
  },
);

test.serial(
  "SMTP: an address of no company is accepted like any other and dropped; 550 for other domains; 552 above the size limit",
  async (t) => {
    const { company, call } = await tenant(1);
    const unknown = await transport(false).sendMail({
      from: "ap@supplier.example",
      to: "nobody-here@inbound.localhost",
      subject: "probe",
      text: "x",
    });
    t.regex(unknown.response, /^250/);
    t.deepEqual(unknown.rejected, []);
    // Both at once: RCPT answers the same for each, and only the company gets the message (a rejection here).
    const both = await transport(false).sendMail({
      from: "ap@unlisted.example",
      to: ["nobody-here@inbound.localhost", company.forwardingAddress],
      subject: "both",
      text: "x",
    });
    t.deepEqual(both.accepted.length, 2);
    const rejections = await poll(async () => {
      const list = (await call("GET", `/v1/companies/${company.id}/forwarding-rejections`)).json as unknown[];
      return list.length > 0 ? list : undefined;
    }, "the rejection");
    t.is(rejections.length, 1);
    t.true(h.logs().includes("inbound message to forwarding addresses of no company"));
    const foreign = await transport(false)
      .sendMail({ from: "ap@supplier.example", to: "acme@elsewhere.example", text: "x" })
      .catch((e: { responseCode?: number }) => e);
    t.is((foreign as { responseCode?: number }).responseCode, 550);
    const big = await transport(false)
      .sendMail({
        from: "ap@supplier.example",
        to: company.forwardingAddress,
        text: "x",
        attachments: [{ filename: "big.pdf", content: Buffer.alloc(2 * 1024 * 1024, 0x41) }],
      })
      .catch((e: { responseCode?: number }) => e);
    t.is((big as { responseCode?: number }).responseCode, 552);
  },
);

/** A message whose text part sits inside `depth` nested multipart containers. */
const nestedMime = (depth: number): Buffer => {
  const open = Array.from(
    { length: depth },
    (_, i) => `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n`,
  ).join("");
  const close = Array.from({ length: depth }, (_, i) => `\r\n--n${depth - 1 - i}--\r\n`).join("");
  return Buffer.from(
    `From: ap@supplier.example\r\nSubject: nested\r\nMIME-Version: 1.0\r\n${open}` +
      `Content-Type: text/plain\r\n\r\nhello${close}`,
  );
};

/** A message with `count` header fields. */
const manyHeaders = (count: number): Buffer =>
  Buffer.from(
    `From: ap@supplier.example\r\nSubject: headers\r\n${Array.from({ length: count }, (_, i) => `X-Field-${i}: ${i}\r\n`).join("")}\r\nhello\r\n`,
  );

test.serial(
  "SMTP: 2,000 nested MIME parts or 20,000 header fields are refused for good (554), not deferred",
  async (t) => {
    const { company, call } = await tenant(1);
    const answers: number[] = [];
    for (const raw of [nestedMime(2000), manyHeaders(20_000), nestedMime(60), manyHeaders(1001)]) {
      const answer = await transport(false)
        .sendMail({ envelope: { from: "ap@supplier.example", to: [company.forwardingAddress] }, raw })
        .then(
          (info) => Number(info.response.slice(0, 3)),
          (e: { responseCode?: number }) => e.responseCode ?? 0,
        );
      answers.push(answer);
    }
    t.deepEqual(answers, [554, 554, 554, 554]);
    // Each was refused before the company's decision: nothing was recorded.
    t.deepEqual((await call("GET", `/v1/companies/${company.id}/forwarding-rejections`)).json, []);
    // Just inside the limits a message is taken as usual.
    const fine = await transport(false).sendMail({
      envelope: { from: "ap@supplier.example", to: [company.forwardingAddress] },
      raw: manyHeaders(900),
    });
    t.regex(fine.response, /^250/);
  },
);

test.serial("several organisations: the bill waits, is read, and is assigned into one", async (t) => {
  const { orgs, company, call } = await tenant(2);
  await transport(true).sendMail({
    from: "ap@supplier.example",
    to: company.forwardingAddress,
    envelope: { from: "ap@supplier.example", to: [company.forwardingAddress] },
    subject: "Invoice W-1",
    attachments: [
      { filename: "w.pdf", content: pdf('FIELDS{"supplierName":"Waiting AG","invoiceNumber":"W-1"}FIELDS') },
    ],
  });
  // The receiver logs the ids of the bills it made (metadata only).
  const billId = await poll(async () => {
    const line = h
      .logs()
      .split("\n")
      .find((l) => l.includes('"inbound message"') && l.includes(company.id) && l.includes("billIds"));
    return line === undefined ? undefined : (/"billIds":\["([0-9a-f-]{36})"\]/.exec(line)?.[1] ?? undefined);
  }, "the inbound log line");
  const events = await h.app.database.stores.events.ofSubject(orgs[0]?.clientId ?? "", "bill", billId);
  t.deepEqual(
    events.map((e) => [e.envelope.type, e.envelope.organisationId, e.envelope.companyId, e.envelope.data]),
    [["company_bill.awaiting_organisation", null, company.id, { billId }]],
    "only company_bill.awaiting_organisation: no organisation, the company added, billId only",
  );
  const waiting = await poll(async () => {
    const a = await call("GET", `/v1/companies/${company.id}/bills/${billId}`);
    const bill = a.json as Record<string, unknown>;
    return bill.state === "PendingReview" ? bill : undefined;
  }, "the waiting bill to be read");
  t.like(waiting, { id: billId, organisationId: null, companyId: company.id, supplierName: "Waiting AG" });
  for (const org of orgs) {
    const list = (await call("GET", "/v1/bills", undefined, { "x-service-organisation-id": org.id })).json as {
      data: unknown[];
    };
    t.deepEqual(list.data, [], "no organisation sees it before it is assigned");
  }
  const target = orgs[1]?.id ?? "";
  const assigned = await call("POST", `/v1/companies/${company.id}/bills/${billId}/assign`, { organisationId: target });
  t.is(assigned.status, 202);
  t.like(assigned.json as object, { id: billId, organisationId: target, state: "Extracting" });
  const read = await poll(async () => {
    const a = await call("GET", `/v1/bills/${billId}`, undefined, { "x-service-organisation-id": target });
    const bill = a.json as Record<string, unknown>;
    return bill.state === "PendingReview" ? bill : undefined;
  }, "the assigned bill to be read");
  t.like(read, { supplierName: "Waiting AG", invoiceNumber: "W-1" });
  t.is((await call("GET", `/v1/companies/${company.id}/bills/${billId}`)).status, 404, "it waits no more");
});
