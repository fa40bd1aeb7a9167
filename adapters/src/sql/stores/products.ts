import type { Product } from "@apar/core";
import type { Products } from "@apar/core/ports";
import type { SqlSession } from "../sql-session.js";
import { sqlCatalogue } from "./catalogue.js";

/** Products in SQL, within one organisation of one client. */
export const sqlProducts = (session: SqlSession): Products =>
  sqlCatalogue<Product>(session, "products", (p) => [p.name, p.sku, p.description]);
