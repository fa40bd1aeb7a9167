import type { Customer } from "@apar/core";
import type { Customers } from "@apar/core/ports";
import type { SqlSession } from "../sql-session.js";
import { sqlCatalogue } from "./catalogue.js";

/** Customers in SQL, within one organisation of one client. */
export const sqlCustomers = (session: SqlSession): Customers =>
  sqlCatalogue<Customer>(session, "customers", (c) => [c.name, c.email, c.taxNumber]);
