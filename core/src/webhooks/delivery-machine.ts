import * as E from "fp-ts/lib/Either.js";
import { type MachineTable, rowsFor, transition } from "../shared/state-machine.js";
import { DELIVERY_STATUSES, type DeliveryStatus } from "./model.js";

/**
 * What moves a webhook delivery: a runner `claim`s it (locks it for an attempt); the attempt `succeed`s, or fails
 * and is due to `retry` or to `give-up` (no attempt left); a runner that stops or a lock that lapses `release`s it
 * (or `expire`s it when its attempts are spent); a person `redeliver`s a finished one.
 */
export const DELIVERY_TRIGGERS = ["claim", "succeed", "retry", "give-up", "release", "expire", "redeliver"] as const;
export type DeliveryTrigger = (typeof DELIVERY_TRIGGERS)[number];

/**
 * The delivery's machine as data. The stores move many deliveries in one statement (claiming a batch, recording
 * a batch of attempts), so they take their target statuses from this table rather than from `transition` per row:
 * `attemptTrigger` names the move an attempt makes and `deliveryMove` the status it leads to.
 */
export const WEBHOOK_DELIVERY_MACHINE: MachineTable<DeliveryStatus, DeliveryTrigger, unknown, never> = {
  name: "WebhookDelivery",
  states: DELIVERY_STATUSES,
  triggers: DELIVERY_TRIGGERS,
  initial: "Pending",
  transitions: [
    { from: "Pending", trigger: "claim", to: "Delivering", events: [] },
    { from: "Delivering", trigger: "succeed", to: "Succeeded", events: [] },
    { from: "Delivering", trigger: "retry", to: "Pending", events: [] },
    { from: "Delivering", trigger: "give-up", to: "Failed", events: [] },
    { from: "Delivering", trigger: "release", to: "Pending", events: [] },
    { from: "Delivering", trigger: "expire", to: "Failed", events: [] },
    { from: ["Succeeded", "Failed"], trigger: "redeliver", to: "Pending", events: [] },
  ],
};

/** The move an attempt makes: succeeded, failed with a retry due, or failed with none left. */
export const attemptTrigger = (ok: boolean, retryAt: Date | undefined | null): DeliveryTrigger =>
  ok ? "succeed" : retryAt === undefined || retryAt === null ? "give-up" : "retry";

/** Where a delivery in `from` goes on `trigger` (a move the table does not have is a programming error). */
export const deliveryMove = (from: DeliveryStatus, trigger: DeliveryTrigger): DeliveryStatus => {
  const moved = transition(WEBHOOK_DELIVERY_MACHINE, from, trigger, undefined);
  if (E.isLeft(moved)) throw new Error(moved.left.detail);
  return moved.right.to;
};

/** The statuses a delivery may be in for `trigger` to move it (for set-based statements). */
export const deliveryStatusesFor = (trigger: DeliveryTrigger): DeliveryStatus[] =>
  DELIVERY_STATUSES.filter((s) => rowsFor(WEBHOOK_DELIVERY_MACHINE, s, trigger).length > 0);
