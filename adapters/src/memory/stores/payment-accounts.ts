import type { PaymentAccounts } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy } from "../tables.js";

const key = (scope: { clientId: string; organisationId: string }) => `${scope.clientId} ${scope.organisationId}`;

/** Payment accounts in memory, as the SQL store answers them. */
export const memoryPaymentAccounts = (access: Access): PaymentAccounts => ({
  ofOrganisation: async (scope) => copy(access.read().paymentAccounts.get(key(scope))),
  ofAccountId: async (provider, accountId) =>
    copy([...access.read().paymentAccounts.values()].find((a) => a.provider === provider && a.accountId === accountId)),
  save: (account) =>
    access.write((t) => {
      const clash = [...t.paymentAccounts.values()].find(
        (a) => a.provider === account.provider && a.accountId === account.accountId && key(a) !== key(account),
      );
      if (clash !== undefined) throw new Error(`duplicate payment account: ${account.accountId}`);
      t.paymentAccounts.set(key(account), copy(account));
    }),
  markEventApplied: (provider, eventId, at, outcome) =>
    access.write((t) => {
      const id = `${provider} ${eventId}`;
      if (t.processorEvents.get(id) !== undefined) return false;
      t.processorEvents.set(id, { outcome, at });
      return true;
    }),
});
