import { contractTest } from "./contract.js";
import { aClient, aUser } from "./fixtures.js";

contractTest("users: add then ofId within the client", async (t, { stores }) => {
  const user = aUser(aClient().id, { clientRoles: ["Owner", "Admin"] });
  await stores.users.add(user);
  t.deepEqual(await stores.users.ofId(user.clientId, user.id), user);
  t.is(await stores.users.ofId(aClient().id, user.id), undefined);
});

contractTest("users: ofEmail ignores case and is scoped to the client", async (t, { stores }) => {
  const user = aUser(aClient().id, { email: "Ada.Lovelace@Example.com" });
  await stores.users.add(user);
  t.deepEqual(await stores.users.ofEmail(user.clientId, "ada.lovelace@example.COM"), user);
  t.is(await stores.users.ofEmail(aClient().id, user.email), undefined);
  t.is(await stores.users.ofEmail(user.clientId, "someone@example.com"), undefined);
});

contractTest("users: an e-mail is unique per client, ignoring case", async (t, { stores }) => {
  const user = aUser(aClient().id, { email: "ada@example.com" });
  await stores.users.add(user);
  await t.throwsAsync(stores.users.add(aUser(user.clientId, { email: "ADA@example.com" })));
  await t.notThrowsAsync(stores.users.add(aUser(aClient().id, { email: "ada@example.com" })));
});
