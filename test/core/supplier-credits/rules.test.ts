import { applicationProblem, type CreditApplication, issuedStatus, remainingAmount } from "@apar/core";
import test from "ava";

const app = (amount: string, status: CreditApplication["status"] = "Applied"): CreditApplication => ({
  id: amount,
  billId: "b",
  amount,
  status,
  appliedAt: "2026-01-01T00:00:00.000Z",
  reversedAt: null,
  actor: { type: "system", id: null },
});

// note amount, its applications, amount to apply, what the bill owes -> refused (a reason) or not.
const ROWS: [string, string, CreditApplication[], string, string, boolean][] = [
  ["all of a fresh note", "100", [], "100", "150", false],
  ["more than the note holds", "100", [], "100.01", "150", true],
  ["more than the note has left", "100", [app("60")], "40.01", "150", true],
  ["exactly what is left", "100", [app("60")], "40", "150", false],
  ["a reversed application frees its amount", "100", [app("60", "Reversed")], "100", "150", false],
  ["more than the bill owes", "100", [], "50.01", "50", true],
  ["zero", "100", [], "0", "50", true],
  ["negative", "100", [], "-1", "50", true],
  ["exact decimals", "0.3", [app("0.1"), app("0.1")], "0.1", "1", false],
];

for (const [name, amount, applications, apply, owes, refused] of ROWS) {
  test(`apply: ${name}`, (t) => {
    t.is(applicationProblem({ amount, applications }, apply, owes) !== undefined, refused);
  });
}

test("status follows the applications; remaining is exact", (t) => {
  t.is(issuedStatus({ amount: "100", applications: [] }), "Issued");
  t.is(issuedStatus({ amount: "100", applications: [app("0.01")] }), "PartiallyApplied");
  t.is(issuedStatus({ amount: "100", applications: [app("60"), app("40")] }), "Applied");
  t.is(issuedStatus({ amount: "100", applications: [app("60"), app("40", "Reversed")] }), "PartiallyApplied");
  t.is(remainingAmount({ amount: "0.3", applications: [app("0.1"), app("0.1")] }), "0.1");
});
