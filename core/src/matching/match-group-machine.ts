import type { MachineTable } from "../shared/state-machine.js";
import { MATCH_STATUSES, type MatchStatus } from "./model.js";

/**
 * What moves a match group: `evaluate` (its lines, allocations and resolutions were looked at again; the context is
 * the status the evaluation found) and `sync` (its bill reached an accounting system: an acknowledged export of the
 * books carried it, or a subscriber said so).
 */
export const MATCH_GROUP_TRIGGERS = ["evaluate", "sync"] as const;
export type MatchGroupTrigger = (typeof MATCH_GROUP_TRIGGERS)[number];

type Evaluated = Exclude<MatchStatus, "Synced">;
const found = (status: Evaluated) => ({ name: `evaluated ${status}`, holds: (c: Evaluated) => c === status });
const LIVE = ["Open", "Variance", "Resolved"] as const;

/**
 * The match group's machine as data: an evaluation takes a live group to the status it found, recording
 * `match_group.variance` or `match_group.resolved` on entering those; a Synced group stays Synced. A group without an
 * unresolved variance (Open or Resolved) may be synced; one in Variance may not (its bill's booking is in question).
 * Syncing records no event: the spec's catalog has none for it, and the one who syncs knows.
 */
export const MATCH_GROUP_MACHINE: MachineTable<
  MatchStatus,
  MatchGroupTrigger,
  Evaluated,
  "match_group.variance" | "match_group.resolved"
> = {
  name: "MatchGroup",
  states: MATCH_STATUSES,
  triggers: MATCH_GROUP_TRIGGERS,
  initial: "Open",
  transitions: [
    { from: LIVE, trigger: "evaluate", guard: found("Variance"), to: "Variance", events: ["match_group.variance"] },
    { from: LIVE, trigger: "evaluate", guard: found("Resolved"), to: "Resolved", events: ["match_group.resolved"] },
    { from: LIVE, trigger: "evaluate", to: "Open", events: [] },
    { from: "Synced", trigger: "evaluate", to: "Synced", events: [] },
    { from: ["Open", "Resolved"], trigger: "sync", to: "Synced", events: [] },
  ],
};
