import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import { fuzzyRank } from "../../customers/fuzzy.js";
import type { Product } from "../../products/model.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { type DomainError, notFound } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { type CatalogueDeps, FUZZY_SAMPLE } from "../customers/customer-use-cases.js";
import { Percent, UnitPrice } from "../invoices/invoice-bodies.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const Text = (max: number) => nullable(NonEmptyTrimmedString(max));

const OPTIONAL = {
  description: Text(2000),
  sku: Text(100),
  currency: nullable(CurrencyCode),
  taxRate: Percent,
};

/** The body of POST /v1/products. */
export const CreateProductBody = closedType(
  { name: NonEmptyTrimmedString(300), unitPrice: UnitPrice },
  OPTIONAL,
  "CreateProduct",
);
/** The body of PATCH /v1/products/{id}: the members given change. */
export const UpdateProductBody = closedType(
  {},
  { name: NonEmptyTrimmedString(300), unitPrice: UnitPrice, ...OPTIONAL },
  "UpdateProduct",
);

/** The answer for a missing product (or another organisation's). */
export const productNotFound = (): DomainError => notFound("Product.NotFound", "The product does not exist.");

/** Creates a product of the organisation. */
export const createProduct =
  (deps: CatalogueDeps<"products">) =>
  (scope: OrgScope, body: t.TypeOf<typeof CreateProductBody>): TE.TaskEither<DomainError, Product> =>
  async () => {
    const now = deps.clock.now();
    const product: Product = {
      id: deps.ids.next(),
      ...scope,
      name: body.name,
      description: body.description ?? null,
      sku: body.sku ?? null,
      unitPrice: body.unitPrice,
      currency: body.currency ?? null,
      taxRate: body.taxRate ?? "0",
      createdAt: now,
      updatedAt: now,
    };
    await deps.db.run((s) => s.products.add(product));
    return E.right(product);
  };

/** A product of the organisation. */
export const getProduct =
  (deps: CatalogueDeps<"products">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, Product> =>
  async () => {
    const product = await deps.db.stores.products.ofId(scope, id);
    return product === undefined ? E.left(productNotFound()) : E.right(product);
  };

/** One page of the organisation's products, optionally those containing `q`. */
export const listProducts =
  (deps: CatalogueDeps<"products">) =>
  (scope: OrgScope, q: string | undefined, page: PageRequest): TE.TaskEither<DomainError, Page<Product>> =>
  async () =>
    E.right(await deps.db.stores.products.search(scope, q, page));

/** Products whose name, SKU or description resembles `q` (typos allowed), best first. */
export const searchProducts =
  (deps: CatalogueDeps<"products">) =>
  (scope: OrgScope, q: string, limit: number): TE.TaskEither<DomainError, Product[]> =>
  async () => {
    const all = await deps.db.stores.products.sample(scope, FUZZY_SAMPLE);
    return E.right(fuzzyRank(q, all, (p) => [p.name, p.sku, p.description], limit));
  };

/** Changes the members given. */
export const updateProduct =
  (deps: CatalogueDeps<"products">) =>
  (scope: OrgScope, id: string, body: t.TypeOf<typeof UpdateProductBody>): TE.TaskEither<DomainError, Product> =>
  () =>
    deps.db.run(async (s) => {
      const product = await s.products.ofId(scope, id);
      if (product === undefined) return E.left(productNotFound());
      const changed: Product = { ...product, ...body, updatedAt: deps.clock.now() };
      await s.products.update(changed);
      return E.right(changed);
    });

/** Deletes a product; invoice lines made from it keep their values. */
export const deleteProduct =
  (deps: CatalogueDeps<"products">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, true> =>
  async () =>
    (await deps.db.run((s) => s.products.remove(scope, id))) ? E.right(true) : E.left(productNotFound());
