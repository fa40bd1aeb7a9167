import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import { fuzzyRank } from "../../customers/fuzzy.js";
import type { Customer } from "../../customers/model.js";
import type { StoreName } from "../../ports/stores.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { intIn } from "../../shared/codecs/combinators.js";
import { codec } from "../../shared/codecs/failure.js";
import { withSchema } from "../../shared/codecs/json-schema.js";
import { Email, NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { type DomainError, notFound } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import type { CoreDeps } from "../deps.js";

/** What the customer and product use cases need. */
export interface CatalogueDeps<K extends StoreName = StoreName> extends CoreDeps<K> {}

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const Text = (max: number) => nullable(NonEmptyTrimmedString(max));

/** An ISO 3166-1 alpha-2 country code, upper-cased. */
export const CountryCode = withSchema(
  codec(
    "CountryCode",
    (u): u is string => typeof u === "string" && /^[A-Z]{2}$/.test(u),
    (u) =>
      typeof u === "string" && /^[A-Za-z]{2}$/.test(u.trim())
        ? { ok: u.trim().toUpperCase() }
        : { code: "country", message: "must be a two-letter ISO 3166 country code" },
  ),
  { type: "string", pattern: "^\\s*[A-Za-z]{2}\\s*$" },
);

const OPTIONAL = {
  email: nullable(Email),
  address: Text(1000),
  taxNumber: Text(64),
  country: nullable(CountryCode),
  currency: nullable(CurrencyCode),
  paymentTermsDays: nullable(intIn(0, 365, "PaymentTermsDays")),
};

/** The body of POST /v1/customers. */
export const CreateCustomerBody = closedType({ name: NonEmptyTrimmedString(300) }, OPTIONAL, "CreateCustomer");
/** The body of PATCH /v1/customers/{id}: the members given change. */
export const UpdateCustomerBody = closedType({}, { name: NonEmptyTrimmedString(300), ...OPTIONAL }, "UpdateCustomer");

/** The answer for a missing customer (or another organisation's). */
export const customerNotFound = (): DomainError => notFound("Customer.NotFound", "The customer does not exist.");

/** How many customers a fuzzy search ranks at most (the oldest first). */
export const FUZZY_SAMPLE = 5000;

/** Creates a customer of the organisation. */
export const createCustomer =
  (deps: CatalogueDeps<"customers">) =>
  (scope: OrgScope, body: t.TypeOf<typeof CreateCustomerBody>): TE.TaskEither<DomainError, Customer> =>
  async () => {
    const now = deps.clock.now();
    const customer: Customer = {
      id: deps.ids.next(),
      ...scope,
      name: body.name,
      email: body.email ?? null,
      address: body.address ?? null,
      taxNumber: body.taxNumber ?? null,
      country: body.country ?? null,
      currency: body.currency ?? null,
      paymentTermsDays: body.paymentTermsDays ?? null,
      createdAt: now,
      updatedAt: now,
    };
    await deps.db.run((s) => s.customers.add(customer));
    return E.right(customer);
  };

/** A customer of the organisation. */
export const getCustomer =
  (deps: CatalogueDeps<"customers">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, Customer> =>
  async () => {
    const customer = await deps.db.stores.customers.ofId(scope, id);
    return customer === undefined ? E.left(customerNotFound()) : E.right(customer);
  };

/** One page of the organisation's customers, optionally those containing `q`. */
export const listCustomers =
  (deps: CatalogueDeps<"customers">) =>
  (scope: OrgScope, q: string | undefined, page: PageRequest): TE.TaskEither<DomainError, Page<Customer>> =>
  async () =>
    E.right(await deps.db.stores.customers.search(scope, q, page));

/** Customers whose name, e-mail or tax number resembles `q` (typos allowed), best first. */
export const searchCustomers =
  (deps: CatalogueDeps<"customers">) =>
  (scope: OrgScope, q: string, limit: number): TE.TaskEither<DomainError, Customer[]> =>
  async () => {
    const all = await deps.db.stores.customers.sample(scope, FUZZY_SAMPLE);
    return E.right(fuzzyRank(q, all, (c) => [c.name, c.email, c.taxNumber], limit));
  };

/** Changes the members given. */
export const updateCustomer =
  (deps: CatalogueDeps<"customers">) =>
  (scope: OrgScope, id: string, body: t.TypeOf<typeof UpdateCustomerBody>): TE.TaskEither<DomainError, Customer> =>
  () =>
    deps.db.run(async (s) => {
      const customer = await s.customers.ofId(scope, id);
      if (customer === undefined) return E.left(customerNotFound());
      const changed: Customer = { ...customer, ...body, updatedAt: deps.clock.now() };
      await s.customers.update(changed);
      return E.right(changed);
    });

/** Deletes a customer; its invoices keep the customer as they printed it. */
export const deleteCustomer =
  (deps: CatalogueDeps<"customers">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, true> =>
  async () =>
    (await deps.db.run((s) => s.customers.remove(scope, id))) ? E.right(true) : E.left(customerNotFound());
