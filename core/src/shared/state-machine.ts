import * as E from "fp-ts/lib/Either.js";
import { conflict, type DomainError } from "./errors.js";

/** A named condition on the context of a move (the name appears in errors and diagrams). */
export interface Guard<C> {
  readonly name: string;
  readonly holds: (context: C) => boolean;
}

/** One row of a transition table: in `from`, on `trigger`, if `guard` holds, go `to` and emit `events`. */
export interface Transition<S extends string, T extends string, C = unknown, V extends string = string> {
  readonly from: S | readonly S[];
  readonly trigger: T;
  readonly guard?: Guard<C>;
  readonly to: S;
  readonly events: readonly V[];
}

/**
 * A state machine as data. Rows are tried in order; the first row whose `from` and `trigger` match and whose
 * guard holds wins, so a guarded row followed by an unguarded one reads as "if ..., else ...".
 */
export interface MachineTable<S extends string, T extends string, C = unknown, V extends string = string> {
  /** The thing that moves (`Bill`); the conflict code is `<name>.InvalidTransition`. */
  readonly name: string;
  readonly states: readonly S[];
  readonly triggers: readonly T[];
  /** Where every instance starts (for reachability). */
  readonly initial: S;
  readonly transitions: readonly Transition<S, T, C, V>[];
}

/** The outcome of a move: the next state and the events to record. */
export interface Moved<S extends string, V extends string = string> {
  readonly to: S;
  readonly events: readonly V[];
}

/** What a trigger does to the thing, as a verb phrase after "cannot" (`update` -> `be updated`). */
const TRIGGER_PHRASES: Readonly<Record<string, string>> = {
  apply: "be applied",
  approve: "be approved",
  cancel: "be cancelled",
  "cancel-payment": "be taken out of a payment run",
  claim: "be claimed",
  change: "be changed",
  close: "be closed",
  complete: "be completed",
  "confirm-payment": "have its payment confirmed",
  "confirm-transfer": "have a transfer confirmed",
  credit: "be credited",
  delete: "be deleted",
  "dismiss-duplicate": "have its duplicate flag dismissed",
  evaluate: "be evaluated",
  expire: "expire",
  "give-up": "be given up",
  fail: "fail",
  "flag-bank-details": "be flagged for changed bank details",
  issue: "be issued",
  "mark-paid": "be marked paid",
  pause: "be paused",
  "read-failed": "fail its reading",
  "read-succeeded": "be read",
  "record-payment": "take a payment",
  redeliver: "be redelivered",
  reject: "be rejected",
  release: "be released",
  reopen: "be reopened",
  resume: "be resumed",
  "retry-ocr": "be read again",
  retry: "be retried",
  "return-payment": "have its payment returned",
  "return-to-review": "be sent back to review",
  "return-transfer": "have a transfer returned",
  reverse: "be reversed",
  "reverse-credit": "have its credit reversed",
  "schedule-payment": "have its payment scheduled",
  send: "be sent",
  "start-payment": "have its payment started",
  submit: "be submitted",
  sync: "be synced",
  succeed: "succeed",
  unschedule: "be unscheduled",
  update: "be updated",
  void: "be voided",
};

/** `PurchaseOrder` -> `purchase order`. */
const nounOf = (name: string): string => name.replace(/(?<=[a-z])(?=[A-Z])/g, " ").toLowerCase();

/**
 * The detail of a refused move, in words: `An invoice in state Sent cannot be updated.` `action` is a
 * trigger (phrased from the table above) or a phrase of its own (`be applied before it is issued`).
 */
export const cannotDetail = (name: string, state: string, action: string, unmet?: string): string => {
  const noun = nounOf(name);
  const article = /^[aeiou]/.test(noun) ? "An" : "A";
  const phrase = TRIGGER_PHRASES[action] ?? action;
  return `${article} ${noun} in state ${state} cannot ${phrase}${unmet === undefined ? "" : ` now: ${unmet} does not hold`}.`;
};

const froms = <S extends string>(from: S | readonly S[]): readonly S[] =>
  typeof from === "string" ? [from as S] : (from as readonly S[]);

/** The rows of a table that start in `state` on `trigger`, in table order. */
export const rowsFor = <S extends string, T extends string, C, V extends string>(
  table: MachineTable<S, T, C, V>,
  state: S,
  trigger: T,
): readonly Transition<S, T, C, V>[] =>
  table.transitions.filter((row) => row.trigger === trigger && froms(row.from).includes(state));

/** Moves `state` on `trigger`: the next state and events, or a Conflict naming the state and the trigger. */
export const transition = <S extends string, T extends string, C, V extends string>(
  table: MachineTable<S, T, C, V>,
  state: S,
  trigger: T,
  context: C,
): E.Either<DomainError, Moved<S, V>> => {
  const rows = rowsFor(table, state, trigger);
  const row = rows.find((r) => r.guard === undefined || r.guard.holds(context));
  if (row !== undefined) return E.right({ to: row.to, events: row.events });
  const code = `${table.name}.InvalidTransition`;
  if (rows.length === 0) return E.left(conflict(code, cannotDetail(table.name, state, trigger)));
  const unmet = rows.map((r) => r.guard?.name).join(", ");
  return E.left(conflict(code, cannotDetail(table.name, state, trigger, unmet)));
};

/** True when some row lets `state` move on `trigger` (ignoring guards). */
export const canTrigger = <S extends string, T extends string, C, V extends string>(
  table: MachineTable<S, T, C, V>,
  state: S,
  trigger: T,
): boolean => rowsFor(table, state, trigger).length > 0;

/** Every (state, trigger) pair of a table, for tests that try them all. */
export const allPairs = <S extends string, T extends string, C, V extends string>(
  table: MachineTable<S, T, C, V>,
): { readonly state: S; readonly trigger: T }[] =>
  table.states.flatMap((state) => table.triggers.map((trigger) => ({ state, trigger })));

/** The states reachable from `initial` (guards assumed satisfiable), in breadth-first order. */
export const reachableStates = <S extends string, T extends string, C, V extends string>(
  table: MachineTable<S, T, C, V>,
): S[] => {
  const seen: S[] = [table.initial];
  for (let i = 0; i < seen.length; i++) {
    const state = seen[i] as S;
    for (const row of table.transitions) {
      if (froms(row.from).includes(state) && !seen.includes(row.to)) seen.push(row.to);
    }
  }
  return seen;
};

/** States with no way out (terminal states). */
export const terminalStates = <S extends string, T extends string, C, V extends string>(
  table: MachineTable<S, T, C, V>,
): S[] => table.states.filter((s) => !table.transitions.some((row) => froms(row.from).includes(s)));

/**
 * What is wrong with a table, in sentences (empty when nothing): rows naming unknown states or triggers,
 * and states that cannot be reached from `initial`.
 */
export const tableProblems = <S extends string, T extends string, C, V extends string>(
  table: MachineTable<S, T, C, V>,
): string[] => {
  const problems: string[] = [];
  const known = (s: S) => table.states.includes(s);
  if (!known(table.initial)) problems.push(`initial state ${table.initial} is not a state`);
  table.transitions.forEach((row, i) => {
    for (const s of [...froms(row.from), row.to]) if (!known(s)) problems.push(`row ${i} names unknown state ${s}`);
    if (!table.triggers.includes(row.trigger)) problems.push(`row ${i} names unknown trigger ${row.trigger}`);
  });
  const reachable = reachableStates(table);
  for (const s of table.states) if (!reachable.includes(s)) problems.push(`state ${s} cannot be reached`);
  return problems;
};
