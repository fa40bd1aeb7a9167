import type { PaymentRun } from "@apar/core";
import type { OrgScope, PaymentRuns } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

const inScope = (scope: OrgScope) => (r: PaymentRun) =>
  r.clientId === scope.clientId && r.organisationId === scope.organisationId;

/** Payment runs in memory, as the SQL store answers them (units of work run one at a time: locking is a no-op). */
export const memoryPaymentRuns = (access: Access): PaymentRuns => ({
  insert: (run) =>
    access.write((t) => {
      assertAbsent(t.paymentRuns, run.id, "payment run");
      t.paymentRuns.set(run.id, copy(run));
    }),
  update: (run) =>
    access.write((t) => {
      t.paymentRuns.set(run.id, copy(run));
    }),
  ofId: async (scope, id) => {
    const run = access.read().paymentRuns.get(id);
    return run !== undefined && inScope(scope)(run) ? copy(run) : undefined;
  },
  ofBill: async (scope, billId) => {
    const runs = [...access.read().paymentRuns.values()]
      .filter(inScope(scope))
      .filter((r) => r.items.some((i) => i.billId === billId))
      .sort((a, b) => (a.id < b.id ? 1 : -1));
    return copy(runs[0]);
  },
  list: async (scope, page) =>
    copy(keysetPage([...access.read().paymentRuns.values()].filter(inScope(scope)), (r) => r.id, page)),
  lock: async () => {},
  settingsOf: async (scope) => copy(access.read().paymentRunSettings.get(`${scope.clientId} ${scope.organisationId}`)),
  saveSettings: (scope, settings) =>
    access.write((t) => {
      t.paymentRunSettings.set(`${scope.clientId} ${scope.organisationId}`, copy(settings));
    }),
});
