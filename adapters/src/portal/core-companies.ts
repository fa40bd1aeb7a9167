import type { Company, DomainError, RequestAuth } from "@apar/core";
import {
  addAllowedSender,
  allowSenderFromRejection,
  getCompany,
  type InboxDeps,
  listAllowedSenders,
  listCompanies,
  listForwardingRejections,
  removeAllowedSender,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { allPages, clientOf } from "./core-webhooks.js";
import type { PortalCompany, PortalCompanyDetail } from "./portal-companies.js";

/** How many refused forwards a company's page shows. */
export const REJECTION_ROWS = 20;

/** The Companies page's operations on core's inbox use cases, for the signed-in caller's client. */
export const portalCompaniesOf = (
  deps: InboxDeps<"allowedSenders" | "companies" | "forwardingRejections">,
  inboundDomain: string,
) => {
  const shown = (c: Company): PortalCompany => ({
    id: c.id,
    name: c.name,
    forwardingAddress: `${c.slug}@${inboundDomain}`,
  });
  return {
    list: (auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalCompany[]> =>
      TE.fromTask(async () =>
        (
          await allPages(async (page) => {
            const listed = await listCompanies(deps)({ clientId: clientOf(auth), ...page })();
            if (E.isLeft(listed)) throw new Error(listed.left.detail);
            return listed.right;
          })
        ).map(shown),
      ),
    get:
      (auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalCompanyDetail> =>
      async () => {
        const of = { clientId: clientOf(auth), companyId: id };
        const company = await getCompany(deps)({ clientId: of.clientId, id })();
        if (E.isLeft(company)) return company;
        const senders = await listAllowedSenders(deps)(of)();
        if (E.isLeft(senders)) return senders;
        const rejections = await listForwardingRejections(deps)({ ...of, limit: REJECTION_ROWS })();
        if (E.isLeft(rejections)) return rejections;
        return E.right({ company: shown(company.right), senders: senders.right, rejections: rejections.right });
      },
    /** An address (`ap@supplier.example`) or a whole domain (`supplier.example`). */
    allow: (auth: RequestAuth, id: string, sender: string): TE.TaskEither<DomainError, unknown> =>
      addAllowedSender(deps)({ clientId: clientOf(auth), companyId: id, sender }),
    /** The sender of a refused forward (its address, or its whole domain). */
    allowFromRejection: (
      auth: RequestAuth,
      id: string,
      rejectionId: string,
      wholeDomain: boolean,
    ): TE.TaskEither<DomainError, unknown> =>
      allowSenderFromRejection(deps)({ clientId: clientOf(auth), companyId: id, rejectionId, wholeDomain }),
    removeSender: (auth: RequestAuth, id: string, senderId: string): TE.TaskEither<DomainError, unknown> =>
      removeAllowedSender(deps)({ clientId: clientOf(auth), companyId: id, id: senderId }),
  };
};

/**
 * What the Companies page needs of the inbox use cases, for the caller's client (`auth.client`). A foreign or
 * missing id answers the same DomainError (NotFound).
 */
export type PortalCompanies = ReturnType<typeof portalCompaniesOf>;
