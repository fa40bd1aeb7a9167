import * as t from "io-ts";
import type { JobDefinition } from "../jobs/job.js";
import { type ReadCompanyBillDeps, readCompanyBill } from "./company-bills.js";
import { READ_COMPANY_BILL_JOB, type ReadCompanyBillJob } from "./receive-forward.js";

/** The payload of `read-company-bill`. */
export const ReadCompanyBillPayload: t.Decoder<unknown, ReadCompanyBillJob> = t.type({
  clientId: t.string,
  companyId: t.string,
  billId: t.string,
});

/** `read-company-bill`: reads a forwarded bill's document. */
export const readCompanyBillJob: JobDefinition<typeof READ_COMPANY_BILL_JOB, ReadCompanyBillDeps, ReadCompanyBillJob> =
  {
    type: READ_COMPANY_BILL_JOB,
    payload: ReadCompanyBillPayload,
    run: (deps) => {
      const read = readCompanyBill(deps);
      return async (payload) => ({ billId: payload.billId, outcome: await read(payload) });
    },
  };
