// The README's walk-throughs, run as a newcomer runs them: every ```sh block, in order, in one bash session,
// against a freshly started host (SQLite, or MySQL with APAR_TEST_DATABASE_URL). ```console blocks are not run.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { freePort } from "../helpers/free-port.js";
import { hostEnvironment, ROOT, startHost } from "../helpers/host-process.js";

/** The README's placeholder for the key printed on first start, and the address it assumes. */
const KEY_PLACEHOLDER = "apar_xxxxxxxx_...";
const README_ADDRESS = "localhost:8080";
const RUN_LIMIT_MS = 150_000;

interface Block {
  readonly section: string;
  readonly code: string;
}

/** Every ```sh block with the `## ` section it is in. */
const shellBlocks = (markdown: string): Block[] => {
  const blocks: Block[] = [];
  let section = "";
  let code: string[] | undefined;
  for (const line of markdown.split("\n")) {
    if (code !== undefined) {
      if (line === "```") {
        blocks.push({ section, code: code.join("\n") });
        code = undefined;
      } else code.push(line);
    } else if (line.startsWith("## ")) section = line.slice(3);
    else if (line === "```sh") code = [];
  }
  return blocks;
};

/**
 * A host as after `npm start` in the repository's folder, on a port of its own: data under ./data, the fixtures
 * beside it. A port taken between choosing and binding it means another try.
 */
const startFresh = async () => {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // As the Quick start says to start apar for the walk-through: this machine is the trusted mail gateway.
    const environment = await hostEnvironment({
      APAR_PORT: String(port),
      APAR_HOST: "127.0.0.1",
      APAR_INBOUND_EMAIL_SECRET: "change-me",
      APAR_TRUSTED_MAIL_GATEWAYS: "127.0.0.1,::1",
      APAR_TRUSTED_AUTHSERV_IDS: "mx.laptop",
      // The script runs every block within a minute or so, far faster than a person types: its requests from one
      // address reached the per-IP budget (120 a minute, 429) that no reader of the README meets. Not about limits.
      APAR_RATE_LIMITS: "off",
    });
    const env = { ...environment.env, APAR_DATA_DIR: join(environment.dataDir, "data") };
    symlinkSync(join(ROOT, "fixtures"), join(environment.dataDir, "fixtures"));
    try {
      const host = await startHost(env);
      return { port, env, dataDir: environment.dataDir, host: { ...host, dispose: environment.dispose } };
    } catch (error) {
      await environment.dispose();
      if (attempt === 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
};

/** Runs a script in bash; answers its exit code (null when killed at the limit) and output. */
const bash = (script: string, cwd: string) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn("bash", ["-c", script], {
      cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LANG: "C.UTF-8" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const limit = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS);
    child.on("exit", (code) => {
      clearTimeout(limit);
      done({ code, stdout, stderr });
    });
  });

const readme = readFileSync(join(ROOT, "README.md"), "utf8");

test("the shell blocks are found, each in its section", (t) => {
  const sections = shellBlocks(readme).map((b) => b.section);
  for (const wanted of [
    "Authentication",
    "Bills",
    "Approvals, matching and supplier credits",
    "Paying suppliers: payment runs",
    "The books: journal and DATEV export",
    "Inbound email",
  ])
    t.true(sections.includes(wanted), wanted);
  // A block that installs or starts apar would not end (or would start a second one): those are console blocks.
  const starting = shellBlocks(readme).filter((b) => /\bnpm (start|ci|i|install)\b|\bdocker\b|\bpodman\b/.test(b.code));
  t.deepEqual(starting, [], "installing and starting are console blocks, not sh");
  t.is(shellBlocks("## A\n```sh\necho 1\n```\n```console\nnpm start\n```\n## B\n```sh\necho 2\n```").length, 2);
});

test("every sh block of the README runs in order against a fresh host and shows what it promises", async (t) => {
  t.timeout(RUN_LIMIT_MS + 3 * 120_000);
  const { port, env, dataDir, host } = await startFresh();
  t.teardown(async () => {
    host.child.kill("SIGTERM");
    await host.exited;
    await host.dispose();
  });
  // The banner shows the key alone on an indented line.
  const key = /^\s+(apar_[a-z2-7]{8}_\S+)$/m.exec(host.stdout())?.[1];
  if (key === undefined) return t.fail(`no key in the first-start output: ${host.stdout()}`);

  const blocks = shellBlocks(readme);
  const placeholders = blocks.filter((b) => b.code.includes(KEY_PLACEHOLDER)).length;
  t.is(placeholders, 1, "one block sets KEY to the key printed on first start");
  // -u: a variable used before it is set stops the run; --fail-with-body: so does any answer of 400 or more.
  const script = [
    "set -euo pipefail",
    'curl() { command curl -S --fail-with-body "$@"; }',
    ...blocks.map((b, i) => `printf '\\n<<<%s>>>\\n' ${i}\n${b.code}`),
    "printf '\\n<<<end>>>\\n'",
  ]
    .join("\n")
    .replace(KEY_PLACEHOLDER, key)
    .replaceAll(README_ADDRESS, `localhost:${port}`);
  const run = await bash(script, dataDir);
  const outputs = run.stdout.split(/\n<<<(?:\d+|end)>>>\n/).slice(1);
  const failedAt = blocks[outputs.length - 1];
  t.is(
    run.code,
    0,
    `stopped in the block of "${failedAt?.section}":\n${failedAt?.code}\n--- stdout\n${run.stdout.slice(-3000)}\n--- stderr\n${run.stderr.slice(-3000)}\n--- host\n${host.stderr().slice(-2000)}${host.stdout().slice(-3000)}`,
  );
  if (run.code !== 0) return;
  // APAR_README_LOG=<file> keeps what a newcomer would see, to read it.
  if (process.env.APAR_README_LOG !== undefined) writeFileSync(process.env.APAR_README_LOG, run.stdout);
  const of = (section: string): string =>
    blocks
      .map((b, i) => (b.section === section ? outputs[i] : undefined))
      .filter((o) => o !== undefined)
      .join("\n");

  const quickStart = of("Quick start");
  t.regex(quickStart, /^\{"status":"ok"\}\n200\n3\.1\.0\n\d+\n/);
  t.regex(quickStart, /^# HELP apar_jobs_queue_depth /m);
  const authentication = of("Authentication");
  t.regex(authentication, /^\{"clientId":"[0-9a-f-]{36}","type":"Live"\}$/m, "Ada's bearer token works");
  t.regex(authentication, /^first-start admin\nci$/m);

  const portal = of("Portal");
  t.regex(portal, /^a link is on its way$/m, "the same words for any address");
  t.regex(portal, /^303 http:\/\/localhost:\d+\/portal\/review$/m, "the link signs Ada in, on her work");
  t.regex(portal, /^<h1>Review queue<\/h1>\n403\n410$/m, "her queue; not Webhooks; the link used once");

  const bills = of("Bills");
  t.regex(bills, /"state": "PendingReview",\s*"supplierName": "Acme GmbH",\s*"supplierId": "[0-9a-f-]{36}"/);
  t.regex(bills, /"totalAmount": "142\.80"/);
  t.regex(
    bills,
    /^\{"type":"bill\.updated","actor":"api_key","fields":\[[^\]]*"dueDate"\]\}$/m,
    "the review in history",
  );
  t.regex(bills, /"duplicateMatchBasis": "SupplierId"/);
  t.regex(bills, /^"Voided"$/m);
  t.regex(bills, /^\{"isValid":false,"errors":\["modulus_check"\]\}$/m, "a UK account failing the modulus check");
  t.regex(bills, /^"DE89370400440532013000"$/m, "the canonical IBAN");
  t.regex(bills, /^\["FasterPayments","Bacs","SepaCreditTransfer","Swift"\]$/m);
  t.regex(
    bills,
    /^\{"iban":"GB82WEST12345698765432","bankDetailsStatus":"Unconfirmed"\}$/m,
    "the new account, unconfirmed",
  );
  t.regex(
    bills,
    /^\{"state":"PendingReview","bankDetailsChanged":true\}$/m,
    "the open bill flagged by the new account",
  );
  t.regex(bills, /^\{"bankDetailsChanged":false\}$/m, "the flag cleared by the reviewer's correction");
  t.regex(bills, /^\{"bankDetailsStatus":"Confirmed","by":"user"\}$/m, "confirmed by a second person, Lin");
  t.regex(
    bills,
    /^\{"type":"supplier.bank_details_changed","actor":"api_key"\}\n\{"type":"supplier.bank_details_confirmed","actor":"user"\}$/m,
    "the supplier's history: who proposed, who confirmed",
  );

  const receivables = of("Receivables: customers, products, invoices, payments, credit notes");
  t.regex(
    receivables,
    /^\{"legalName":"Northwind Studio GmbH","vatNumber":"DE246813573","iban":"DE02120300000000202051"\}$/m,
    "the seller identity, set first",
  );
  t.regex(receivables, /"status": "Sent",\s*"documentNumber": "[^"]+"/);
  t.regex(receivables, /^<cbc:CreditNoteTypeCode>381<$/m, "the credit note as an e-invoice");
  t.regex(
    receivables,
    /"status":"PartiallyPaid","totalAmount":"1546.00","amountPaid":"546.00","amountCredited":"100.00"/,
  );
  t.regex(receivables, /^data\/outbox\/[^/\n]+\.eml$/m, "the invoice's email");

  const imports = of("Imports and exports");
  t.regex(imports, /^\{"row":2,"action":"create","id":null,"changes":\[\]\}$/m, "the dry run: row 2 would be created");
  t.regex(imports, /^\{"row":3,"column":"email","code":"[a-z_]+","message":"[^"]+"\}$/m, "row 3's error");
  t.regex(imports, /^\{"imported":true,"created":2,"updated":0\}$/m, "the import, once fixed");
  t.regex(imports, /^id,name,taxNumber,email,address,bankAccountHolderName,bankIban,/m, "the export's header");
  t.regex(imports, /^\{"created":0,"updated":0,"errors":0\}$/m, "the export imports back unchanged");

  const ai = of("AI clients: MCP and agents");
  t.regex(ai, /^list_bills$/m, "the MCP tools listed");
  t.regex(ai, /^\{"supplierName":"Acme GmbH","state":"[A-Za-z]+"\}$/m, "a bill read through an MCP tool");
  t.regex(ai, /^\{"data":\[\],"nextCursor":null,"hasMore":false\}$/m, "no conversations yet");

  const audit = of("Audit log");
  t.regex(
    audit,
    /^\{"type":"supplier\.created","actor":"api_key","fields":\[[^\]]*"name"/m,
    "who created the supplier",
  );
  t.regex(
    audit,
    /^\{"type":"supplier\.bank_details_changed","actor":"api_key","fields":\["bankDetails","bankDetailsProposed"\]\}\n\{"type":"supplier\.bank_details_confirmed","actor":"user","fields":\["bankDetailsConfirmed"\]\}$/m,
    "the account proposed by the key, confirmed by a person, each with the fields it changed",
  );
  t.regex(audit, /^\["api_key\.created","api_key\.revoked"\]$/m, "a change that sends no event");
  t.regex(audit, /^id,occurredAt,organisationId,actorType,actorId,actorVia,type,resourceType,resourceId,changes,/m);
  t.regex(
    audit,
    /^\{"type":"supplier\.bank_details_confirmed","resource":"supplier"\}$/m,
    "what people changed on suppliers",
  );

  const approvals = of("Approvals, matching and supplier credits");
  t.regex(approvals, /"state": "Approved",\s*"policy": "Small EUR bills"/, "an auto-approval");
  t.regex(approvals, /"status":"Variance","variances":\[\{[^\]]*"Price"/, "a price variance");
  t.regex(approvals, /^"Resolved"$/m, "the variance resolved");
  t.regex(approvals, /"state": "NeedsApproval"/);
  t.regex(approvals, /^Subject: Approval needed: Acme GmbH, invoice A-1042 for 773\.50 EUR$/m);
  t.regex(approvals, /"amountCredited":"10\.00","amountDue":"763\.50"/);
  t.regex(approvals, /"state":"Paid"/);
  const outbox = join(env.APAR_DATA_DIR, "outbox");
  // As a mail reader shows them: quoted-printable's soft line breaks joined (a long line may break in a link).
  const mails = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), "utf8").replace(/=\r?\n/g, ""));
  t.true(
    mails.some((mail) => /^To: grace@example\.com/m.test(mail) && mail.includes("/public/bills/")),
    "an approval link mailed to the administrator",
  );

  const payments = of("Paying suppliers: payment runs");
  t.regex(payments, /^\["DE02120300000000202051"\]$/m, "the organisation's account");
  t.regex(payments, /^\{"approvalsRequired":1,"bands":\[\]\}$/m, "one approval by default");
  t.regex(payments, /^true$/m, "a retried proposal is the same run");
  t.regex(
    payments,
    /^\{"currency":"EUR","numberOfTransactions":1,"controlSum":"142\.80","status":"Proposed","approvalsRequired":1\}$/m,
  );
  t.regex(payments, /^409$/m, "no file before the approval");
  t.regex(payments, /^Permission\.Denied$/m, "an API key does not approve");
  t.regex(payments, /^\{"status":"Approved","approvedBy":\["user"\]\}$/m, "Grace approves");
  t.regex(payments, /^\{"status":"InProgress","releasedBy":"api_key"\}$/m, "the first download releases it");
  t.regex(payments, /^"PaymentInProgress"$/m);
  t.regex(
    payments,
    /^\{"entryCount":2,"matchedCount":2\}\n\{"state":"Paid","paidAt":"[^"]+"\}$/m,
    "the debit confirms",
  );
  t.regex(
    payments,
    /^\{"status":"PartiallyPaid","amountPaid":"946\.00"\}$/m,
    "the credit pays the invoice by its RF reference",
  );
  t.regex(payments, /^\{"entryCount":2,"matchedCount":2\}\n2$/m, "the same statement again records nothing twice");
  t.regex(
    readFileSync(join(dataDir, "payment-run.xml"), "utf8"),
    /<CtrlSum>142\.80<\/CtrlSum>/,
    "the file for the bank",
  );

  const books = of("The books: journal and DATEV export");
  t.regex(
    books,
    /^\{"payables":"1600","receivables":"1400","bank":"1200","expenses":"4980","revenue":"8400","inputVat":"1576","outputVat":"1776"\}$/m,
    "the SKR03 defaults",
  );
  t.regex(books, /^\{"consultantNumber":"29098","clientNumber":"55003","fiscalYearStart":"01-01",/m);
  t.regex(
    books,
    /^date,entry,kind,documentId,documentNumber,account,role,debit,credit,currency,taxRate,counterparty,reference,text$/m,
    "the journal's header row",
  );
  t.regex(books, /^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"apar";"";29098;55003;\d{4}0101;4;\d{8};\d{8}$/m);
  t.regex(
    books,
    /^(763,50|142,80);"S";"EUR";;;"";1600;1200;"";\d{4};"A-104[12]";"";;"Payment A-104[12] Acme GmbH"$/m,
    "a bill paid today: payables against the bank",
  );
  t.regex(books, /^\{"entryCount":\d+,"matchGroupsSynced":1\}$/m, "the widget bill's group");
  t.regex(books, /^\{"status":"Synced","byExport":true\}$/m);

  const inbound = of("Inbound email");
  t.regex(inbound, /@inbound\.localhost$/m);
  t.regex(inbound, /^202$/m, "the gateway's post is received");
  t.regex(
    inbound,
    /^\{"state":"PendingReview","supplierName":"Acme GmbH","invoiceNumber":"A-1043","totalAmount":"107\.10","file":"A-1043\.pdf"\}$/m,
    "the forward became a bill",
  );
  const reports = of("Aged payables and receivables, customer statements");
  t.regex(reports, /^(Approved|NeedsApproval)$/m, "the forwarded bill submitted");
  t.regex(
    reports,
    /^\{"supplierName":"Acme GmbH","currency":"EUR","days31To60":"107\.10","total":"107\.10"\}$/m,
    "the bill 35 days past due",
  );
  t.regex(
    reports,
    /^\{"customerName":"Globex GmbH","currency":"EUR","days1To30":"500\.00","total":"500\.00"\}$/m,
    "Globex's 500.00 left, 15 days late in 45 days",
  );
  t.regex(reports, /^As of,Customer ID,Customer,Currency,Current,1-30,31-60,61-90,Over 90,Total,Documents\r?$/m);
  t.regex(
    reports,
    /^\{"currency":"EUR","openingBalance":"0\.00","closingBalance":"500\.00","lines":\["Invoice","CreditNote","Payment","Payment"\]\}$/m,
    "the statement: invoice, credit note, the payment by hand and the bank's",
  );
  t.regex(reports, /^\{"customer":"Globex GmbH","closing":\["500\.00"\]\}$/m, "the public statement");
  t.is(readFileSync(join(dataDir, "statement.pdf")).subarray(0, 5).toString(), "%PDF-");
  const recurring = of("Recurring invoices, reminders and the public page");
  t.regex(recurring, /^"Paused"$/m);
  t.regex(recurring, /^\{"offset":"Manual","status":"Sent","recipient":"ap@globex\.example"\}$/m);
});
