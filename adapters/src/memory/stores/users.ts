import type { Users } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

const emailKey = (clientId: string, email: string): string => `${clientId} ${email.toLowerCase()}`;

/** Users in memory; e-mail addresses are unique per client, ignoring case. */
export const memoryUsers = (access: Access): Users => ({
  add: (user) =>
    access.write((t) => {
      const key = emailKey(user.clientId, user.email);
      assertAbsent(t.users, user.id, "user id");
      assertAbsent(t.userEmails, key, "user e-mail");
      t.users.set(user.id, copy(user));
      t.userEmails.set(key, user.id);
    }),
  ofId: async (clientId, id) => {
    const user = access.read().users.get(id);
    return user?.clientId === clientId ? copy(user) : undefined;
  },
  ofEmail: async (clientId, email) => {
    const tables = access.read();
    const id = tables.userEmails.get(emailKey(clientId, email));
    return id === undefined ? undefined : copy(tables.users.get(id));
  },
  withEmail: async (email) => {
    const lower = email.toLowerCase();
    return copy(
      [...access.read().users.values()]
        .filter((u) => u.email.toLowerCase() === lower)
        .sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0)),
    );
  },
});
