import { openMemoryDatabase } from "@apar/adapters/memory";
import { randomIds } from "@apar/adapters/system/ids";
import type { Actor } from "@apar/core";
import { confirmBankDetails, createSupplier } from "@apar/core/app";
import type { Clock } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

// The confirmation's own rules, behind the permissions table (which already keeps keys and Members out over HTTP):
// a person, acting as Approver or administrator, never the proposer, and not through an agent or MCP client.

const clock: Clock = { now: () => new Date("2026-05-06T07:08:09Z") };
const scope = {
  clientId: "01900000-0000-7000-8000-0000000000c1",
  organisationId: "01900000-0000-7000-8000-0000000000a1",
};
const IBAN = "DE89370400440532013000";
const proposer: Actor = { type: "user", id: "01900000-0000-7000-8000-0000000000e1" };
const other: Actor = { type: "user", id: "01900000-0000-7000-8000-0000000000e2" };

test("only another person acting as Approver confirms, directly; then the account is Confirmed", async (t) => {
  const deps = { db: openMemoryDatabase(), clock, ids: randomIds(clock) };
  const made = await createSupplier(deps)(scope, { name: "Acme", bankDetails: { iban: IBAN } }, proposer)();
  if (E.isLeft(made)) throw new Error(made.left.code);
  const confirm = (actor: Actor, approver = true) =>
    confirmBankDetails(deps)({ scope, actor, approver, id: made.right.id, body: { bankDetails: { iban: IBAN } } })();
  const codeOf = async (actor: Actor, approver = true) => {
    const answer = await confirm(actor, approver);
    return E.isLeft(answer) ? [answer.left.kind, answer.left.code] : ["ok"];
  };
  t.deepEqual(await codeOf({ type: "api_key", id: "k" }), ["Forbidden", "BankDetails.PersonRequired"]);
  t.deepEqual(await codeOf({ ...other, via: "agent" }), ["Forbidden", "BankDetails.PersonRequired"]);
  t.deepEqual(await codeOf({ ...other, via: "mcp" }), ["Forbidden", "BankDetails.PersonRequired"]);
  t.deepEqual(await codeOf(other, false), ["Forbidden", "BankDetails.RoleRequired"]);
  t.deepEqual(await codeOf(proposer), ["Forbidden", "BankDetails.SameActor"]);
  const done = await confirm(other);
  t.true(E.isRight(done) && done.right.bankDetailsConfirmed?.actor.id === other.id);
});
