import { createHash } from "node:crypto";
import { parseSenderPattern, senderAllowed } from "@apar/core";
import { addAllowedSender, createCompany, type ForwardAuthentication, receiveForward } from "@apar/core/app";
import type { DocumentFiles } from "@apar/core/ports";
import test, { type ExecutionContext } from "ava";
import { aClientWithOrganisation, inboxDeps, right } from "../inbox/setup.js";

/** Document files in a map, counting writes (a rejection must cause none). */
const memoryFiles = () => {
  const files = new Map<string, Uint8Array>();
  let puts = 0;
  const store: DocumentFiles = {
    put: async (bytes) => {
      puts += 1;
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      files.set(sha256, bytes);
      return { sha256, size: bytes.length };
    },
    get: async (sha256) => files.get(sha256),
  };
  return { store, puts: () => puts };
};

const PASSED: ForwardAuthentication = { authResult: "Pass", dkimResult: "Pass", spfResult: "Unknown", passed: true };
const FAILED: ForwardAuthentication = { authResult: "Fail", dkimResult: "Fail", spfResult: "Fail", passed: false };
const PDF = { name: "r.pdf", contentType: "application/pdf", bytes: Buffer.from("%PDF-1.7 bill") };
const TEXT = { name: "notes.txt", contentType: "text/plain", bytes: Buffer.from("hello") };

const setup = async (t: ExecutionContext, organisations: number) => {
  const files = memoryFiles();
  const deps = { ...inboxDeps(), files: files.store };
  const { client, organisation } = await aClientWithOrganisation(deps.db);
  const company = right(
    t,
    await createCompany(deps)({
      clientId: client.id,
      name: "Co",
      organisationIds: organisations === 0 ? [] : [organisation.id],
    })(),
  );
  right(t, await addAllowedSender(deps)({ clientId: client.id, companyId: company.id, sender: "@supplier.example" })());
  return { deps, company, files, organisation };
};

test("the allowlist is checked first: a stranger's failed message is SenderNotAllowed, its verdicts kept", async (t) => {
  const { deps, company, files } = await setup(t, 1);
  const outcome = right(
    t,
    await receiveForward(deps)({
      company,
      fromAddress: "x@stranger.example",
      subject: "s",
      attachments: [PDF],
      authentication: FAILED,
    })(),
  );
  t.like(outcome, { kind: "rejected", reason: "SenderNotAllowed" });
  const [rejection] = await deps.db.stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 5);
  t.like(rejection, { reason: "SenderNotAllowed", authResult: "Fail", dkimResult: "Fail", spfResult: "Fail" });
  t.is(files.puts(), 0, "a rejected message's attachments are never stored");
});

test("an allowed sender whose message failed authentication is AuthenticationFailed; nothing stored", async (t) => {
  const { deps, company, files } = await setup(t, 1);
  const outcome = right(
    t,
    await receiveForward(deps)({
      company,
      fromAddress: "ap@supplier.example",
      subject: null,
      attachments: [PDF],
      authentication: FAILED,
    })(),
  );
  t.like(outcome, { kind: "rejected", reason: "AuthenticationFailed" });
  t.is(files.puts(), 0);
});

test("accepted: each bill document becomes a bill of the one organisation; other attachments are ignored", async (t) => {
  const { deps, company, organisation } = await setup(t, 1);
  const outcome = right(
    t,
    await receiveForward(deps)({
      company,
      fromAddress: "ap@supplier.example",
      subject: "s",
      attachments: [PDF, TEXT, { ...PDF, name: "second.pdf", bytes: Buffer.from("%PDF-1.4 other") }],
      authentication: PASSED,
    })(),
  );
  if (outcome.kind !== "accepted") return t.fail();
  t.is(outcome.ignored, 1);
  t.deepEqual(
    outcome.bills.map((b) => b.organisationId),
    [organisation.id, organisation.id],
  );
  const scope = { clientId: company.clientId, organisationId: organisation.id };
  const bill = await deps.db.stores.bills.ofId(scope, outcome.bills[0]?.billId ?? "");
  t.like(bill, { state: "Extracting", document: { mediaType: "application/pdf", filename: "r.pdf" } });
});

test("accepted by a company without a single organisation: the bill waits and only its event is emitted", async (t) => {
  const { deps, company } = await setup(t, 0);
  const outcome = right(
    t,
    await receiveForward(deps)({
      company,
      fromAddress: "ap@supplier.example",
      subject: "s",
      attachments: [PDF],
      authentication: PASSED,
    })(),
  );
  if (outcome.kind !== "accepted") return t.fail();
  const billId = outcome.bills[0]?.billId ?? "";
  t.is(outcome.bills[0]?.organisationId, null);
  t.like(await deps.db.stores.companyBills.ofId(company.clientId, company.id, billId), { state: "Extracting" });
  const events = await deps.db.stores.events.ofSubject(company.clientId, "bill", billId);
  t.deepEqual(
    events.map((e) => [e.envelope.type, e.envelope.organisationId, e.envelope.data]),
    [["company_bill.awaiting_organisation", null, { billId }]],
  );
});

test("allowlist entries: addresses and whole domains, lower-cased; anything else undefined", (t) => {
  t.deepEqual(parseSenderPattern(" AP@Supplier.Example "), { kind: "Address", value: "ap@supplier.example" });
  t.deepEqual(parseSenderPattern("supplier.example"), { kind: "Domain", value: "supplier.example" });
  t.deepEqual(parseSenderPattern("@Sub.Supplier.example"), { kind: "Domain", value: "sub.supplier.example" });
  for (const bad of ["", "supplier", "a@b", "a b@c.example", "<a@b.example>", "a@-x.example", "a@x..example"])
    t.is(parseSenderPattern(bad), undefined, bad);
  const list = [
    { kind: "Address" as const, value: "ap@one.example" },
    { kind: "Domain" as const, value: "two.example" },
  ];
  t.true(senderAllowed(list, "AP@one.example"));
  t.false(senderAllowed(list, "other@one.example"));
  t.true(senderAllowed(list, "anyone@two.example"));
  t.false(senderAllowed(list, "anyone@sub.two.example"), "a whole domain is exactly that domain");
  t.false(senderAllowed(list, "anyone@two.example.evil"));
});
