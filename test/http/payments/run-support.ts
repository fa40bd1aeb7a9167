import type { BillHarness } from "../bills/bill-harness.js";
import { type Answer, send } from "../support/client.js";

/** A call with a user's bearer token in the harness's organisation (no API key). */
export const callAs = (h: BillHarness, token: string, method: string, path: string, body?: unknown): Promise<Answer> =>
  send(h.app.port ?? 0, {
    method,
    path,
    headers: {
      authorization: `Bearer ${token}`,
      "x-service-organisation-id": h.organisationId,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
  });

/** Approves a run as the user of `token` and downloads its file (the release); throws when either fails. */
export const approveAndRelease = async (h: BillHarness, token: string, runId: string): Promise<string> => {
  const approved = await callAs(h, token, "POST", `/v1/payment-runs/${runId}/approve`);
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  const file = await h.call("GET", `/v1/payment-runs/${runId}/file`);
  if (file.status !== 200) throw new Error(`file: ${file.status} ${file.text}`);
  return file.text;
};

/** The events of a run, oldest first, as `type actorType` pairs with the actor's id. */
export const runEvents = async (h: BillHarness, runId: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "payment_run", runId)).map((e) => ({
    type: e.envelope.type,
    actor: e.envelope.actor,
    data: e.envelope.data as Record<string, unknown>,
  }));

/**
 * An organisation ready to pay: an AutoApprove policy (bills submitted are Approved) and a seller identity with the
 * German account runs pay from.
 */
export const readyToPay = async (h: BillHarness, legalName: string): Promise<void> => {
  const policy = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Everything", priorityOrder: 1, action: "AutoApprove" },
  });
  if (policy.status !== 201) throw new Error(`policy: ${policy.status}`);
  const identity = await h.call("PUT", "/v1/seller-identity", {
    body: {
      legalName,
      addressLines: ["Hauptstraße 1"],
      city: "Berlin",
      countryCode: "DE",
      companyRegistrationId: "HRB 12345",
      bankAccounts: [{ iban: "DE75 5121 0800 1245 1261 99", bic: "SOGEDEFFXXX" }],
    },
  });
  if (identity.status !== 200) throw new Error(`identity: ${identity.status}`);
};
