import type { PersonSessions, SignInLinks } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

/** Sign-in links in memory; a use is one atomic write, so only one of concurrent uses gets the link. */
export const memorySignInLinks = (access: Access): SignInLinks => ({
  add: (link) =>
    access.write((t) => {
      assertAbsent(t.signInLinks, link.tokenHash, "sign-in link");
      t.signInLinks.set(link.tokenHash, copy({ ...link, email: link.email.toLowerCase() }));
    }),
  consume: (tokenHash, now) =>
    access.write((t) => {
      const link = t.signInLinks.get(tokenHash);
      if (link === undefined || link.usedAt !== null || link.expiresAt <= now) return undefined;
      const used = { ...link, usedAt: new Date(now) };
      t.signInLinks.set(tokenHash, used);
      return copy(used);
    }),
  usable: async (tokenHash, now) => {
    const link = access.read().signInLinks.get(tokenHash);
    return link !== undefined && link.usedAt === null && link.expiresAt > now;
  },
});

/** Person sessions in memory, by the hash of their id. */
export const memoryPersonSessions = (access: Access): PersonSessions => ({
  add: (session) =>
    access.write((t) => {
      assertAbsent(t.personSessions, session.idHash, "person session");
      t.personSessions.set(session.idHash, copy(session));
    }),
  live: async (idHash, now) => {
    const session = access.read().personSessions.get(idHash);
    return session === undefined || session.endedAt !== null || session.expiresAt <= now ? undefined : copy(session);
  },
  end: (idHash, at) =>
    access.write((t) => {
      const session = t.personSessions.get(idHash);
      if (session !== undefined && session.endedAt === null)
        t.personSessions.set(idHash, { ...session, endedAt: new Date(at) });
    }),
});
