import { hashToolConfirmationToken, type ToolConfirmation } from "@apar/core";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";

const scopeOf = () => ({ clientId: newId(), organisationId: newId() });

const aConfirmation = (scope: { clientId: string; organisationId: string }): ToolConfirmation => ({
  tokenHash: hashToolConfirmationToken(newId()),
  ...scope,
  principal: { type: "user", id: newId() },
  via: "agent",
  tool: "schedule_payment",
  input: { id: newId(), paymentDate: "2030-01-15", paymentMethod: "SEPA transfer" },
  summary: "Schedule 99.90 EUR to Globex (bill INV-1) for payment on 2030-01-15 by SEPA transfer.",
  amount: "99.90",
  currency: "EUR",
  payee: "Globex",
  createdAt: at(1),
  expiresAt: at(2),
  usedAt: null,
});

contractTest(
  "tool confirmations: add and read by hash; another organisation or client answers undefined",
  async (t, { stores }) => {
    const scope = scopeOf();
    const c = aConfirmation(scope);
    await stores.toolConfirmations.add(c);
    t.deepEqual(await stores.toolConfirmations.ofHash(scope, c.tokenHash), c);
    t.is(await stores.toolConfirmations.ofHash({ ...scope, organisationId: newId() }, c.tokenHash), undefined);
    t.is(await stores.toolConfirmations.ofHash({ ...scope, clientId: newId() }, c.tokenHash), undefined);
    t.is(await stores.toolConfirmations.ofHash(scope, hashToolConfirmationToken("nobody's")), undefined);
    const nulls = { ...aConfirmation(scope), amount: null, currency: null, payee: null };
    await stores.toolConfirmations.add(nulls);
    t.deepEqual(await stores.toolConfirmations.ofHash(scope, nulls.tokenHash), nulls);
  },
);

contractTest(
  "tool confirmations: used once; two racing uses, one wins; another organisation uses none",
  async (t, { stores }) => {
    const scope = scopeOf();
    const c = aConfirmation(scope);
    await stores.toolConfirmations.add(c);
    t.false(await stores.toolConfirmations.markUsed({ ...scope, organisationId: newId() }, c.tokenHash, at(3)));
    const raced = await Promise.all([
      stores.toolConfirmations.markUsed(scope, c.tokenHash, at(3)),
      stores.toolConfirmations.markUsed(scope, c.tokenHash, at(4)),
    ]);
    t.deepEqual(
      raced.filter((won) => won),
      [true],
    );
    t.false(await stores.toolConfirmations.markUsed(scope, c.tokenHash, at(5)));
    t.deepEqual((await stores.toolConfirmations.ofHash(scope, c.tokenHash))?.usedAt, raced[0] ? at(3) : at(4));
  },
);
