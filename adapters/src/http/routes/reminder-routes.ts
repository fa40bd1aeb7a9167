import { decode, toJsonSchema } from "@apar/core";
import {
  getReminderRules,
  listInvoiceReminders,
  putReminderRules,
  ReminderRulesBody,
  ReminderRulesView,
  ReminderView,
  reminderJson,
  sendReminderNow,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { idOf, listSchema, orgScope, reply, wholeList } from "./support.js";

/** What the reminder routes need; read per request. */
export type ReminderRouteDeps = RouteDeps<"db" | "clock" | "ids" | "mailer" | "mailFrom" | "publicBaseUrl">;

const TAG = "invoice-reminders";
const ACCESS = { scope: "organisation", module: "ar" } as const;

const RULES = toJsonSchema(ReminderRulesView);
const missing = { description: "`Invoice.NotFound`: no such invoice in the organisation." };

/** The organisation's reminder rules, and each invoice's reminder history and send-now. */
export const reminderRoutes = (deps: ReminderRouteDeps): RouteDef[] => {
  return [
    {
      method: "GET",
      path: "/v1/invoice-reminders",
      operationId: "getInvoiceReminderRules",
      summary: "The organisation's default reminder offsets",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The rules.", schema: RULES } },
      handler: async (ctx) => reply(getReminderRules(deps())(orgScope(ctx).scope), 200, (r) => r),
    },
    {
      method: "PUT",
      path: "/v1/invoice-reminders",
      operationId: "putInvoiceReminderRules",
      summary: "Set the organisation's default reminder offsets (empty: no reminders)",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(ReminderRulesBody),
      responses: { "200": { description: "The rules.", schema: RULES }, "400": { description: "`Request.Invalid`." } },
      handler: async (ctx) => {
        const body = decode(ReminderRulesBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(putReminderRules(deps())(orgScope(ctx).scope, body.right), 200, (r) => r);
      },
    },
    {
      method: "GET",
      path: "/v1/invoices/{id}/reminders",
      operationId: "listInvoiceReminders",
      summary: "An invoice's reminders: planned, sent, cancelled and failed",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": {
          description: "Every reminder of the invoice, oldest due first (one page).",
          schema: listSchema(ReminderView),
        },
        "404": missing,
      },
      handler: async (ctx) =>
        reply(listInvoiceReminders(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (rs) =>
          wholeList(rs.map(reminderJson)),
        ),
    },
    {
      method: "POST",
      path: "/v1/invoices/{id}/reminders",
      operationId: "sendInvoiceReminder",
      summary: "Send a reminder now (a repeat within 60 s answers the one sent)",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "201": { description: "Sent (or Failed: see `error`).", schema: toJsonSchema(ReminderView) },
        "200": { description: "The reminder sent in the last 60 s.", schema: toJsonSchema(ReminderView) },
        "404": missing,
        "409": { description: "`Reminder.NotRemindable`: draft, paid, voided or credited invoices get none." },
      },
      handler: async (ctx) => {
        const sent = await sendReminderNow(deps())(orgScope(ctx).scope, idOf(ctx))();
        if (E.isLeft(sent)) return sent.left;
        return { status: sent.right.replayed ? 200 : 201, body: reminderJson(sent.right.reminder) };
      },
    },
  ];
};
