import * as E from "fp-ts/lib/Either.js";
import type { Customer } from "../../customers/model.js";
import { EXEMPT_CATEGORIES, type Party } from "../../invoices/model.js";
import { computeTotals, type InvoiceTotals, type LineInput } from "../../invoices/totals.js";
import type { Stores } from "../../ports/stores.js";
import type { Currency } from "../../shared/currencies.js";
import { type DomainError, type FieldError, validationError } from "../../shared/errors.js";
import type { Ids } from "../../shared/ids.js";
import { isDecimalString, isZeroAmount, multiplyAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import type { LineItemBody } from "./invoice-bodies.js";

/** The customer as an invoice prints it. */
export const partyOf = (c: Customer): Party => ({
  name: c.name,
  email: c.email,
  address: c.address,
  taxNumber: c.taxNumber,
  country: c.country,
});

/** A customer of the scope, or a validation problem on `customerId` (a body member, not a path). */
export const customerFor = async (
  s: Pick<Stores, "customers">,
  scope: OrgScope,
  id: string,
): Promise<E.Either<DomainError, Customer>> => {
  const customer = await s.customers.ofId(scope, id);
  return customer === undefined
    ? E.left(
        validationError([
          { field: "body.customerId", code: "not_found", message: "is not a customer of the organisation" },
        ]),
      )
    : E.right(customer);
};

const OUT_OF_RANGE = "the amounts add up to more than apar holds (20 digits before the point)";

/** The totals of the lines, or undefined when any of them is beyond the 20 digits an amount holds. */
const totalsWithinRange = (inputs: readonly LineInput[], currency: Currency): InvoiceTotals | undefined => {
  try {
    const totals = computeTotals(inputs, currency);
    return [totals.subTotal, totals.taxAmount, totals.totalAmount].every(isDecimalString) ? totals : undefined;
  } catch (error) {
    // Arithmetic refuses an intermediate amount beyond range (a TypeError): the lines are too large, not broken.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
};

/**
 * Lines from a body: a product fills what the line leaves out (description, unit price, tax rate); quantity
 * defaults to 1, discount and tax to 0. Answers the priced lines and totals, or the field problems.
 */
export const priceLines = async (
  s: Pick<Stores, "products">,
  ids: Ids,
  scope: OrgScope,
  lines: readonly LineItemBody[],
  currency: Currency,
): Promise<E.Either<DomainError, InvoiceTotals>> => {
  const errors: FieldError[] = [];
  const inputs: LineInput[] = [];
  for (const [i, line] of lines.entries()) {
    const at = `body.lineItems.${i}`;
    const product = line.productId == null ? undefined : await s.products.ofId(scope, line.productId);
    if (line.productId != null && product === undefined) {
      errors.push({ field: `${at}.productId`, code: "not_found", message: "is not a product of the organisation" });
      continue;
    }
    const description = line.description ?? product?.name;
    const unitPrice = line.unitPrice ?? product?.unitPrice;
    if (description === undefined)
      errors.push({ field: `${at}.description`, code: "required", message: "is required without a productId" });
    if (unitPrice === undefined)
      errors.push({ field: `${at}.unitPrice`, code: "required", message: "is required without a productId" });
    if (description === undefined || unitPrice === undefined) continue;
    inputs.push({
      id: ids.next(),
      productId: product?.id ?? null,
      description,
      quantity: line.quantity ?? "1",
      unitPrice,
      discountPercent: line.discountPercent ?? "0",
      taxRate: line.taxRate ?? product?.taxRate ?? "0",
      ...(line.taxCategory === undefined
        ? {}
        : { taxCategory: line.taxCategory, taxExemptionReason: line.taxExemptionReason ?? null }),
    });
    const priced = inputs.at(-1) as LineInput;
    errors.push(...categoryErrors(priced, at));
    if (!isDecimalString(multiplyAmount(priced.quantity, priced.unitPrice)))
      errors.push({ field: `${at}.quantity`, code: "out_of_range", message: OUT_OF_RANGE });
  }
  if (errors.length > 0) return E.left(validationError(errors));
  const totals = totalsWithinRange(inputs, currency);
  return totals === undefined
    ? E.left(validationError([{ field: "body.lineItems", code: "out_of_range", message: OUT_OF_RANGE }]))
    : E.right(totals);
};

/** A line's category against its rate: S needs a rate above zero; the others are at zero, and all but Z need a reason. */
const categoryErrors = (line: LineInput, at: string): FieldError[] => {
  if (line.taxCategory === undefined) {
    return line.taxExemptionReason == null
      ? []
      : [{ field: `${at}.taxExemptionReason`, code: "needs_category", message: "is given with a taxCategory" }];
  }
  const zero = isZeroAmount(line.taxRate);
  if (line.taxCategory === "S" && zero)
    return [{ field: `${at}.taxRate`, code: "range", message: "must be above zero for taxCategory S" }];
  if (line.taxCategory !== "S" && !zero)
    return [{ field: `${at}.taxRate`, code: "range", message: `must be 0 for taxCategory ${line.taxCategory}` }];
  if (EXEMPT_CATEGORIES.includes(line.taxCategory) && line.taxExemptionReason == null)
    return [
      {
        field: `${at}.taxExemptionReason`,
        code: "required",
        message: `is required for taxCategory ${line.taxCategory} (why no VAT is charged)`,
      },
    ];
  return [];
};

/** A problem when the due date is before the issue date. */
export const checkDates = (issueDate: string, dueDate: string): DomainError | undefined =>
  dueDate < issueDate
    ? validationError([
        { field: "body.dueDate", code: "before_issue_date", message: "must not be before the issue date" },
      ])
    : undefined;
