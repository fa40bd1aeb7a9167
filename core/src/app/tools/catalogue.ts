import * as E from "fp-ts/lib/Either.js";
import { policyReasonInWords } from "../../approvals/reason-words.js";
import { actsAs } from "../../auth/principal.js";
import type { BillJson } from "../../bills/bill-view.js";
import { BILL_STATES, type BillState } from "../../bills/model.js";
import { INVOICE_STATUSES, type InvoiceStatus } from "../../invoices/model.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { intIn, oneOf } from "../../shared/codecs/combinators.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import type { DomainError } from "../../shared/errors.js";
import { addAmounts } from "../../shared/money.js";
import type { Page } from "../../shared/page.js";
import { approveBill, rejectBill, scheduleBillPayment, submitBill } from "../approvals/bill-lifecycle.js";
import { listPolicies } from "../approvals/policy-use-cases.js";
import { getBill, listBills } from "../bills/bill-queries.js";
import type { BillDeps } from "../bills/deps.js";
import { BillPatch, updateBill } from "../bills/update-bill.js";
import { CreateCustomerBody, createCustomer, listCustomers } from "../customers/customer-use-cases.js";
import { createInvoice } from "../invoices/create-invoice.js";
import type { InvoiceDeps } from "../invoices/deps.js";
import { CreateInvoiceBody, RecordPaymentBody } from "../invoices/invoice-bodies.js";
import { getInvoice, listInvoices } from "../invoices/invoice-queries.js";
import { recordPayment } from "../invoices/record-payment.js";
import { sendInvoice } from "../invoices/send-invoice.js";
import { listMatchGroups, matchingReviewGate } from "../matching/match-groups.js";
import { listProducts } from "../products/product-use-cases.js";
import { searchSuppliers } from "../suppliers/supplier-use-cases.js";
import { type AnyTool, type ToolCall, tool } from "./tool.js";

/** What the tools' use cases need together. */
export type ToolDeps = BillDeps & InvoiceDeps;

const Limit = documented(intIn(1, 50, "Limit"), { description: "At most this many items (1 to 50; default 20)." });
const After = documented(Uuid, { description: "The last id of the previous page, to read the next one." });
const Query = documented(NonEmptyTrimmedString(200), { description: "Part of the name to look for." });
const BillId = closedType({ id: documented(Uuid, { description: "The bill's id." }) }, {}, "BillId");
const InvoiceId = closedType({ id: documented(Uuid, { description: "The invoice's id." }) }, {}, "InvoiceId");
const PagedSearch = closedType({}, { query: Query, limit: Limit, after: After }, "PagedSearch");

/** A page as a model reads it: the items, and the id to pass as `after` for the next page (null at the end). */
const paged = <A extends { readonly id: string }, B>(page: Page<A>, view: (a: A) => B) => ({
  items: page.items.map(view),
  nextAfter: page.hasMore ? (page.items.at(-1)?.id ?? null) : null,
});

const pageRequest = (input: { limit?: number; after?: string }) => ({
  limit: input.limit ?? 20,
  ...(input.after === undefined ? {} : { after: input.after.toLowerCase() }),
});

/** A bill in a list: what tells bills apart and what is owed, without lines or reading details. */
const billLine = (b: BillJson) => ({
  id: b.id,
  state: b.state,
  supplierName: b.supplierName,
  invoiceNumber: b.invoiceNumber,
  currency: b.currency,
  totalAmount: b.totalAmount,
  amountDue: b.amountDue,
  invoiceDate: b.invoiceDate,
  dueDate: b.dueDate,
  possibleDuplicate: b.duplicateOfBillId !== null,
  bankDetailsChanged: b.bankDetailsChanged,
});

const run = <A>(task: () => Promise<E.Either<DomainError, A>>) => task();

/** A page of a use case, viewed for the model. */
const pageOf = async <A extends { readonly id: string }, B>(
  task: () => Promise<E.Either<DomainError, Page<A>>>,
  view: (a: A) => B,
) => E.map((p: Page<A>) => paged(p, view))(await task());

const same = <A>(a: A): A => a;

const lifecycle = (call: ToolCall, id: string) => ({
  scope: call.scope,
  actor: call.actor,
  id: id.toLowerCase(),
  administrator: actsAs(call.auth, "Admin"),
});

/** ISO date `days` after `from` (UTC). */
const addDays = (from: Date, days: number): string =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The bills not yet paid that are due by `until`, and what they come to per currency. */
const dueBy = async (deps: ToolDeps, call: ToolCall, until: string) => {
  const due: BillJson[] = [];
  for (const state of ["PendingReview", "NeedsApproval", "Approved", "Scheduled"] as const) {
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await run(
        listBills(deps)(call.scope, { state }, { limit: 100, ...(after === undefined ? {} : { after }) }),
      );
      if (E.isLeft(page)) return page;
      due.push(...page.right.items.filter((b) => b.dueDate !== null && b.dueDate <= until));
      after = page.right.items.at(-1)?.id;
      if (!page.right.hasMore || after === undefined) break;
    }
  }
  const totals = new Map<string, string>();
  for (const b of due) {
    const amount = b.amountDue ?? b.totalAmount;
    if (amount !== null && b.currency !== null)
      totals.set(b.currency, addAmounts(totals.get(b.currency) ?? "0", amount));
  }
  return E.right({
    until,
    bills: due.sort((a, b) => (a.dueDate ?? "").localeCompare(b.dueDate ?? "")).map(billLine),
    totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
  });
};

/** Every tool of the catalogue, over the use cases the HTTP routes call. */
export const toolCatalogue = (deps: ToolDeps): readonly AnyTool[] => [
  tool({
    name: "list_bills",
    title: "List bills",
    description:
      "Lists the organisation's supplier bills, oldest first, optionally in one state or from a supplier whose name contains the given text. Returns id, state, supplier, invoice number, totals and dates per bill.",
    input: closedType(
      {},
      { state: oneOf(BILL_STATES, "BillState"), supplier: Query, limit: Limit, after: After },
      "ListBills",
    ),
    access: "read",
    module: "ap",
    run: (call, input) =>
      pageOf(
        listBills(deps)(
          call.scope,
          {
            ...(input.state === undefined ? {} : { state: input.state as BillState }),
            ...(input.supplier === undefined ? {} : { supplierName: input.supplier }),
          },
          pageRequest(input),
        ),
        billLine,
      ),
  }),
  tool({
    name: "get_bill",
    title: "Get a bill",
    description:
      "Fetches one bill with every field: supplier, amounts, dates, lines, bank details, reading confidence per field, the approval decision and approvals.",
    input: BillId,
    access: "read",
    module: "ap",
    run: (call, input) => run(getBill(deps)(call.scope, input.id.toLowerCase())),
  }),
  tool({
    name: "explain_bill_policy",
    title: "Explain a bill's approval",
    description:
      "Says in a sentence which approval policy decided a submitted bill and why, and how many approvals it has and needs.",
    input: BillId,
    access: "read",
    module: "ap",
    run: async (call, input) => {
      const bill = await run(getBill(deps)(call.scope, input.id.toLowerCase()));
      if (E.isLeft(bill)) return bill;
      const b = bill.right;
      return E.right({
        id: b.id,
        state: b.state,
        explanation:
          b.appliedPolicy === null
            ? "The bill has not been submitted yet, so no policy has decided it."
            : policyReasonInWords(b.appliedPolicy, b.currency),
        approvalsGiven: b.approvals.length,
        approvalsRequired: b.appliedPolicy?.approvalsRequired ?? null,
      });
    },
  }),
  tool({
    name: "due_this_week",
    title: "What is due this week",
    description:
      "Summarises the supplier bills not yet paid whose due date is within the next 7 days (or already past), with the total per currency.",
    input: closedType({}, {}, "DueThisWeek"),
    access: "read",
    module: "ap",
    run: (call) => dueBy(deps, call, addDays(deps.clock.now(), 7)),
  }),
  tool({
    name: "list_suppliers",
    title: "List suppliers",
    description: "Lists the organisation's supplier records, optionally those whose name contains the given text.",
    input: PagedSearch,
    access: "read",
    module: "ap",
    run: (call, input) => pageOf(searchSuppliers(deps)(call.scope, input.query, pageRequest(input)), same),
  }),
  tool({
    name: "list_approval_policies",
    title: "List approval policies",
    description:
      "Lists the organisation's approval policies in evaluation order: conditions (supplier, amount bounds, currency, confidence, duplicate flag, bank account, match status) and action.",
    input: closedType({}, {}, "ListPolicies"),
    access: "read",
    module: "ap",
    run: (call) => run(listPolicies(deps)(call.scope)),
  }),
  tool({
    name: "list_match_groups",
    title: "List match groups",
    description: "Lists the organisation's match groups (a bill matched with its purchase order and receipts).",
    input: closedType({}, { limit: Limit, after: After }, "ListMatchGroups"),
    access: "read",
    module: "matching",
    run: (call, input) => pageOf(listMatchGroups(deps)(call.scope, pageRequest(input)), same),
  }),
  tool({
    name: "correct_bill",
    title: "Correct a bill in review",
    description:
      'Corrects fields of a bill waiting for review (PendingReview): give the bill\'s id and, in `fields`, only the fields to change. Amounts are decimal strings ("1250.00"), dates YYYY-MM-DD.',
    input: closedType({ id: Uuid, fields: BillPatch }, {}, "CorrectBill"),
    access: "write",
    module: "ap",
    run: (call, input) =>
      run(updateBill(deps)({ scope: call.scope, actor: call.actor, id: input.id.toLowerCase(), patch: input.fields })),
  }),
  tool({
    name: "submit_bill",
    title: "Submit a bill",
    description:
      "Submits a reviewed bill: the approval policies decide whether it is approved at once, waits for approval, or is voided.",
    input: BillId,
    access: "write",
    module: "ap",
    run: (call, input) => run(submitBill(deps, matchingReviewGate)(lifecycle(call, input.id))),
  }),
  tool({
    name: "approve_bill",
    title: "Approve a bill",
    description:
      "Asks to approve a bill waiting for approval (NeedsApproval) as the caller; it is Approved once enough approvals are given, and may then be paid. You cannot approve it yourself: the call answers what approving does, and the person confirms it in their client.",
    input: BillId,
    access: "write",
    module: "ap",
    preview: async (call, input) => {
      const bill = await run(getBill(deps)(call.scope, input.id.toLowerCase()));
      if (E.isLeft(bill)) return bill;
      const b = bill.right;
      const amount = [b.totalAmount ?? "an unknown amount", b.currency].filter((x) => x !== null).join(" ");
      const needed = b.appliedPolicy?.approvalsRequired ?? 1;
      return E.right({
        summary: `Approve bill ${b.invoiceNumber ?? b.id} from ${b.supplierName ?? "an unknown supplier"} for ${amount} (${b.approvals.length} of ${needed} approval${needed === 1 ? "" : "s"} given so far).`,
        amount: b.totalAmount,
        currency: b.currency,
        payee: b.supplierName,
      });
    },
    run: (call, input) => run(approveBill(deps)(lifecycle(call, input.id))),
  }),
  tool({
    name: "reject_bill",
    title: "Reject a bill",
    description: "Rejects a bill waiting for approval, with the reason the supplier or reviewer should read.",
    input: closedType({ id: Uuid, reason: NonEmptyTrimmedString(1000) }, {}, "RejectBill"),
    access: "write",
    module: "ap",
    run: (call, input) => run(rejectBill(deps)({ ...lifecycle(call, input.id), reason: input.reason })),
  }),
  tool({
    name: "schedule_payment",
    title: "Schedule a bill's payment",
    description:
      'Asks to schedule an approved bill for payment on a date by a method (e.g. "SEPA transfer"). Lets money move, so you cannot do it yourself: the call answers what scheduling does, and the person confirms it in their client.',
    input: closedType(
      { id: Uuid, paymentDate: IsoDate, paymentMethod: NonEmptyTrimmedString(100) },
      {},
      "SchedulePayment",
    ),
    access: "write",
    module: "ap",
    preview: async (call, input) => {
      const bill = await run(getBill(deps)(call.scope, input.id.toLowerCase()));
      if (E.isLeft(bill)) return bill;
      const b = bill.right;
      const due = b.amountDue ?? b.totalAmount;
      const amount = [due ?? "an unknown amount", b.currency].filter((x) => x !== null);
      return E.right({
        summary: `Schedule ${amount.join(" ")} to ${b.supplierName ?? "an unknown supplier"} (bill ${b.invoiceNumber ?? b.id}) for payment on ${input.paymentDate} by ${input.paymentMethod}.`,
        amount: due,
        currency: b.currency,
        payee: b.supplierName,
      });
    },
    run: (call, input) =>
      run(
        scheduleBillPayment(deps)({
          ...lifecycle(call, input.id),
          paymentDate: input.paymentDate,
          paymentMethod: input.paymentMethod,
        }),
      ),
  }),
  tool({
    name: "list_invoices",
    title: "List invoices",
    description: "Lists the organisation's sales invoices, oldest first, optionally with one status.",
    input: closedType(
      {},
      { status: oneOf(INVOICE_STATUSES, "InvoiceStatus"), limit: Limit, after: After },
      "ListInvoices",
    ),
    access: "read",
    module: "ar",
    run: (call, input) =>
      pageOf(
        listInvoices(deps)(
          call.scope,
          input.status === undefined ? {} : { status: input.status as InvoiceStatus },
          pageRequest(input),
        ),
        same,
      ),
  }),
  tool({
    name: "get_invoice",
    title: "Get an invoice",
    description: "Fetches one sales invoice with its customer, lines, totals, payments and status.",
    input: InvoiceId,
    access: "read",
    module: "ar",
    run: (call, input) => run(getInvoice(deps)(call.scope, input.id.toLowerCase())),
  }),
  tool({
    name: "list_customers",
    title: "List customers",
    description: "Lists the organisation's customers, optionally those whose name contains the given text.",
    input: PagedSearch,
    access: "read",
    module: "ar",
    run: (call, input) => pageOf(listCustomers(deps)(call.scope, input.query, pageRequest(input)), same),
  }),
  tool({
    name: "list_products",
    title: "List products",
    description: "Lists the organisation's products and services, optionally those whose name contains the given text.",
    input: PagedSearch,
    access: "read",
    module: "ar",
    run: (call, input) => pageOf(listProducts(deps)(call.scope, input.query, pageRequest(input)), same),
  }),
  tool({
    name: "create_customer",
    title: "Create a customer",
    description: "Creates a customer of the organisation (name required; email, address and tax number optional).",
    input: CreateCustomerBody,
    access: "write",
    module: "ar",
    run: (call, input) => run(createCustomer(deps)(call.scope, input)),
  }),
  tool({
    name: "create_draft_invoice",
    title: "Create a draft invoice",
    description:
      "Creates a draft sales invoice for a customer with its lines (description, quantity, unit price as decimal strings). A draft is not sent and has no number.",
    input: CreateInvoiceBody,
    access: "write",
    module: "ar",
    run: (call, input) => run(createInvoice(deps)({ scope: call.scope, actor: call.actor, body: input })),
  }),
  tool({
    name: "send_invoice",
    title: "Send an invoice",
    description:
      "Asks to send a draft invoice: it takes its number and is mailed to the customer. Sends mail, so you cannot do it yourself: the call answers what sending does, and the person confirms it in their client.",
    input: InvoiceId,
    access: "write",
    module: "ar",
    preview: async (call, input) => {
      const invoice = await run(getInvoice(deps)(call.scope, input.id.toLowerCase()));
      if (E.isLeft(invoice)) return invoice;
      const i = invoice.right;
      return E.right({
        summary: `Send the draft invoice of ${i.totalAmount} ${i.currency} to ${i.customerName}${i.customer.email === null ? "" : ` (${i.customer.email})`} by email; it takes the next invoice number.`,
        amount: i.totalAmount,
        currency: i.currency,
        payee: null,
      });
    },
    run: (call, input) => run(sendInvoice(deps)({ scope: call.scope, actor: call.actor, id: input.id.toLowerCase() })),
  }),
  tool({
    name: "record_payment",
    title: "Record an invoice payment",
    description:
      "Records a payment received for a sent invoice: in `payment`, the amount (decimal string, at most what is outstanding) and the date it was paid.",
    input: closedType({ invoiceId: Uuid, payment: RecordPaymentBody }, {}, "RecordInvoicePayment"),
    access: "write",
    module: "ar",
    run: async (call, input) => {
      const recorded = await run(
        recordPayment(deps)({
          scope: call.scope,
          actor: call.actor,
          invoiceId: input.invoiceId.toLowerCase(),
          body: input.payment,
        }),
      );
      return E.map((r: { payment: unknown }) => r.payment)(recorded);
    },
  }),
];
