import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import {
  APPROVAL_LINK_TTL_MS,
  type ApprovalLink,
  hashApprovalToken,
  isApprovalTokenShape,
  linkUsable,
  newApprovalToken,
} from "../../approvals/approval-links.js";
import { policyReasonInWords } from "../../approvals/reason-words.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import type { Actor } from "../../events/envelope.js";
import type { DocumentFiles } from "../../ports/documents.js";
import type { Mailer, MailMessage } from "../../ports/mailer.js";
import type { StoreName, Stores } from "../../ports/stores.js";
import { type DomainError, notFound } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { User } from "../../tenancy/model.js";
import { sellerNameOf } from "../../tenancy/seller-identity.js";
import { type PayeeAccount, payeeAccountOf } from "../suppliers/payee-account.js";
import { moveWithin, planApproval, planRejection } from "./bill-lifecycle.js";
import type { ApprovalDeps, ApprovalLinksJob } from "./deps.js";

/** What mailing approval links needs beyond the approval use cases. */
export interface ApprovalLinkDeps<K extends StoreName = StoreName> extends ApprovalDeps<K> {
  readonly mailer: Mailer;
  readonly randomBytes: (size: number) => Uint8Array;
  /** The service's public base URL (`https://ap.example.com`), without a trailing slash. */
  readonly publicUrl: string;
  readonly mailFrom: string;
}

/** The answer for an unknown, used, expired or ended link (all alike: a link says nothing about why). */
export const linkNotFound = (): DomainError =>
  notFound(
    "ApprovalLink.NotFound",
    "This approval link is not valid: it was used, has expired, or the bill was decided.",
  );

/** Who may decide a bill: its decision's listed approvers, else the organisation's administrators. */
const approversOf = async (
  s: Pick<Stores, "memberships" | "users">,
  scope: OrgScope,
  listed: readonly string[],
): Promise<User[]> => {
  const ids =
    listed.length > 0
      ? listed
      : (await s.memberships.ofOrganisation(scope.organisationId))
          .filter((m) => m.roles.includes("Admin"))
          .map((m) => m.userId);
  const users = await Promise.all([...new Set(ids)].map((id) => s.users.ofId(scope.clientId, id)));
  return users.filter((u): u is User => u !== undefined);
};

/** True when the user is an administrator of the organisation (or of its client). */
const isAdministrator = async (s: Pick<Stores, "memberships">, user: User, organisationId: string): Promise<boolean> =>
  user.clientRoles.length > 0 || ((await s.memberships.of(user.id, organisationId))?.roles.includes("Admin") ?? false);

/**
 * Mails each approver of a bill in NeedsApproval a single-use link (the send-approval-links job). Links are
 * stored hashed; an approver mailed again (a retried job) gets a new link and the older one ends. A bill that
 * has left NeedsApproval meanwhile gets none.
 */
export const sendApprovalLinks =
  (
    deps: ApprovalLinkDeps<
      "approvalLinks" | "billLifecycles" | "bills" | "memberships" | "organisations" | "sellerIdentities" | "users"
    >,
  ) =>
  async (job: ApprovalLinksJob): Promise<{ readonly sent: number }> => {
    const scope = { clientId: job.clientId, organisationId: job.organisationId };
    const mails = await deps.db.run(async (s) => {
      const bill = await s.bills.ofId(scope, job.billId);
      if (bill === undefined || bill.state !== "NeedsApproval") return [];
      const lifecycle = await s.billLifecycles.ofBill(scope, bill.id);
      const organisation = sellerNameOf(
        await s.organisations.ofId(bill.clientId, bill.organisationId),
        await s.sellerIdentities.ofOrganisation(scope),
      );
      const now = deps.clock.now();
      const json = billJson(bill, lifecycle);
      const out: MailMessage[] = [];
      for (const user of await approversOf(s, scope, lifecycle?.decision?.approverUserIds ?? [])) {
        await s.approvalLinks.revokeForBill(scope, bill.id, now, user.id);
        const token = newApprovalToken(deps.randomBytes);
        const link: ApprovalLink = {
          tokenHash: hashApprovalToken(token),
          ...scope,
          billId: bill.id,
          userId: user.id,
          expiresAt: new Date(now.getTime() + APPROVAL_LINK_TTL_MS),
          usedAt: null,
          createdAt: now,
        };
        await s.approvalLinks.add(link);
        out.push(approvalMail(deps, user, json, organisation, `${deps.publicUrl}/public/bills/${token}`));
      }
      return out;
    });
    for (const mail of mails) await deps.mailer.send(mail);
    return { sent: mails.length };
  };

const approvalMail = (
  deps: ApprovalLinkDeps<never>,
  user: User,
  bill: BillJson,
  organisation: string,
  url: string,
): MailMessage => {
  const what = [bill.supplierName ?? "A supplier", bill.invoiceNumber === null ? "" : `invoice ${bill.invoiceNumber}`]
    .filter((x) => x !== "")
    .join(", ");
  const amount = bill.totalAmount === null ? "" : ` for ${bill.totalAmount} ${bill.currency ?? ""}`.trimEnd();
  return {
    from: deps.mailFrom,
    to: [user.email],
    subject: `Approval needed: ${what}${amount}`,
    text:
      `Hello ${user.name},\n\n${what}${amount} in ${organisation} needs your approval.\n\n` +
      `Review it and approve or reject it here (the link works once and expires in 7 days):\n${url}\n`,
  };
};

/** What the public page shows: the bill and its organisation, for a usable link. */
export interface ApprovalLinkView {
  readonly bill: BillJson;
  readonly organisationName: string;
  readonly expiresAt: Date;
  /** Why the bill waits for approval, in words. */
  readonly reason: string;
  /** Where the money would go: the supplier's account, its confirmation, and the bill's own when it differs. */
  readonly payee: PayeeAccount;
}

const usableLink = async (
  s: Pick<Stores, "approvalLinks">,
  token: string,
  now: Date,
): Promise<{ link: ApprovalLink; scope: OrgScope } | undefined> => {
  if (!isApprovalTokenShape(token)) return undefined;
  const link = await s.approvalLinks.ofHash(hashApprovalToken(token));
  if (link === undefined || !linkUsable(link, now)) return undefined;
  return { link, scope: { clientId: link.clientId, organisationId: link.organisationId } };
};

/** The bill behind a link, changing nothing (mail scanners follow links). */
export const viewApprovalLink =
  (
    deps: ApprovalDeps<
      "approvalLinks" | "billLifecycles" | "bills" | "organisations" | "sellerIdentities" | "suppliers" | "users"
    >,
  ) =>
  (token: string): TE.TaskEither<DomainError, ApprovalLinkView> =>
  async () => {
    const s = deps.db.stores;
    const found = await usableLink(s, token, deps.clock.now());
    if (found === undefined) return E.left(linkNotFound());
    const bill = await s.bills.ofId(found.scope, found.link.billId);
    if (bill === undefined || bill.state !== "NeedsApproval") return E.left(linkNotFound());
    const organisation = await s.organisations.ofId(bill.clientId, bill.organisationId);
    const lifecycle = await s.billLifecycles.ofBill(found.scope, bill.id);
    const json = billJson(bill, lifecycle);
    return E.right({
      bill: json,
      organisationName: sellerNameOf(organisation, await s.sellerIdentities.ofOrganisation(found.scope)),
      expiresAt: found.link.expiresAt,
      reason: policyReasonInWords(lifecycle?.decision ?? null, json.currency),
      payee: await payeeAccountOf(s, found.scope, json),
    });
  };

/** The document of the bill behind a usable link, for the approver to see before deciding (changes nothing). */
export const approvalLinkDocument =
  (deps: Pick<ApprovalDeps, "db" | "clock"> & { readonly files: Pick<DocumentFiles, "get"> }) =>
  (token: string): TE.TaskEither<DomainError, { bytes: Uint8Array; mediaType: string }> =>
  async () => {
    const s = deps.db.stores;
    const found = await usableLink(s, token, deps.clock.now());
    if (found === undefined) return E.left(linkNotFound());
    const bill = await s.bills.ofId(found.scope, found.link.billId);
    if (bill === undefined || bill.state !== "NeedsApproval") return E.left(linkNotFound());
    const bytes = await deps.files.get(bill.document.sha256);
    if (bytes === undefined) throw new Error(`document ${bill.document.sha256} of bill ${bill.id} is missing`);
    return E.right({ bytes, mediaType: bill.document.mediaType });
  };

/**
 * Approves or rejects the bill behind a link as the approver it was mailed to, using the link up; in one unit
 * of work, so that a failed move leaves the link usable and two racing uses have one winner.
 */
export const actOnApprovalLink =
  (deps: ApprovalDeps) =>
  (token: string, decision: { readonly action: "approve" } | { readonly action: "reject"; readonly reason: string }) =>
  (): Promise<E.Either<DomainError, BillJson>> =>
    deps.db
      .run(async (s) => {
        const now = deps.clock.now();
        const found = await usableLink(s, token, now);
        if (found === undefined) return E.left(linkNotFound());
        await s.billLifecycles.lockBill(found.scope, found.link.billId);
        const bill = await s.bills.ofId(found.scope, found.link.billId);
        const user = await s.users.ofId(found.scope.clientId, found.link.userId);
        if (bill === undefined || bill.state !== "NeedsApproval" || user === undefined) return E.left(linkNotFound());
        if (!(await s.approvalLinks.markUsed(found.link.tokenHash, now))) return E.left(linkNotFound());
        const actor: Actor = { type: "user", id: user.id };
        const input = {
          scope: found.scope,
          actor,
          id: bill.id,
          administrator: await isAdministrator(s, user, bill.organisationId),
        };
        const result =
          decision.action === "approve"
            ? await moveWithin(deps, s, "approve", planApproval(input), input)
            : await moveWithin(deps, s, "reject", planRejection({ ...input, reason: decision.reason }), input);
        // A refused move must not use the link up: throwing rolls the unit of work back.
        if (E.isLeft(result)) throw new RefusedMove(result.left);
        return result;
      })
      .catch((e: unknown) => {
        if (e instanceof RefusedMove) return E.left(e.error);
        throw e;
      });

class RefusedMove extends Error {
  constructor(readonly error: DomainError) {
    super(error.code);
  }
}
