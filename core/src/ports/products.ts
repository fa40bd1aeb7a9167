import type { Product } from "../products/model.js";
import type { Catalogue } from "./customers.js";

/** Products; `q` searches the name, SKU and description. */
export type Products = Catalogue<Product>;
