import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import { paymentJson } from "../../invoices/invoice-view.js";
import type { Invoice, InvoicePayment } from "../../invoices/model.js";
import { outstandingOf } from "../../invoices/totals.js";
import { conflict, type DomainError, validationError } from "../../shared/errors.js";
import { addAmounts, compareAmounts, fitsCurrency, formatAmount, isZeroAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import { type OperationIdempotency, oncePerKey, operationPlace, rememberResponse } from "../idempotency.js";
import type { InvoiceDeps } from "./deps.js";
import type { RecordPaymentBody } from "./invoice-bodies.js";
import { invoiceEvents } from "./invoice-events.js";
import { loadInvoice, moveInvoice } from "./invoice-rules.js";

/** Who records which payment against which invoice. */
export interface RecordPaymentInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly invoiceId: string;
  readonly body: RecordPaymentBody;
  /**
   * The Idempotency-Key header and a hash of what the request asked, with the operation's name and the status
   * it answers (the HTTP route gives `POST /v1/invoices/payments` and 201).
   */
  readonly idempotency?: OperationIdempotency;
}

export type PaymentJson = ReturnType<ReturnType<typeof paymentJson>>;

/** What recording answers: the payment (or, for a repeated key, the first answer again). */
export interface RecordedPayment {
  readonly payment: PaymentJson;
  readonly replayed: boolean;
}

/**
 * Records a payment against a sent or partly paid invoice: PartiallyPaid (`invoice.partially_paid`) or, when
 * nothing is left outstanding, Paid (`invoice.paid`). More than the outstanding amount is refused
 * (`Invoice.Overpayment`). With an Idempotency-Key, a repeat answers the first answer again.
 */
export const recordPayment =
  (deps: InvoiceDeps<"events" | "idempotencyKeys" | "invoices">) =>
  (input: RecordPaymentInput): TE.TaskEither<DomainError, RecordedPayment> => {
    const { scope, idempotency } = input;
    const place = operationPlace(scope, idempotency);
    const record = () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, RecordedPayment>> => {
        const loaded = await loadInvoice(s, scope, input.invoiceId);
        if (E.isLeft(loaded)) return loaded;
        const invoice = loaded.right;
        const { amount } = input.body;
        if (!fitsCurrency(amount, invoice.currency)) {
          return E.left(
            validationError([
              { field: "body.amount", code: "scale", message: `has more decimals than ${invoice.currency} allows` },
            ]),
          );
        }
        const outstanding = outstandingOf(invoice);
        const settles = compareAmounts(amount, outstanding) === 0 || isZeroAmount(outstanding);
        const move = moveInvoice(invoice, "record-payment", { settles });
        if (E.isLeft(move)) return move;
        if (compareAmounts(amount, outstanding) > 0) {
          return E.left(
            conflict(
              "Invoice.Overpayment",
              `The payment of ${formatAmount(amount, invoice.currency)} ${invoice.currency} is more than the ${formatAmount(outstanding, invoice.currency)} ${invoice.currency} outstanding.`,
            ),
          );
        }
        const now = deps.clock.now();
        const payment: InvoicePayment = {
          id: deps.ids.next(),
          amount,
          // One instant form on the wire: a date or an offset time is stored as ISO-8601 UTC with milliseconds.
          paidAt: new Date(input.body.paidAt).toISOString(),
          notes: input.body.notes ?? null,
          method: input.body.method ?? null,
          reference: input.body.reference ?? null,
          createdAt: now,
        };
        const paid: Invoice = {
          ...invoice,
          status: move.right.to,
          amountPaid: addAmounts(invoice.amountPaid, amount),
          payments: [...invoice.payments, payment],
          updatedAt: now,
        };
        await s.invoices.update(paid);
        await s.events.append(invoiceEvents(deps, paid, move.right.events, input.actor));
        const json = paymentJson(paid)(payment);
        await rememberResponse(s.idempotencyKeys, place, idempotency, json, now);
        return E.right({ payment: json, replayed: false });
      });
    return () =>
      oncePerKey(
        deps.db.stores.idempotencyKeys,
        place,
        idempotency,
        (seen) => ({ payment: seen.response as PaymentJson, replayed: true }),
        record,
      );
  };
