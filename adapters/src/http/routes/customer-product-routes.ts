import {
  CustomerView,
  customerJson,
  type DomainError,
  decode,
  limitParam,
  listEnvelope,
  NonEmptyTrimmedString,
  ProductView,
  productJson,
  toJsonSchema,
} from "@apar/core";
import {
  CreateCustomerBody,
  CreateProductBody,
  createCustomer,
  createProduct,
  deleteCustomer,
  deleteProduct,
  getCustomer,
  getProduct,
  listCustomers,
  listProducts,
  searchCustomers,
  searchProducts,
  UpdateCustomerBody,
  UpdateProductBody,
  updateCustomer,
  updateProduct,
} from "@apar/core/app";
import type { Page, PageRequest } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { queryFilter } from "../query-filter.js";
import { jsonBody, type RouteContext, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply, wholeList } from "./support.js";

/** What the customer and product routes need: the database, clock and ids, read when a request runs. */
export type CatalogueRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const ACCESS = { scope: "organisation", module: "ar" } as const;
const SearchLimit = limitParam(1, 100, 20);

/** A list's `q` (part of `fields`). */
const listFilter = (fields: string) => queryFilter({ q: { codec: t.string, description: `Part of the ${fields}.` } });

/** A fuzzy search's `q`: required, trimmed, not blank. */
const searchFilter = (fields: string) =>
  queryFilter({
    q: { codec: NonEmptyTrimmedString(1000), required: true, description: `Text resembling the ${fields}.` },
  });

/** The `q` of a fuzzy search (required) and its `limit`. */
const searchQuery = (
  filter: ReturnType<typeof searchFilter>,
  ctx: RouteContext,
): E.Either<DomainError, { q: string; limit: number }> => {
  const decoded = filter.decode(ctx.query);
  if (E.isLeft(decoded)) return decoded;
  const q = decoded.right.q;
  const limit = decode(SearchLimit, ctx.query.get("limit"), "limit");
  return E.isLeft(limit) ? limit : E.right({ q, limit: limit.right });
};

type Scope = ReturnType<typeof orgScope>["scope"];
type Task<A> = () => Promise<E.Either<DomainError, A>>;

/** The use cases behind one resource's routes. */
interface Ops<A> {
  create(scope: Scope, body: never): Task<A>;
  get(scope: Scope, id: string): Task<A>;
  list(scope: Scope, q: string | undefined, page: PageRequest): Task<Page<A>>;
  search(scope: Scope, q: string, limit: number): Task<A[]>;
  update(scope: Scope, id: string, body: never): Task<A>;
  remove(scope: Scope, id: string): Task<true>;
}

/** One catalogue resource: its names, schemas, codecs and use cases. */
interface Resource<A, C extends t.Mixed> {
  readonly name: string;
  readonly plural: string;
  /** The codec of its view (the response schemas are generated from it). */
  readonly viewCodec: t.Mixed;
  readonly notFound: string;
  readonly searchFields: string;
  readonly view: (a: A) => t.TypeOf<C>;
  readonly createBody: t.Mixed;
  readonly updateBody: t.Mixed;
  readonly ops: Ops<A>;
}

const routesFor = <A extends { id: string }, C extends t.Mixed>(r: Resource<A, C>): RouteDef[] => {
  const base = `/v1/${r.plural}`;
  const answer = { description: `The ${r.name}.`, schema: toJsonSchema(r.viewCodec) };
  const missing = { description: `\`${r.notFound}\`: no such ${r.name} in the organisation.` };
  const cap = r.name[0]?.toUpperCase() + r.name.slice(1);
  const capPlural = r.plural[0]?.toUpperCase() + r.plural.slice(1);
  const LIST_FILTER = listFilter(r.searchFields);
  const SEARCH_FILTER = searchFilter(r.searchFields);
  return [
    {
      method: "POST",
      path: base,
      operationId: `create${cap}`,
      summary: `Create a ${r.name}`,
      tags: [r.plural],
      access: ACCESS,
      requestBody: jsonBody(r.createBody),
      responses: { "201": answer, "400": { description: "`Request.Invalid` with the field errors." } },
      handler: async (ctx) => {
        const body = decode(r.createBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(r.ops.create(orgScope(ctx).scope, body.right as never), 201, r.view);
      },
    },
    {
      method: "GET",
      path: base,
      operationId: `list${capPlural}`,
      summary: `List the organisation's ${r.plural} (q: part of the ${r.searchFields})`,
      tags: [r.plural],
      access: ACCESS,
      parameters: [...LIST_PARAMETERS, ...LIST_FILTER.parameters],
      responses: { "200": { description: `A page of ${r.plural}.`, schema: listSchema(r.viewCodec) } },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        const filter = LIST_FILTER.decode(ctx.query);
        if (E.isLeft(filter)) return filter.left;
        return reply(r.ops.list(orgScope(ctx).scope, filter.right.q, page.right), 200, (p) => listEnvelope(p, r.view));
      },
    },
    {
      method: "GET",
      path: `${base}/search`,
      operationId: `search${capPlural}`,
      summary: `Fuzzy search of ${r.plural}: typos allowed, best match first`,
      tags: [r.plural],
      access: ACCESS,
      parameters: [
        ...SEARCH_FILTER.parameters,
        {
          name: "limit",
          in: "query",
          description: "At most this many (1 to 100, default 20).",
          schema: { type: "integer", minimum: 1, maximum: 100 },
        },
      ],
      responses: {
        "200": { description: "The best matches (one page: nextCursor is null).", schema: listSchema(r.viewCodec) },
        "400": { description: "`Request.Invalid`: q missing or limit out of range." },
      },
      handler: async (ctx) => {
        const query = searchQuery(SEARCH_FILTER, ctx);
        if (E.isLeft(query)) return query.left;
        return reply(r.ops.search(orgScope(ctx).scope, query.right.q, query.right.limit), 200, (items) =>
          wholeList(items.map(r.view)),
        );
      },
    },
    {
      method: "GET",
      path: `${base}/{id}`,
      operationId: `get${cap}`,
      summary: `Fetch a ${r.name}`,
      tags: [r.plural],
      access: ACCESS,
      responses: { "200": answer, "404": missing },
      handler: async (ctx) => reply(r.ops.get(orgScope(ctx).scope, idOf(ctx)), 200, r.view),
    },
    {
      method: "PATCH",
      path: `${base}/{id}`,
      operationId: `update${cap}`,
      summary: `Change a ${r.name} (the members given)`,
      tags: [r.plural],
      access: ACCESS,
      requestBody: jsonBody(r.updateBody),
      responses: { "200": answer, "400": { description: "`Request.Invalid`." }, "404": missing },
      handler: async (ctx) => {
        const body = decode(r.updateBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(r.ops.update(orgScope(ctx).scope, idOf(ctx), body.right as never), 200, r.view);
      },
    },
    {
      method: "DELETE",
      path: `${base}/{id}`,
      operationId: `delete${cap}`,
      summary: `Delete a ${r.name}`,
      tags: [r.plural],
      access: ACCESS,
      responses: { "204": { description: "Deleted." }, "404": missing },
      handler: async (ctx) => reply(r.ops.remove(orgScope(ctx).scope, idOf(ctx)), 204, () => undefined),
    },
  ];
};

/** Customers and products of the organisation: create, read, update, delete, list with `q`, fuzzy search. */
export const customerAndProductRoutes = (deps: CatalogueRouteDeps): RouteDef[] => [
  ...routesFor({
    name: "customer",
    plural: "customers",
    viewCodec: CustomerView,
    notFound: "Customer.NotFound",
    searchFields: "name, e-mail or tax number",
    view: customerJson,
    createBody: CreateCustomerBody,
    updateBody: UpdateCustomerBody,
    ops: {
      create: (scope, body) => createCustomer(deps())(scope, body),
      get: (scope, id) => getCustomer(deps())(scope, id),
      list: (scope, q, page) => listCustomers(deps())(scope, q, page),
      search: (scope, q, limit) => searchCustomers(deps())(scope, q, limit),
      update: (scope, id, body) => updateCustomer(deps())(scope, id, body),
      remove: (scope, id) => deleteCustomer(deps())(scope, id),
    },
  }),
  ...routesFor({
    name: "product",
    plural: "products",
    viewCodec: ProductView,
    notFound: "Product.NotFound",
    searchFields: "name, SKU or description",
    view: productJson,
    createBody: CreateProductBody,
    updateBody: UpdateProductBody,
    ops: {
      create: (scope, body) => createProduct(deps())(scope, body),
      get: (scope, id) => getProduct(deps())(scope, id),
      list: (scope, q, page) => listProducts(deps())(scope, q, page),
      search: (scope, q, limit) => searchProducts(deps())(scope, q, limit),
      update: (scope, id, body) => updateProduct(deps())(scope, id, body),
      remove: (scope, id) => deleteProduct(deps())(scope, id),
    },
  }),
];
