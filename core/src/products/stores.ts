import type { Catalogue } from "../customers/stores.js";
import type { Product } from "./model.js";

/** Products; `q` searches the name, SKU and description. */
export type Products = Catalogue<Product>;
