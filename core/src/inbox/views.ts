import * as t from "io-ts";
import { oneOf } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Uuid } from "../shared/codecs/uuid.js";
import type { AllowedSender } from "./allowlist.js";
import type { Company } from "./model.js";

/** A company as the API answers it. */
export const CompanyView = t.type(
  {
    id: Uuid,
    name: t.string,
    slug: documented(t.string, {
      description: "The forwarding address's local part; it stays when the company is renamed.",
    }),
    forwardingAddress: documented(t.string, { description: "Forward bills here: `<slug>@<APAR_INBOUND_DOMAIN>`." }),
    organisationIds: documented(t.readonlyArray(Uuid), {
      description: "The organisations whose bills it receives.",
    }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "Company",
);

/** A company as the API answers it, its forwarding address at the inbound mail `domain`. */
export const companyView =
  (domain: string) =>
  (c: Company): t.TypeOf<typeof CompanyView> => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    forwardingAddress: `${c.slug}@${domain}`,
    organisationIds: c.organisationIds,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  });

/** A company's allowed sender as the API answers it. */
export const SenderView = t.type(
  {
    id: Uuid,
    kind: documented(oneOf(["Address", "Domain"] as const, "SenderKind"), {
      description: "One address, or every address at a domain.",
    }),
    value: documented(t.string, { description: "The address or domain, lower-case." }),
    createdAt: IsoDateTime,
  },
  "AllowedSender",
);

export const senderView = (s: AllowedSender): t.TypeOf<typeof SenderView> => ({
  id: s.id,
  kind: s.kind,
  value: s.value,
  createdAt: s.createdAt.toISOString(),
});
