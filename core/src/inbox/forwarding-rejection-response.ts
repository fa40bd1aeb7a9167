import * as t from "io-ts";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { EMAIL_AUTH_RESULTS, type ForwardingRejection, REJECTION_REASONS } from "./model.js";

/** The spec's BillForwardingRejectionResponse: every field present, nullable ones as null (metadata only). */
export const ForwardingRejectionView = t.type(
  {
    id: Uuid,
    fromAddress: t.string,
    fromDomain: t.string,
    subject: nullable(t.string),
    attachmentCount: documented(Integer, { format: "int32" }),
    attachmentSummary: documented(nullable(t.string), {
      description: "`name (type)` per attachment; bytes are not stored.",
    }),
    reason: oneOf(REJECTION_REASONS, "RejectionReason"),
    authResult: oneOf(EMAIL_AUTH_RESULTS, "EmailAuthResult"),
    dkimResult: oneOf(EMAIL_AUTH_RESULTS, "EmailAuthResult"),
    spfResult: oneOf(EMAIL_AUTH_RESULTS, "EmailAuthResult"),
    /** ISO 8601 in UTC, with milliseconds (`2026-03-04T05:06:07.891Z`). */
    receivedAt: IsoDateTime,
  },
  "BillForwardingRejectionResponse",
);
export type ForwardingRejectionResponse = t.TypeOf<typeof ForwardingRejectionView>;

/** A rejection as the listing answers it: the spec's fields only (no tenant ids), in the spec's order. */
export const forwardingRejectionResponse = (r: ForwardingRejection): ForwardingRejectionResponse => ({
  id: r.id,
  fromAddress: r.fromAddress,
  fromDomain: r.fromDomain,
  subject: r.subject ?? null,
  attachmentCount: r.attachmentCount,
  attachmentSummary: r.attachmentSummary ?? null,
  reason: r.reason,
  authResult: r.authResult,
  dkimResult: r.dkimResult,
  spfResult: r.spfResult,
  receivedAt: r.receivedAt.toISOString(),
});
