import { decode, listEnvelope, toJsonSchema } from "@apar/core";
import {
  CreateScheduleBody,
  cancelSchedule,
  createSchedule,
  getSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  ScheduleView,
  scheduleJson,
  UpdateScheduleBody,
  updateSchedule,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply } from "./support.js";

/** What the recurring-invoice routes need. */
export type RecurringRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const TAG = "recurring-invoices";
const ACCESS = { scope: "organisation", module: "ar" } as const;

const SCHEDULE_SCHEMA = toJsonSchema(ScheduleView);

const answer = { description: "The recurring invoice.", schema: SCHEDULE_SCHEMA };
const missing = { description: "`RecurringInvoice.NotFound`: no such recurring invoice in the organisation." };
const invalid = { description: "`Request.Invalid` with the field errors." };

/** Recurring invoices of the organisation: create, list, read, change, pause, resume, cancel. */
export const recurringRoutes = (deps: RecurringRouteDeps): RouteDef[] => {
  const action = (
    name: "pause" | "resume" | "cancel",
    summary: string,
    run: typeof pauseSchedule,
    conflictText: string,
  ): RouteDef => ({
    method: "POST",
    path: `/v1/recurring-invoices/{id}/${name}`,
    operationId: `${name}RecurringInvoice`,
    summary,
    tags: [TAG],
    access: ACCESS,
    responses: { "200": answer, "404": missing, "409": { description: conflictText } },
    handler: async (ctx) => reply(run(deps())(orgScope(ctx).scope, idOf(ctx)), 200, scheduleJson),
  });
  return [
    {
      method: "POST",
      path: "/v1/recurring-invoices",
      operationId: "createRecurringInvoice",
      summary: "Create a recurring invoice schedule",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(CreateScheduleBody),
      responses: { "201": answer, "400": invalid },
      handler: async (ctx) => {
        const body = decode(CreateScheduleBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(createSchedule(deps())(orgScope(ctx).scope, body.right), 201, scheduleJson);
      },
    },
    {
      method: "GET",
      path: "/v1/recurring-invoices",
      operationId: "listRecurringInvoices",
      summary: "List the organisation's recurring invoice schedules",
      tags: [TAG],
      access: ACCESS,
      parameters: LIST_PARAMETERS,
      responses: { "200": { description: "A page of schedules.", schema: listSchema(ScheduleView) } },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        return reply(listSchedules(deps())(orgScope(ctx).scope, page.right), 200, (p) => listEnvelope(p, scheduleJson));
      },
    },
    {
      method: "GET",
      path: "/v1/recurring-invoices/{id}",
      operationId: "getRecurringInvoice",
      summary: "Fetch a recurring invoice schedule",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": answer, "404": missing },
      handler: async (ctx) => reply(getSchedule(deps())(orgScope(ctx).scope, idOf(ctx)), 200, scheduleJson),
    },
    {
      method: "PATCH",
      path: "/v1/recurring-invoices/{id}",
      operationId: "updateRecurringInvoice",
      summary: "Change a recurring invoice schedule (the members given)",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(UpdateScheduleBody),
      responses: {
        "200": answer,
        "400": invalid,
        "404": missing,
        "409": {
          description:
            "`RecurringInvoice.InvalidTransition` (Completed or Cancelled), `RecurringInvoice.AlreadyStarted` (cadence or start date after the first invoice).",
        },
      },
      handler: async (ctx) => {
        const body = decode(UpdateScheduleBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(updateSchedule(deps())(orgScope(ctx).scope, idOf(ctx), body.right), 200, scheduleJson);
      },
    },
    action("pause", "Pause an Active schedule", pauseSchedule, "`RecurringInvoice.InvalidTransition` (not Active)."),
    action(
      "resume",
      "Resume a Paused schedule (occurrences that passed meanwhile are skipped)",
      resumeSchedule,
      "`RecurringInvoice.InvalidTransition` (not Paused).",
    ),
    action(
      "cancel",
      "Cancel a schedule for good",
      cancelSchedule,
      "`RecurringInvoice.InvalidTransition` (Completed or Cancelled already).",
    ),
  ];
};
