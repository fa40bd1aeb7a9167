import type { RouteDef } from "@apar/adapters/http/index";
import { PERMISSIONS, type PermissionTable, permits, type Role, toolOperation } from "@apar/core";
import { toolCatalogue } from "@apar/core/app";
import test from "ava";
import { TOKENS } from "../../../host/src/tokens.js";
import {
  bearer,
  type Harness,
  key,
  seedClient,
  seedKey,
  seedOrganisation,
  seedUser,
  startHarness,
  tokenFor,
} from "../auth/harness.js";
import { checkedOperations, ResponseDriftError } from "../support/response-check.js";
import { missingId } from "../support/tenant.js";

// Walks every route and every tool with a credential of every role: the permissions table is the one answer to
// who may do what. A role the table lets in never meets `Permission.Denied`; any other always does (403, before
// the body is read or an id looked up). An operation without a row fails the walk.

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

type Credentialed = Exclude<Role, "Public">;

interface World {
  readonly organisationId: string;
  readonly clientId: string;
  readonly headers: Readonly<Record<Credentialed, Record<string, string>>>;
}

const seedWorld = async (): Promise<World> => {
  const client = await seedClient(h);
  const organisation = await seedOrganisation(h, client.id, "Walk org");
  const clientKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const operatorKey = await seedKey(h, { kind: "operator" });
  const person = async (options: Parameters<typeof seedUser>[2]) => {
    const user = await seedUser(h, client.id, options);
    return bearer(await tokenFor(h, clientKey.rawKey, user.id, organisation.id));
  };
  const org = { organisationId: organisation.id };
  return {
    organisationId: organisation.id,
    clientId: client.id,
    headers: {
      Operator: key(operatorKey.rawKey, { "x-service-client-id": client.id }),
      ApiKey: key(clientKey.rawKey),
      ClientAdmin: await person({ clientRoles: ["Admin"] }),
      OrgAdmin: await person({ ...org, roles: ["Admin"] }),
      Approver: await person({ ...org, roles: ["Approver"] }),
      Member: await person({ ...org, roles: ["Member"] }),
    },
  };
};

const CREDENTIALED: readonly Credentialed[] = ["Operator", "ApiKey", "ClientAdmin", "OrgAdmin", "Approver", "Member"];

/** The roles a credential of `role` holds (an operator key is also an API key). */
const held = (role: Credentialed): readonly Role[] => (role === "Operator" ? ["Operator", "ApiKey"] : [role]);

/** Refusals the route's access makes before the table is read: the credential's kind is wrong for the route. */
const EARLIER_REFUSALS: ReadonlySet<string> = new Set(["Auth.OperatorOnly", "Auth.ApiKeyRequired"]);

const routesOf = (): readonly RouteDef[] => h.app.container.get(TOKENS.Routes);

/**
 * Every disagreement between the routes as served and `table`: routes without a row, public routes whose row is
 * not `Public` (the portal's signed-in pages excepted: their guard checks the row), and for every credentialed route
 * and role, a refusal the table does not call for or a pass it does not allow.
 */
const walk = async (world: World, table: PermissionTable, only?: (r: RouteDef) => boolean) => {
  const problems: string[] = [];
  let calls = 0;
  for (const route of routesOf()) {
    if (only !== undefined && !only(route)) continue;
    const name = `${route.method} ${route.path} (${route.operationId})`;
    if (!Object.hasOwn(table, route.operationId)) {
      problems.push(`${name} has no row in the permissions table`);
      continue;
    }
    const scope = route.access?.scope ?? (route.security === "none" ? "none" : "credential");
    const own = route.access?.organisationParam;
    const path = route.path.replace(/\{([^}]+)\}/g, (_m, param: string) =>
      param === own ? world.organisationId : missingId(),
    );
    if (scope === "none") {
      const isPublic = table[route.operationId]?.includes("Public") ?? false;
      if (!isPublic && !route.path.startsWith("/portal/"))
        problems.push(`${name} takes no credential but its row is not Public`);
      // Called once without a credential, so that its answer too is held to the document.
      try {
        await h.call(route.method, path, route.method === "GET" || route.method === "DELETE" ? {} : { body: {} });
      } catch (e) {
        if (!(e instanceof ResponseDriftError)) throw e;
        problems.push(e.message.split("\n").slice(0, 2).join(" "));
      }
      calls += 1;
      continue;
    }
    for (const role of CREDENTIALED) {
      const headers = { ...world.headers[role], "x-service-organisation-id": world.organisationId };
      const answer = await h.call(route.method, path, {
        headers,
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { body: {} }),
      });
      calls += 1;
      const title = (answer.json as { title?: unknown } | undefined)?.title;
      const denied = answer.status === 403 && (title === "Permission.Denied" || title === "Permission.NotListed");
      const allowed = permits(table, route.operationId, held(role));
      // A handler may not refuse on its own a role the table lets in (a second word on who may, out of the table).
      if (allowed && answer.status === 403)
        problems.push(`${name}: ${role} is in the table but was refused (${String(title)})`);
      // A role outside the table is refused by the table, or earlier by the route's kind of credential.
      if (!allowed && !denied && !(answer.status === 403 && EARLIER_REFUSALS.has(String(title))))
        problems.push(`${name}: ${role} is not in the table but was answered ${answer.status} ${String(title)}`);
    }
  }
  return { problems, calls };
};

test.serial("every route is in the permissions table and answers every role as the table says", async (t) => {
  const world = await seedWorld();
  const { problems, calls } = await walk(world, PERMISSIONS);
  t.deepEqual(problems, []);
  t.true(calls > 600, `${calls} calls`);
  // The operator's routes (health, readiness, metrics, the document) are served beside the routes: called once.
  const operations = await documentOperations();
  const walked = new Set(routesOf().map((r) => r.operationId));
  for (const op of operations.filter((o) => !walked.has(o.id))) await h.call(op.method, op.path);
  // Every answer of the walk went through the response check: every operation of the document had one checked.
  t.deepEqual(
    unchecked(
      operations.map((o) => o.id),
      checkedOperations(),
    ),
    [],
  );
});

/** The operations of the served document. */
const documentOperations = async (): Promise<{ id: string; method: string; path: string }[]> => {
  const doc = (await h.call("GET", "/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const id = (op as { operationId?: unknown }).operationId;
      return typeof id === "string" ? [{ id, method: method.toUpperCase(), path }] : [];
    }),
  );
};

/** The document's operations none of whose answers was checked against it. */
const unchecked = (operations: readonly string[], checked: ReadonlySet<string>): string[] =>
  operations.filter((id) => !checked.has(id)).sort();

test("the coverage rule can fail: an operation whose answers were never checked is named", (t) => {
  t.deepEqual(unchecked(["getBill", "listBills", "approveBill"], new Set(["getBill"])), ["approveBill", "listBills"]);
});

test.serial("the walk fails on an operation removed from the table, and on a role taken from a row", async (t) => {
  const world = await seedWorld();
  const { approveBill: _removed, ...withoutApprove } = PERMISSIONS;
  const removed = await walk(world, withoutApprove, (r) => r.operationId === "approveBill");
  t.deepEqual(removed.problems, ["POST /v1/bills/{id}/approve (approveBill) has no row in the permissions table"]);

  const narrowed = { ...PERMISSIONS, uploadBill: ["ApiKey"] as const };
  const wrong = await walk(world, narrowed, (r) => r.operationId === "uploadBill");
  t.deepEqual(
    wrong.problems.sort(),
    ["ClientAdmin", "Member", "OrgAdmin"].map(
      (role) =>
        `POST /v1/bills (uploadBill): ${role} is not in the table but was answered 415 Request.UnsupportedMediaType`,
    ),
  );
});

test.serial("every tool is in the table, and each role is offered exactly the tools the table gives it", async (t) => {
  const world = await seedWorld();
  const names = toolCatalogue({} as never).map((tool) => tool.name);
  t.deepEqual(
    names.filter((n) => !Object.hasOwn(PERMISSIONS, toolOperation(n))),
    [],
    "tools without a row",
  );
  for (const role of CREDENTIALED) {
    const listed = await h.call("POST", "/v1/mcp", {
      headers: {
        ...world.headers[role],
        "x-service-organisation-id": world.organisationId,
        accept: "application/json, text/event-stream",
      },
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    t.is(listed.status, 200, `${role}: ${listed.text}`);
    const offered = (listed.json as { result: { tools: { name: string }[] } }).result.tools.map((x) => x.name);
    const expected = names.filter((n) => permits(PERMISSIONS, toolOperation(n), held(role)));
    t.deepEqual(offered, expected, role);
  }
  // A Member prepares but does not approve; an Approver approves but does not prepare.
  t.false(permits(PERMISSIONS, "tool:approve_bill", ["Member"]));
  t.false(permits(PERMISSIONS, "tool:correct_bill", ["Approver"]));
});
