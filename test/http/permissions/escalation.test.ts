import test from "ava";
import {
  type BillHarness,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { callAs } from "../payments/run-support.js";

// The escalation a security reviewer found (issue 32): a plain Member paid 9,800 EUR to an account of their choosing
// in five calls: PATCH the supplier's IBAN, POST an AutoApprove policy at priority 0 with bankDetailsChanged true,
// submit the bill, POST a payment run, GET its file (and confirm the transfer by hand). Each step that moved money
// now fails with a problem naming what is missing, and nothing moves.

type Json = Record<string, unknown>;
let h: BillHarness;
const OLD_IBAN = "DE89370400440532013000";
const ATTACKER_IBAN = "GB82WEST12345698765432";
const SUPPLIER = "Maschinenbau Nord GmbH";

test.before(async () => {
  h = await startBillHarness();
  const identity = await h.call("PUT", "/v1/seller-identity", {
    body: {
      legalName: "Käufer AG",
      addressLines: ["Hauptstraße 1"],
      city: "Berlin",
      countryCode: "DE",
      companyRegistrationId: "HRB 1",
      bankAccounts: [{ iban: "DE75 5121 0800 1245 1261 99", bic: "SOGEDEFFXXX" }],
    },
  });
  if (identity.status !== 200) throw new Error(`identity: ${identity.status}`);
});
test.after.always(async () => {
  await h?.dispose();
});

const title = (a: { json: unknown }) => (a.json as { title?: unknown } | undefined)?.title;

test.serial(
  "a Member alone cannot redirect a supplier's money and pay it: every step refused, nothing moves",
  async (t) => {
    const member = await userWithToken(h, "Member");
    const made = await h.call("POST", "/v1/suppliers", { body: { name: SUPPLIER, bankDetails: { iban: OLD_IBAN } } });
    const supplierId = String((made.json as Json).id);
    await confirmSupplierAccount(h, supplierId);
    const up = await h.upload(
      pdfWith({ supplierName: SUPPLIER, currency: "EUR", totalAmount: "9800.00", invoiceNumber: "MN-4711" }),
    );
    const billId = String((up.json as Json).id);
    await h.settled(billId);

    // 1. The Member proposes a new account: allowed (a Member keeps supplier records), but it is only a proposal.
    const patched = await callAs(h, member.token, "PATCH", `/v1/suppliers/${supplierId}`, {
      bankDetails: { iban: ATTACKER_IBAN },
    });
    t.is(patched.status, 200);
    t.like(patched.json as Json, { bankDetailsStatus: "Unconfirmed", bankDetailsProposedBy: { id: member.id } });
    // ... which they cannot confirm themselves.
    const selfConfirm = await callAs(h, member.token, "POST", `/v1/suppliers/${supplierId}/bank-details/confirm`, {
      bankDetails: (patched.json as Json).bankDetails,
    });
    t.is(selfConfirm.status, 403);
    t.is(title(selfConfirm), "Permission.Denied");

    // 2. An auto-approving policy is administrators' business.
    const policy = { name: "Pay it", priorityOrder: 0, action: "AutoApprove", bankDetailsChanged: true };
    const refusedPolicy = await callAs(h, member.token, "POST", "/v1/approval-policies", policy);
    t.is(refusedPolicy.status, 403);
    t.is(title(refusedPolicy), "Permission.Denied");
    t.true(String((refusedPolicy.json as Json).detail).includes("createApprovalPolicy"));
    // Even were such a policy there (an administrator made it), it would not approve a bill to an unconfirmed account.
    t.is((await h.call("POST", "/v1/approval-policies", { body: policy })).status, 201);

    // 3. Submitting is a Member's job; the bill waits for people, whatever the policy says.
    const submitted = await callAs(h, member.token, "POST", `/v1/bills/${billId}/submit`);
    t.is(submitted.status, 200, submitted.text);
    t.is((submitted.json as Json).state, "NeedsApproval");
    const approving = await callAs(h, member.token, "POST", `/v1/bills/${billId}/approve`);
    t.is(approving.status, 403);
    t.is(title(approving), "Permission.Denied");
    // An administrator cannot approve it into payment either while the account is unconfirmed.
    const admin = await userWithToken(h, "Admin");
    const adminApproval = await callAs(h, admin.token, "POST", `/v1/bills/${billId}/approve`);
    t.is(adminApproval.status, 409);
    t.is(title(adminApproval), "BankDetails.Unconfirmed");

    // 4. A payment run, its file and a payment by hand are not a Member's.
    const run = await callAs(h, member.token, "POST", "/v1/payment-runs", { billIds: [billId] });
    t.is(run.status, 403);
    t.is(title(run), "Permission.Denied");
    const paid = await callAs(h, member.token, "POST", `/v1/bills/${billId}/mark-paid`, {
      reason: "paid",
      reference: "X",
    });
    t.is(paid.status, 403);
    t.is(title(paid), "Permission.Denied");
    const file = await callAs(h, member.token, "GET", `/v1/payment-runs/${billId}/file`);
    t.is(file.status, 403);

    // Nothing moved: the bill waits, and the proposed account waits for a second person.
    const bill = (await h.call("GET", `/v1/bills/${billId}`)).json as Json;
    t.is(bill.state, "NeedsApproval");
    t.is(bill.paidAt, null);
    const supplier = (await h.call("GET", `/v1/suppliers/${supplierId}`)).json as Json;
    t.is(supplier.bankDetailsStatus, "Unconfirmed");
    t.is((supplier.bankDetails as Json).iban, ATTACKER_IBAN);
  },
);
