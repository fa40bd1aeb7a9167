import { REDACTED_VALUE } from "../../audit/diff.js";
import { canonicalJson } from "../../audit/hash.js";
import type { AuditChanges, AuditRecord } from "../../audit/model.js";
import type { Actor, OutboxEvent } from "../../events/envelope.js";
import { SYSTEM_ACTOR } from "../../events/envelope.js";
import type { AuditLog } from "../../ports/audit.js";
import type { Database, Stores } from "../../ports/stores.js";
import type { Ids } from "../../shared/ids.js";
import { uuidV7Time } from "../../shared/uuid-v7.js";
import { OPERATOR_CHAIN, STORE_AUDIT, type StoreAuditTable, type Touch } from "./store-writes.js";

/** Who is changing things, as the request (or job) knows it. Absent: the system. */
export interface AuditContext {
  readonly actor: Actor;
  /** The client the request acts for. */
  readonly clientId?: string;
  readonly requestId?: string;
}

/** What the capture needs: ids (UUID v7, whose time is the entry's) and the current context. */
export interface AuditCapture {
  readonly ids: Ids;
  readonly context: () => AuditContext | undefined;
  /** Default: every store as `STORE_AUDIT` says (tests take rows away to see the coverage test fail). */
  readonly table?: StoreAuditTable;
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;
type AnyStore = Record<string, AnyMethod>;
/** A row of the table whatever its method's types (the table itself is checked against them). */
type AnyAudit =
  | "read"
  | "internal"
  | {
      readonly before?: (stores: Stores, args: never) => Promise<unknown>;
      readonly touches: (args: never, result: never, before: unknown) => readonly Touch[];
    };
type Wrap = (name: string, method: AnyMethod, audit: Exclude<AnyAudit, "read" | "internal">) => AnyMethod;

/** A store with each audited method replaced by `wrap`'s; reads and bookkeeping go straight through. */
const wrapStore = (store: AnyStore, table: Readonly<Record<string, AnyAudit>>, wrap: Wrap): AnyStore => {
  const wrapped: AnyStore = { ...store };
  for (const [name, audit] of Object.entries(table)) {
    const method = store[name];
    if (method === undefined || audit === "read" || audit === "internal") continue;
    wrapped[name] = wrap(name, method.bind(store), audit);
  }
  return wrapped;
};

/** Every store of `stores` wrapped (the matching stores one level down). */
const wrapStores = (stores: Stores, table: StoreAuditTable, wrap: (store: string) => Wrap): Stores => {
  const out: Record<string, unknown> = { ...stores };
  for (const [name, rows] of Object.entries(table)) {
    const store = (stores as unknown as Record<string, AnyStore | Record<string, AnyStore>>)[name];
    if (store === undefined) continue;
    out[name] =
      name === "matching"
        ? Object.fromEntries(
            Object.entries(rows).map(([sub, subRows]) => [
              sub,
              wrapStore(
                (store as Record<string, AnyStore>)[sub] as AnyStore,
                subRows as Readonly<Record<string, AnyAudit>>,
                wrap(`${name}.${sub}`),
              ),
            ]),
          )
        : wrapStore(store as AnyStore, rows as Readonly<Record<string, AnyAudit>>, wrap(name));
  }
  return out as unknown as Stores;
};

interface Pending {
  readonly resourceType: string;
  readonly resourceId: string;
  clientId: string | undefined;
  organisationId: string | null;
  readonly actions: string[];
  readonly changes: Record<string, { before: unknown; after: unknown }>;
  actor: Actor | undefined;
  claimed: boolean;
}

/** The net effect of several changes to one field: its first `before`, its last `after`. */
const merge = (pending: Pending, changes: AuditChanges): void => {
  for (const [field, c] of Object.entries(changes)) {
    const earlier = pending.changes[field];
    pending.changes[field] = { before: earlier === undefined ? c.before : earlier.before, after: c.after };
  }
};

/** A resource's actions in one unit of work, as one: created or deleted wins; else the last verb. */
const actionOf = (actions: readonly string[]): string => {
  if (actions[0] === "created" && actions.at(-1) !== "deleted") return "created";
  if (actions.includes("deleted")) return "deleted";
  return [...actions].reverse().find((a) => a !== "updated") ?? "updated";
};

/** Fields a unit of work changed and then changed back are left out (a secret's change always stays). */
const withoutNoops = (changes: AuditChanges): AuditChanges =>
  Object.fromEntries(
    Object.entries(changes).filter(
      ([, c]) => c.after === REDACTED_VALUE || canonicalJson(c.before) !== canonicalJson(c.after),
    ),
  );

/** One unit of work's changes: the events it appended and the resources its writes touched. */
class UnitRecorder {
  private readonly events: OutboxEvent[] = [];
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly inner: Stores,
    private readonly table: StoreAuditTable,
  ) {}

  /** The stores the unit of work is given: each write notes what it changes, the outbox notes its events. */
  stores(): Stores {
    const wrapped = wrapStores(this.inner, this.table, () => (_name, method, audit) => async (...args) => {
      const before = audit.before === undefined ? undefined : await audit.before(this.inner, args as never);
      const result = await method(...args);
      for (const t of audit.touches(args as never, result as never, before)) this.note(t);
      return result;
    });
    return {
      ...wrapped,
      events: {
        ...this.inner.events,
        append: async (events) => {
          await this.inner.events.append(events);
          this.events.push(...events);
        },
      },
    };
  }

  private note(t: Touch): void {
    const key = `${t.resourceType} ${t.resourceId}`;
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = {
        resourceType: t.resourceType,
        resourceId: t.resourceId,
        clientId: t.clientId,
        organisationId: t.organisationId,
        actions: [],
        changes: {},
        actor: t.actor,
        claimed: false,
      };
      this.pending.set(key, pending);
    }
    pending.actions.push(t.action);
    pending.clientId ??= t.clientId;
    pending.organisationId ??= t.organisationId;
    pending.actor ??= t.actor;
    merge(pending, t.changes);
  }

  /**
   * The unit of work's entries: one per event (with the changes its subject's writes made), then one per resource
   * written that no event names (`<resource>.<action>`); an update that changed no field leaves none.
   */
  records(ids: Ids, context: AuditContext | undefined): AuditRecord[] {
    const requestId = context?.requestId ?? null;
    const at = (id: string) => new Date(uuidV7Time(id));
    const organisationsMade = new Map(
      [...this.pending.values()]
        .filter((p) => p.resourceType === "organisation")
        .map((p) => [p.resourceId, p.clientId]),
    );
    const records: AuditRecord[] = [];
    for (const event of this.events) {
      const subject = { type: event.subjectType ?? "event", id: event.subjectId ?? event.envelope.id };
      const pending = this.pending.get(`${subject.type} ${subject.id}`);
      const changes = pending === undefined || pending.claimed ? {} : withoutNoops(pending.changes);
      if (pending !== undefined) pending.claimed = true;
      const id = ids.next();
      records.push({
        id,
        occurredAt: at(id),
        clientId: event.clientId,
        organisationId: event.envelope.organisationId,
        actor: event.envelope.actor,
        type: event.envelope.type,
        resourceType: subject.type,
        resourceId: subject.id,
        changes,
        requestId,
      });
    }
    for (const pending of this.pending.values()) {
      if (pending.claimed) continue;
      const action = actionOf(pending.actions);
      const changes = withoutNoops(pending.changes);
      if (action === "updated" && Object.keys(changes).length === 0) continue;
      const id = ids.next();
      const clientId =
        pending.clientId ??
        (pending.organisationId === null ? undefined : organisationsMade.get(pending.organisationId)) ??
        context?.clientId ??
        OPERATOR_CHAIN;
      records.push({
        id,
        occurredAt: at(id),
        clientId,
        organisationId: pending.organisationId,
        actor: pending.actor ?? context?.actor ?? SYSTEM_ACTOR,
        type: `${pending.resourceType}.${action}`,
        resourceType: pending.resourceType,
        resourceId: pending.resourceId,
        changes,
        requestId,
      });
    }
    return records;
  }
}

/** Runs `work` in `stores`' unit of work and appends its audit entries there, before it commits. */
const recorded = async <A>(stores: Stores, capture: AuditCapture, work: (stores: Stores) => Promise<A>): Promise<A> => {
  const recorder = new UnitRecorder(stores, capture.table ?? STORE_AUDIT);
  const result = await work(recorder.stores());
  const records = recorder.records(capture.ids, capture.context());
  if (records.length > 0) await (stores.auditLog as AuditLog).append(records);
  return result;
};

/**
 * The database with an audit log kept where changes commit: every unit of work appends, in its own transaction, one
 * entry per event it emitted and one per resource it changed without one, with the fields' values before and after.
 * A write outside a unit of work runs in one of its own, so it is recorded the same way. No use case takes part.
 */
export const auditedDatabase = (database: Database, capture: AuditCapture): Database => {
  const table = capture.table ?? STORE_AUDIT;
  const alone = wrapStores(
    database.stores,
    table,
    (store) =>
      (name) =>
      (...args) =>
        database.run((s) =>
          recorded(s, capture, (w) => {
            const [first, second] = store.split(".");
            const target = (w as unknown as Record<string, Record<string, AnyStore>>)[first as string];
            const owner = (second === undefined ? target : target?.[second]) as AnyStore;
            return (owner[name] as AnyMethod)(...args);
          }),
        ),
  );
  return {
    ...database,
    dialect: database.dialect,
    stores: {
      ...alone,
      events: {
        ...database.stores.events,
        append: (events) => database.run((s) => recorded(s, capture, (w) => w.events.append(events))),
      },
    },
    run: (work) => database.run((s) => recorded(s, capture, work)),
    migrate: () => database.migrate(),
    ready: () => database.ready(),
    withLock: (name, work) => database.withLock(name, work),
    close: () => database.close(),
  };
};
