import * as t from "io-ts";

/** An industry an organisation may name, as the API lists it. */
export const IndustryView = t.type({ id: t.string, name: t.string }, "Industry");
export type Industry = t.TypeOf<typeof IndustryView>;

/** The fixed list of industries. Ids are stable: stored on organisations, never renamed. */
export const INDUSTRIES: readonly Industry[] = [
  { id: "accounting", name: "Accounting and bookkeeping" },
  { id: "agriculture", name: "Agriculture, forestry and fishing" },
  { id: "construction", name: "Construction" },
  { id: "consulting", name: "Consulting and professional services" },
  { id: "education", name: "Education" },
  { id: "energy", name: "Energy and utilities" },
  { id: "financial-services", name: "Financial services and insurance" },
  { id: "healthcare", name: "Healthcare and social care" },
  { id: "hospitality", name: "Hospitality and food service" },
  { id: "information-technology", name: "Information technology and software" },
  { id: "legal", name: "Legal services" },
  { id: "logistics", name: "Transport and logistics" },
  { id: "manufacturing", name: "Manufacturing" },
  { id: "media", name: "Media, marketing and creative" },
  { id: "non-profit", name: "Non-profit and charities" },
  { id: "public-sector", name: "Public sector" },
  { id: "real-estate", name: "Real estate and property" },
  { id: "retail", name: "Retail and e-commerce" },
  { id: "telecommunications", name: "Telecommunications" },
  { id: "wholesale", name: "Wholesale and distribution" },
  { id: "other", name: "Other" },
];

/** The industry with the id, if there is one. */
export const industryOf = (id: string): Industry | undefined => INDUSTRIES.find((i) => i.id === id);
