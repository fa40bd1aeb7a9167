import type { Job, Jobs } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy, type JobRow } from "../tables.js";

const DEFAULT_MAX_ATTEMPTS = 5;

const toJob = ({ availableAt: _, ...job }: JobRow): Job => copy(job);

const byAvailability = (a: JobRow, b: JobRow): number =>
  (a.availableAt?.getTime() ?? 0) - (b.availableAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const held = (job: JobRow | undefined, worker: string): job is JobRow =>
  job !== undefined && job.status === "running" && job.lockedBy === worker;

const isLive = (j: JobRow, now: Date): boolean =>
  j.status === "ready" ||
  (j.status === "running" && ((j.lockedUntil !== null && j.lockedUntil > now) || j.attempts < j.maxAttempts));

const unlocked = { availableAt: null, lockedBy: null, lockedUntil: null } as const;

/** The job queue in memory, with the SQL queue's rules (see sql/stores/jobs.ts). */
export const memoryJobs = (access: Access, newId: () => string): Jobs => ({
  enqueue: (job, now) =>
    access.write((t) => {
      const existing = job.key === undefined ? undefined : t.jobKeys.get(job.key);
      if (existing !== undefined) return existing;
      const id = newId();
      const runAt = new Date(job.runAt ?? now);
      t.jobs.set(id, {
        id,
        type: job.type,
        // Through JSON, as the SQL adapters store it.
        payload: JSON.parse(JSON.stringify(job.payload ?? null)),
        key: job.key ?? null,
        status: "ready",
        attempts: 0,
        maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt,
        availableAt: runAt,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
      });
      if (job.key !== undefined) t.jobKeys.set(job.key, id);
      return id;
    }),

  claim: ({ worker, types, now, visibilityMs }) =>
    access.write((t) => {
      const candidates = [...t.jobs.values()]
        .filter(
          (j) => j.availableAt !== null && j.availableAt <= now && (types === undefined || types.includes(j.type)),
        )
        .sort(byAvailability);
      for (const job of candidates) {
        if (job.status === "running" && job.attempts >= job.maxAttempts) {
          const lastError = `lock expired during attempt ${job.attempts} of ${job.attempts}`;
          t.jobs.set(job.id, { ...job, ...unlocked, status: "dead", lastError });
          continue;
        }
        const lockedUntil = new Date(now.getTime() + visibilityMs);
        const claimed: JobRow = {
          ...job,
          status: "running",
          attempts: job.attempts + 1,
          lockedBy: worker,
          lockedUntil,
          availableAt: lockedUntil,
        };
        t.jobs.set(job.id, claimed);
        return toJob(claimed);
      }
      return undefined;
    }),

  renew: (id, worker, { now, visibilityMs }) =>
    access.write((t) => {
      const job = t.jobs.get(id);
      if (!held(job, worker)) return false;
      const lockedUntil = new Date(now.getTime() + visibilityMs);
      t.jobs.set(id, { ...job, lockedUntil, availableAt: lockedUntil });
      return true;
    }),

  complete: (id, worker) =>
    access.write((t) => {
      const job = t.jobs.get(id);
      if (held(job, worker)) t.jobs.set(id, { ...job, ...unlocked, status: "done" });
    }),

  fail: (id, worker, { error, retryAt }) =>
    access.write((t) => {
      const job = t.jobs.get(id);
      if (!held(job, worker)) return;
      if (retryAt !== undefined && job.attempts < job.maxAttempts) {
        const at = new Date(retryAt);
        t.jobs.set(id, { ...job, ...unlocked, status: "ready", runAt: at, availableAt: at, lastError: error });
      } else {
        t.jobs.set(id, { ...job, ...unlocked, status: "dead", lastError: error });
      }
    }),

  release: (worker, now) =>
    access.write((t) => {
      let released = 0;
      for (const job of [...t.jobs.values()]) {
        if (!held(job, worker)) continue;
        // The interrupted attempt does not count (as in the SQL queue).
        t.jobs.set(job.id, {
          ...job,
          ...unlocked,
          status: "ready",
          attempts: job.attempts - 1,
          availableAt: new Date(now),
        });
        released += 1;
      }
      return released;
    }),

  ofId: async (id) => {
    const job = access.read().jobs.get(id);
    return job === undefined ? undefined : toJob(job);
  },

  depth: async (now) => {
    const depth = { ready: 0, scheduled: 0, running: 0, dead: 0 };
    for (const job of access.read().jobs.values()) {
      if (job.status === "ready") depth[job.runAt <= now ? "ready" : "scheduled"] += 1;
      else if (job.status === "running" || job.status === "dead") depth[job.status] += 1;
    }
    return depth;
  },
  livePayloads: async (type, now) =>
    copy([...access.read().jobs.values()].filter((j) => j.type === type && isLive(j, now)).map((j) => j.payload)),
});
