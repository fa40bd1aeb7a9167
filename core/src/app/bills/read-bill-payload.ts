import * as t from "io-ts";
import type { ReadBillJob } from "./deps.js";

/** The payload of `read-bill`. */
export const ReadBillPayload: t.Decoder<unknown, ReadBillJob> = t.type({
  clientId: t.string,
  organisationId: t.string,
  billId: t.string,
});

/** The part of a `read-bill` payload that names its bill (all the sweep of stuck reads needs). */
export const ReadBillTarget: t.Decoder<unknown, Pick<ReadBillJob, "billId">> = t.type({ billId: t.string });
