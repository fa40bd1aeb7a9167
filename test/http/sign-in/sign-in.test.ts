import type { ClientRole, OrganisationRole } from "@apar/core";
import { createUser } from "@apar/core/app";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { eventually } from "../../helpers/eventually.js";
import type { TestProvider } from "../../helpers/oidc-provider.js";
import { anotherClient, type BillHarness, depsOf } from "../bills/bill-harness.js";
import type { SmtpSink } from "../invoices/smtp-sink.js";
import { send } from "../support/client.js";
import { csrfOf, type PageAnswer, type PortalClient, portalClient } from "./portal-client.js";
import { type SignInHarness, startSignInHarness } from "./sign-in-harness.js";

// Staff sign in as themselves over real HTTP: a link by mail through a real SMTP server, and OpenID Connect against a
// conformant provider on loopback (`localhost`, another site than apar's `127.0.0.1`).
let h: BillHarness;
let smtp: SmtpSink;
let idp: TestProvider;
let base: string;
let harness: SignInHarness | undefined;

const ADA = `ada-${Date.now()}@example.com`;
const GRACE = `grace-${Date.now()}@example.com`;

test.before(async () => {
  harness = await startSignInHarness({
    grace: { email: GRACE, email_verified: true },
    unverified: { email: GRACE, email_verified: false },
    stranger: { email: "stranger@example.com", email_verified: true },
  });
  ({ h, smtp, idp, base } = harness);
  const ada = await h.call("POST", `/v1/organisations/${h.organisationId}/users`, {
    body: { email: ADA, name: "Ada", role: "Member" },
  });
  if (ada.status !== 201) throw new Error(ada.text);
});
test.after.always(async () => {
  await harness?.dispose();
});

const LINK = /http:\/\/127\.0\.0\.1:\d+\/portal\/sign-in\/link\/[A-Za-z0-9_-]{43}/;

/** Waits until the worker has run every job it has (a mail that is not sent by then is never sent). */
const jobsDone = () =>
  eventually(async () => {
    const d = await h.app.database.stores.jobs.depth(new Date(Date.now() + 120_000));
    return d.ready + d.scheduled + d.running === 0;
  }, "the job queue to empty");

/** The newest sign-in link mailed to an address (waits for the `n`th mail to it). */
const linkMailedTo = async (email: string, n = 1): Promise<{ link: string; subject: string; text: string }> =>
  eventually(() => {
    const mails = smtp.received.filter((m) => JSON.stringify(m.to).includes(email));
    const mail = mails[n - 1];
    const link = mail === undefined ? undefined : LINK.exec(mail.text ?? "")?.[0];
    return link === undefined ? undefined : { link, subject: mail?.subject ?? "", text: mail?.text ?? "" };
  }, `mail number ${n} to ${email}`);

const askLink = async (c: PortalClient, email: string): Promise<PageAnswer> => {
  const form = await c.get(`${base}/portal/sign-in`);
  return c.post(`${base}/portal/sign-in/link`, { email, csrf: csrfOf(form.text) });
};

const useLink = async (c: PortalClient, link: string): Promise<PageAnswer> => {
  const opened = await c.get(link);
  return c.post(link, { csrf: csrfOf(opened.text) });
};

/** A browser holding a client administrator's session (the harness's API key). */
const administrator = async (): Promise<PortalClient> => {
  const c = portalClient();
  const form = await c.get(`${base}/portal/sign-in`);
  const signed = await c.post(`${base}/portal/sign-in`, {
    credential: h.headers["x-service-api-key"] ?? "",
    csrf: csrfOf(form.text),
  });
  if (signed.status !== 303) throw new Error(signed.text);
  return c;
};

test.serial(
  "a link by mail: the same answer for any address; the link signs its person in once, as themselves",
  async (t) => {
    const stranger = await askLink(portalClient(), "nobody@example.com");
    const c = portalClient();
    const known = await askLink(c, ADA);
    t.is(known.status, 200);
    t.is(stranger.status, known.status);
    t.is(stranger.text.replace("nobody@example.com", ADA), known.text, "the page says nothing about the address");
    t.regex(known.text, /a link is on its way/);

    const mail = await linkMailedTo(ADA);
    await jobsDone();
    t.false(JSON.stringify(smtp.received.map((m) => m.to)).includes("nobody@example.com"), "no mail to nobody");
    t.is(mail.subject, "Your apar sign-in link");
    t.regex(mail.text, /Hello Ada,[\s\S]*works once, within 15 minutes/);

    // Opening the page uses nothing up (mail scanners follow links): only its button does.
    await c.get(mail.link);
    const used = await useLink(c, mail.link);
    t.is(used.status, 303);
    t.is(used.location, `${base}/portal/review`, "a person's work, not Webhooks");
    const queue = await c.follow(used);
    t.is(queue.status, 200);
    t.regex(queue.text, /<h1>Review queue<\/h1>|Review/);
    t.false(queue.text.includes('href="/portal/webhooks"'), "a Member has no Webhooks link");
    t.is((await c.get(`${base}/portal/webhooks`)).status, 403, "nor the page");
    t.is((await c.get(`${base}/portal`)).location, `${base}/portal/review`);

    const again = await portalClient().get(mail.link);
    t.is(again.status, 410, "a link works once: its page says so at once");
    t.false(again.text.includes(mail.link.split("/").at(-1) ?? "-"), "without repeating the token");
    t.regex(again.text, /was used or has expired/);
    t.is((await portalClient().get(`${base}/portal/sign-in/link/${"x".repeat(43)}`)).status, 410, "unknown");
  },
);

/** A new person of the harness's organisation with `roles` (and client roles), signed in by a link in a new browser. */
const signedInPerson = async (
  roles: readonly string[],
  clientRoles: readonly string[] = [],
): Promise<{ c: PortalClient; email: string; userId: string }> => {
  const email = `p-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await createUser(depsOf(h))({
    clientId: h.clientId,
    email,
    name: "Lin",
    clientRoles: clientRoles as ClientRole[],
    organisation: { id: h.organisationId, roles: roles as OrganisationRole[] },
  })();
  if (E.isLeft(user)) throw new Error(user.left.code);
  const c = portalClient();
  await askLink(c, email);
  const used = await useLink(c, (await linkMailedTo(email)).link);
  if (used.status !== 303) throw new Error(used.text);
  return { c, email, userId: user.right.id };
};

test.serial("a second link within a minute is the first one's mail", async (t) => {
  const { c, email } = await signedInPerson(["Member"]);
  t.is((await askLink(c, email)).status, 200);
  await jobsDone();
  t.is(smtp.received.filter((m) => JSON.stringify(m.to).includes(email)).length, 1);
});

test.serial(
  "signing out ends the session wherever its cookie is; a role taken away counts from the next page",
  async (t) => {
    const { c } = await signedInPerson(["Member"]);
    const copy = portalClient();
    copy.setCookie("127.0.0.1", "apar_portal_session", c.cookie("127.0.0.1", "apar_portal_session") ?? "");
    t.is((await copy.get(`${base}/portal/review`)).status, 200);

    const review = await c.get(`${base}/portal/review`);
    const out = await c.post(`${base}/portal/sign-out`, { csrf: csrfOf(review.text) });
    t.is(out.location, `${base}/portal/sign-in?signedout=1`);
    const stale = await copy.get(`${base}/portal/review`);
    t.is(stale.status, 303, "the copied cookie is worth nothing after sign-out");
    t.is(stale.location, `${base}/portal/sign-in`);

    // The administrator removes a signed-in person from the organisation: their next page is refused.
    const max = await signedInPerson(["Approver"]);
    t.is((await max.c.get(`${base}/portal/review`)).status, 200);
    await h.app.database.stores.memberships.remove(max.userId, h.organisationId);
    t.is((await max.c.get(`${base}/portal/review`)).status, 403);
  },
);

test.serial(
  "an administrator invites from the People page; nobody raises their own role; the last Admin stays",
  async (t) => {
    const admin = await administrator();
    const people = await admin.get(`${base}/portal/people`);
    t.is(people.status, 200);
    const invited = await admin.post(`${base}/portal/people/invite`, {
      csrf: csrfOf(people.text),
      organisationId: h.organisationId,
      email: GRACE,
      name: "Grace",
      roles: ["Approver"],
    });
    t.is(invited.status, 303, invited.text);
    t.regex((await admin.follow(invited)).text, /Invited: a sign-in link is on its way/);

    const mail = await linkMailedTo(GRACE);
    t.is(mail.subject, "You are invited to Bills org");
    t.regex(mail.text, /works once, within 3 days/);
    const grace = portalClient();
    t.is((await useLink(grace, mail.link)).location, `${base}/portal/review`);
    t.is((await grace.get(`${base}/portal/people`)).status, 403, "an Approver manages no one");

    const graceId = (await h.app.database.stores.users.withEmail(GRACE))[0]?.id ?? "";
    const roles = (c: PortalClient, csrf: string, wanted: string[]) =>
      c.post(`${base}/portal/people/roles`, { csrf, organisationId: h.organisationId, userId: graceId, roles: wanted });
    const made = await roles(admin, csrfOf(people.text), ["Admin"]);
    t.is(made.status, 303);
    const own = await grace.get(`${base}/portal/people`);
    t.is(own.status, 200, "an Admin from her next page on");
    t.regex(own.text, /Grace <span class="muted">\(you\)<\/span>/);

    const last = await roles(grace, csrfOf(own.text), ["Member"]);
    t.is(last.status, 409);
    t.regex(last.text, /last administrator/);
    const removed = await grace.post(`${base}/portal/people/remove`, {
      csrf: csrfOf(own.text),
      organisationId: h.organisationId,
      userId: graceId,
    });
    t.is(removed.status, 409);
    const again = await admin.post(`${base}/portal/people/invite`, {
      csrf: csrfOf(people.text),
      organisationId: h.organisationId,
      email: GRACE.toUpperCase(),
      name: "Grace",
      roles: ["Member"],
    });
    t.is(again.status, 409, "already a member");
    const foreign = await admin.post(`${base}/portal/people/roles`, {
      csrf: csrfOf(people.text),
      organisationId: (await anotherClient(h)).organisation.id,
      userId: graceId,
      roles: ["Member"],
    });
    t.is(foreign.status, 404, "another client's organisation answers as a missing one");

    // A client administrator who is a Member of the organisation may not make themselves its Admin.
    const owner = await signedInPerson(["Member"], ["Owner"]);
    const page = await owner.c.get(`${base}/portal/people`);
    const raised = await owner.c.post(`${base}/portal/people/roles`, {
      csrf: csrfOf(page.text),
      organisationId: h.organisationId,
      userId: owner.userId,
      roles: ["Admin"],
    });
    t.is(raised.status, 403);
    t.regex(raised.text, /Nobody may give themselves a role/);
    // Grace, an Admin, may step down once someone else is Admin.
    t.is((await roles(admin, csrfOf(people.text), ["Admin"])).status, 303);
    t.is(
      (
        await admin.post(`${base}/portal/people/roles`, {
          csrf: csrfOf(people.text),
          organisationId: h.organisationId,
          userId: owner.userId,
          roles: ["Admin"],
        })
      ).status,
      303,
    );
    t.is((await roles(grace, csrfOf(own.text), ["Approver"])).status, 303);
  },
);

test.serial("an address of people in several clients chooses where to sign in", async (t) => {
  const other = await anotherClient(h);
  const created = await send(h.app.port ?? 0, {
    method: "POST",
    path: `/v1/organisations/${other.organisation.id}/users`,
    headers: { ...other.headers, "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ email: GRACE, name: "Grace elsewhere", role: "Member" })),
  });
  t.is(created.status, 201, created.text);
  const elsewhere = (created.json as { userId: string }).userId;
  const c = portalClient();
  await askLink(c, GRACE);
  const chooser = await useLink(c, (await linkMailedTo(GRACE, 2)).link);
  t.is(chooser.status, 200);
  t.regex(chooser.text, /Another client[\s\S]*Bills client|Bills client[\s\S]*Another client/);
  const forged = await c.post(`${base}/portal/sign-in/choose`, { csrf: csrfOf(chooser.text), account: h.clientId });
  t.is(forged.status, 403);
  const chosen = await c.post(`${base}/portal/sign-in/choose`, { csrf: csrfOf(chooser.text), account: elsewhere });
  t.is(chosen.location, `${base}/portal/review`);
  t.regex((await c.follow(chosen)).text, /Another client/);
});

/** Goes through the provider as `login`: apar's start, the provider's login form, back to apar's callback. */
const throughProvider = async (c: PortalClient, login: string): Promise<PageAnswer> => {
  const start = await c.get(`${base}/portal/sign-in/oidc`);
  if (!start.location?.startsWith(idp.issuer)) throw new Error(`not sent to the provider: ${start.location}`);
  const form = await c.follow(start);
  if (!form.url.startsWith(idp.issuer)) throw new Error(`no login form: ${form.status} ${form.text}`);
  return c.follow(await c.post(form.url, { login }));
};

test.serial(
  "OpenID Connect: the provider's verified address signs its person in; others get a clear refusal",
  async (t) => {
    const c = portalClient();
    const signed = await throughProvider(c, "grace");
    t.true(signed.url.startsWith(`${base}/portal/sign-in/oidc/callback?`), signed.url);
    t.is(signed.status, 200, signed.text);
    // Two clients have Grace: she chooses (the choice above made the second one).
    t.regex(signed.text, /Choose where to sign in/);
    const chosen = await c.post(`${base}/portal/sign-in/choose`, {
      csrf: csrfOf(signed.text),
      account: (await h.app.database.stores.users.withEmail(GRACE)).find((u) => u.clientId === h.clientId)?.id ?? "",
    });
    t.is(chosen.location, `${base}/portal/review`);
    t.is((await c.get(`${base}/portal/review`)).status, 200, "Grace, an Approver of the organisation");

    const stranger = await throughProvider(portalClient(), "stranger");
    t.is(stranger.status, 403);
    t.regex(stranger.text, /No one with the address stranger@example\.com may sign in here/);
    const unverified = await throughProvider(portalClient(), "unverified");
    t.is(unverified.status, 403);
    t.regex(unverified.text, /did not vouch for an e-mail address/);

    // A callback this browser did not start, or whose state is not the one sent, is refused.
    t.is((await portalClient().get(`${base}/portal/sign-in/oidc/callback?code=x&state=y`)).status, 400);
    const d = portalClient();
    await d.get(`${base}/portal/sign-in/oidc`);
    const forged = await d.get(`${base}/portal/sign-in/oidc/callback?code=x&state=forged`);
    t.is(forged.status, 400);
    t.regex(forged.text, /did not check out/);
  },
);
