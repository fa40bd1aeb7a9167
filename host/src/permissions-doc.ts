import { PERMISSIONS, type PermissionTable, ROLE_NAMES, ROLES, type Role } from "@apar/core";

/** The README's columns: every role but `Public` (operations without a credential get a row of their own). */
const COLUMNS: readonly Role[] = ROLES.filter((r) => r !== "Public");

/**
 * The permissions table as Markdown for the README (`npm run apar -- permissions`): one row per set of roles,
 * naming its operations (operationIds, and `tool:<name>` for MCP and agent tools). test/readme checks that the
 * README holds exactly this, so the page cannot drift from the table the server enforces.
 */
export const permissionsMarkdown = (table: PermissionTable = PERMISSIONS): string => {
  const groups = new Map<string, { roles: readonly Role[]; operations: string[] }>();
  for (const [operation, roles] of Object.entries(table)) {
    const key = ROLES.filter((r) => roles.includes(r)).join(",");
    const group = groups.get(key) ?? { roles, operations: [] };
    group.operations.push(operation);
    groups.set(key, group);
  }
  const rows = [...groups.values()].sort((a, b) => b.operations.length - a.operations.length);
  const header = `| operations | ${COLUMNS.map((r) => ROLE_NAMES[r]).join(" | ")} |`;
  const rule = `|---|${COLUMNS.map(() => ":-:").join("|")}|`;
  const lines = rows.map((g) => {
    // An operator key also holds ApiKey (core's rolesOf).
    const holds = (r: Role) => g.roles.includes(r) || (r === "Operator" && g.roles.includes("ApiKey"));
    const marks = COLUMNS.map((r) => (holds(r) ? "yes" : ""));
    const label = g.roles.includes("Public") ? "no credential: " : "";
    return `| ${label}${g.operations.sort().join(", ")} | ${marks.join(" | ")} |`;
  });
  return [header, rule, ...lines].join("\n");
};
