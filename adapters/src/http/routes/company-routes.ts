import {
  billJson,
  type Company,
  CompanyView,
  companyView,
  listEnvelope,
  SenderView,
  senderView,
  toJsonSchema,
} from "@apar/core";
import {
  AllowedSenderBody,
  AllowFromRejectionBody,
  AssignCompanyBillBody,
  addAllowedSender,
  allowSenderFromRejection,
  assignCompanyBill,
  CompanyBillView,
  CreateCompanyBody,
  companyBillJson,
  createCompany,
  deleteCompany,
  getCompany,
  getCompanyBill,
  listAllowedSenders,
  listCompanies,
  removeAllowedSender,
  UpdateCompanyBody,
  updateCompany,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import { BILL_SCHEMA } from "./bill-schemas.js";
import type { RouteDeps } from "./deps.js";
import {
  clientAuth,
  companyVisibility,
  decodeBody,
  idOf,
  LIST_PARAMETERS,
  listSchema,
  pageOf,
  reply,
  wholeList,
} from "./support.js";

/** What the company routes use: the inbox use cases' deps and the domain of forwarding addresses. */
export type CompanyRouteDeps = RouteDeps<"db" | "clock" | "ids" | "randomBytes" | "inboundDomain">;

const TAG = "companies";
const ACCESS = { scope: "client", module: "inbox", resource: "Company" } as const;
// Companies decide who may mail bills into which organisation: only client administrators change them.
// A malformed id answers like a missing one: no row has this id.

const COMPANY_SCHEMA = toJsonSchema(CompanyView);
const SENDER_SCHEMA = toJsonSchema(SenderView);
const COMPANY_BILL_SCHEMA = toJsonSchema(CompanyBillView);

const NOT_FOUND = {
  "404": {
    description:
      "`Company.NotFound`: the company does not exist, belongs to another client, or is linked to none of the " +
      "caller's organisations (for callers who are not client administrators).",
  },
};

/** Companies, their sender allowlists and the bills that wait for an organisation (client-scoped). */
export const companyRoutes = (deps: CompanyRouteDeps): RouteDef[] => {
  const view = (c: Company) => companyView(deps().inboundDomain)(c);
  return [
    {
      method: "POST",
      path: "/v1/companies",
      operationId: "createCompany",
      summary: "Create a company with a forwarding address",
      description: "Its allowlist starts empty: its first forwards are rejected and listed until senders are allowed.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(CreateCompanyBody),
      responses: { "201": { description: "The company.", schema: COMPANY_SCHEMA } },
      handler: async (ctx) => {
        const { client } = clientAuth(ctx);
        const input = decodeBody(CreateCompanyBody, ctx);
        if (E.isLeft(input)) return input.left;
        return reply(createCompany(deps())({ clientId: client.id, ...input.right }), 201, view);
      },
    },
    {
      method: "GET",
      path: "/v1/companies",
      operationId: "listCompanies",
      summary: "List the client's companies",
      tags: [TAG],
      access: ACCESS,
      parameters: LIST_PARAMETERS,
      responses: { "200": { description: "One page of companies.", schema: listSchema(CompanyView) } },
      handler: async (ctx) => {
        const { auth, client } = clientAuth(ctx);
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        return reply(
          listCompanies(deps())({
            clientId: client.id,
            visibleTo: companyVisibility(auth),
            limit: page.right.limit,
            ...(page.right.after === undefined ? {} : { after: page.right.after }),
          }),
          200,
          (p) => listEnvelope(p, view),
        );
      },
    },
    {
      method: "GET",
      path: "/v1/companies/{id}",
      operationId: "getCompany",
      summary: "Fetch a company",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The company.", schema: COMPANY_SCHEMA }, ...NOT_FOUND },
      handler: async (ctx) => {
        const { auth, client } = clientAuth(ctx);
        return reply(
          getCompany(deps())({ clientId: client.id, id: idOf(ctx), visibleTo: companyVisibility(auth) }),
          200,
          view,
        );
      },
    },
    {
      method: "PATCH",
      path: "/v1/companies/{id}",
      operationId: "updateCompany",
      summary: "Rename a company or change its organisations",
      description: "The slug (and so the forwarding address) stays when the company is renamed.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(UpdateCompanyBody),
      responses: { "200": { description: "The company.", schema: COMPANY_SCHEMA }, ...NOT_FOUND },
      handler: async (ctx) => {
        const { client } = clientAuth(ctx);
        const input = decodeBody(UpdateCompanyBody, ctx);
        if (E.isLeft(input)) return input.left;
        return reply(updateCompany(deps())({ clientId: client.id, id: idOf(ctx), ...input.right }), 200, view);
      },
    },
    {
      method: "DELETE",
      path: "/v1/companies/{id}",
      operationId: "deleteCompany",
      summary: "Delete a company with its allowlist, rejection records and waiting bills",
      tags: [TAG],
      access: ACCESS,
      responses: { "204": { description: "Deleted; its slug is free again." }, ...NOT_FOUND },
      handler: async (ctx) => {
        const { client } = clientAuth(ctx);
        return reply(deleteCompany(deps())({ clientId: client.id, id: idOf(ctx) }), 204, () => undefined);
      },
    },
    {
      method: "GET",
      path: "/v1/companies/{id}/allowed-senders",
      operationId: "listAllowedSenders",
      summary: "List the senders a company accepts forwards from",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": {
          description: "The allowlist, oldest first (one page: nextCursor is null).",
          schema: listSchema(SenderView),
        },
        ...NOT_FOUND,
      },
      handler: async (ctx) => {
        const { auth, client } = clientAuth(ctx);
        return reply(
          listAllowedSenders(deps())({
            clientId: client.id,
            companyId: idOf(ctx),
            visibleTo: companyVisibility(auth),
          }),
          200,
          (list) => wholeList(list.map(senderView)),
        );
      },
    },
    {
      method: "POST",
      path: "/v1/companies/{id}/allowed-senders",
      operationId: "addAllowedSender",
      summary: "Allow an address or a whole domain",
      description:
        "`ap@supplier.example` allows one address; `supplier.example` (or `@supplier.example`) every address at it.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(AllowedSenderBody),
      responses: {
        "201": { description: "The new entry.", schema: SENDER_SCHEMA },
        "200": { description: "The list had the entry already.", schema: SENDER_SCHEMA },
        ...NOT_FOUND,
      },
      handler: async (ctx) => {
        const { client } = clientAuth(ctx);
        const input = decodeBody(AllowedSenderBody, ctx);
        if (E.isLeft(input)) return input.left;
        const result = await addAllowedSender(deps())({
          clientId: client.id,
          companyId: idOf(ctx),
          sender: input.right.sender,
        })();
        if (E.isLeft(result)) return result.left;
        return { status: result.right.created ? 201 : 200, body: senderView(result.right.sender) };
      },
    },
    {
      method: "DELETE",
      path: "/v1/companies/{id}/allowed-senders/{senderId}",
      operationId: "removeAllowedSender",
      summary: "Remove an entry of the allowlist",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "204": { description: "Removed." },
        "404": { description: "`Company.NotFound` or `AllowedSender.NotFound`." },
      },
      handler: async (ctx) => {
        const { client } = clientAuth(ctx);
        return reply(
          removeAllowedSender(deps())({
            clientId: client.id,
            companyId: idOf(ctx),
            id: idOf(ctx, "senderId"),
          }),
          204,
          () => undefined,
        );
      },
    },
    {
      method: "POST",
      path: "/v1/companies/{companyId}/forwarding-rejections/{id}/allow-sender",
      operationId: "allowSenderFromRejection",
      summary: "Allow the sender of a rejected forward",
      description: "Adds the rejected sender's address (or, with `wholeDomain`, its domain) to the allowlist.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(AllowFromRejectionBody, { required: false }),
      responses: {
        "201": { description: "The new entry.", schema: SENDER_SCHEMA },
        "200": { description: "The list had the entry already.", schema: SENDER_SCHEMA },
        "404": { description: "`Company.NotFound` or `ForwardingRejection.NotFound`." },
        "409": {
          description:
            "`ForwardingRejection.NotAboutSender`: the forward failed email authentication and its sender is allowed " +
            "already, so allowing it changes nothing (the detail says why it was refused).",
        },
      },
      handler: async (ctx) => {
        const { client } = clientAuth(ctx);
        const input = ctx.json === undefined ? E.right({}) : decodeBody(AllowFromRejectionBody, ctx);
        if (E.isLeft(input)) return input.left;
        const result = await allowSenderFromRejection(deps())({
          clientId: client.id,
          companyId: idOf(ctx, "companyId"),
          rejectionId: idOf(ctx),
          ...input.right,
        })();
        if (E.isLeft(result)) return result.left;
        return { status: result.right.created ? 201 : 200, body: senderView(result.right.sender) };
      },
    },
    {
      method: "GET",
      path: "/v1/companies/{companyId}/bills/{billId}",
      operationId: "getCompanyBill",
      summary: "Fetch a bill received against a company",
      description: "A bill waiting for its organisation (announced by `company_bill.awaiting_organisation`).",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": { description: "The bill, `organisationId` null.", schema: COMPANY_BILL_SCHEMA },
        "404": { description: "`Company.NotFound`, or `Bill.NotFound` (also once it has been assigned)." },
      },
      handler: async (ctx) => {
        const { auth, client } = clientAuth(ctx);
        return reply(
          getCompanyBill(deps())({
            clientId: client.id,
            visibleTo: companyVisibility(auth),
            companyId: idOf(ctx, "companyId"),
            billId: idOf(ctx, "billId"),
          }),
          200,
          companyBillJson,
        );
      },
    },
    {
      method: "POST",
      path: "/v1/companies/{companyId}/bills/{billId}/assign",
      operationId: "assignCompanyBill",
      summary: "Move a waiting bill into one of the company's organisations",
      description:
        "The bill keeps its id; `bill.created` follows, then reading and the duplicate check in the organisation.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(AssignCompanyBillBody),
      responses: {
        "202": { description: "The bill, now in the organisation (Extracting).", schema: BILL_SCHEMA },
        "400": { description: "`organisationId` is not one of the company's organisations." },
        "404": { description: "`Company.NotFound` or `Bill.NotFound`." },
      },
      handler: async (ctx) => {
        const { auth, client } = clientAuth(ctx);
        const input = decodeBody(AssignCompanyBillBody, ctx);
        if (E.isLeft(input)) return input.left;
        return reply(
          assignCompanyBill(deps())({
            clientId: client.id,
            companyId: idOf(ctx, "companyId"),
            billId: idOf(ctx, "billId"),
            organisationId: input.right.organisationId.toLowerCase(),
            actor: auth.actor,
          }),
          202,
          billJson,
        );
      },
    },
  ];
};
