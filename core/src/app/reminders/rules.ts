import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import { REMINDER_OFFSETS, type ReminderOffset } from "../../invoices/model.js";
import { DEFAULT_REMINDER_OFFSETS, OFFSET_DAYS } from "../../reminders/model.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { ReminderDeps } from "./deps.js";
import type { ReminderRulesJson } from "./reminder-json.js";

const Offset = t.keyof(
  Object.fromEntries(REMINDER_OFFSETS.map((o) => [o, null])) as Record<ReminderOffset, null>,
  "ReminderOffset",
);

/** The body of PUT /v1/invoice-reminders: the offsets invoices get unless chosen at send (empty: none). */
export const ReminderRulesBody = closedType({ offsets: t.readonlyArray(Offset) }, {}, "InvoiceReminderRules");
export type ReminderRulesBody = t.TypeOf<typeof ReminderRulesBody>;

const sorted = (offsets: readonly ReminderOffset[]) =>
  [...new Set(offsets)].sort((a, b) => OFFSET_DAYS[a] - OFFSET_DAYS[b]);

/** The organisation's default reminder offsets. */
export const getReminderRules =
  (deps: Pick<ReminderDeps<"invoiceReminders">, "db">) =>
  (scope: OrgScope): TE.TaskEither<DomainError, ReminderRulesJson> =>
  async () => {
    const offsets = await deps.db.stores.invoiceReminders.rulesOf(scope);
    return E.right({ offsets: offsets ?? DEFAULT_REMINDER_OFFSETS, isDefault: offsets === undefined });
  };

/** Replaces the organisation's default offsets (invoices already planned keep theirs). */
export const putReminderRules =
  (deps: Pick<ReminderDeps<"invoiceReminders">, "db" | "clock">) =>
  (scope: OrgScope, body: ReminderRulesBody): TE.TaskEither<DomainError, ReminderRulesJson> =>
  async () => {
    const offsets = sorted(body.offsets);
    await deps.db.run((s) => s.invoiceReminders.saveRules(scope, offsets, deps.clock.now()));
    return E.right({ offsets, isDefault: false });
  };
