import { billPage } from "@apar/adapters/portal/review-pages";
import { billJson, emptyLifecycle, PERMISSIONS, permits, type Role } from "@apar/core";
import test from "ava";
import { aBill } from "../contracts/bill-fixtures.js";

// The review page draws only the buttons the signed-in credential may use, as the permissions table says.
const scope = {
  clientId: "7f0c2a56-1d0e-4c8e-9a51-0b8f6f0b2a01",
  organisationId: "7f0c2a56-1d0e-4c8e-9a51-0b8f6f0b2a02",
};

const pageFor = (roles: readonly Role[], state: "PendingReview" | "NeedsApproval"): string => {
  const bill = aBill(scope, { state });
  const queued = {
    organisation: { id: scope.organisationId, name: "Org" },
    bill: billJson(bill, emptyLifecycle(bill, null)),
  };
  const user = { clientName: "Client", csrf: "token", may: (op: string) => permits(PERMISSIONS, op, roles) };
  return billPage(user, queued, {}, {}).text;
};

test("an Approver sees Approve and Reject but no field form or Submit; a Member the reverse", (t) => {
  const approver = pageFor(["Approver"], "NeedsApproval");
  t.true(approver.includes('id="approve"'));
  t.true(approver.includes('id="reject"'));
  const member = pageFor(["Member"], "NeedsApproval");
  t.false(member.includes('id="approve"'));
  t.false(member.includes('id="reject"'));

  t.true(pageFor(["Member"], "PendingReview").includes('id="submit"'));
  const reviewing = pageFor(["Approver"], "PendingReview");
  t.false(reviewing.includes('id="submit"'));
  t.false(reviewing.includes('action="/portal/review/correct"'), "the fields are shown read-only");
});

test("a client administrator sees every button", (t) => {
  t.true(pageFor(["ClientAdmin"], "NeedsApproval").includes('id="approve"'));
  t.true(pageFor(["ClientAdmin"], "PendingReview").includes('id="submit"'));
});
