import { companyVisible } from "@apar/core/app";
import type { Companies } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

/** Companies in memory; slugs are unique across the installation, as the SQL unique index makes them. */
export const memoryCompanies = (access: Access): Companies => ({
  add: (company) =>
    access.write((t) => {
      assertAbsent(t.companies, company.id, "company id");
      assertAbsent(t.companySlugs, company.slug, "company slug");
      t.companies.set(company.id, copy(company));
      t.companySlugs.set(company.slug, company.id);
    }),
  ofId: async (clientId, id) => {
    const company = access.read().companies.get(id);
    return company?.clientId === clientId ? copy(company) : undefined;
  },
  ofSlug: async (slug) => {
    const tables = access.read();
    const id = tables.companySlugs.get(slug);
    return id === undefined ? undefined : copy(tables.companies.get(id));
  },
  listByClient: async (clientId, page, organisationIds) => {
    const mine = [...access.read().companies.values()].filter(
      (c) => c.clientId === clientId && companyVisible(c, organisationIds),
    );
    return copy(keysetPage(mine, (c) => c.id, page));
  },
  update: (company) =>
    access.write((t) => {
      const stored = t.companies.get(company.id);
      if (stored === undefined || stored.clientId !== company.clientId) return;
      if (company.slug !== stored.slug) {
        assertAbsent(t.companySlugs, company.slug, "company slug");
        t.companySlugs.delete(stored.slug);
        t.companySlugs.set(company.slug, company.id);
      }
      // Like the SQL update: the id, client and creation time stay as stored.
      t.companies.set(company.id, { ...copy(company), createdAt: stored.createdAt });
    }),
  remove: (clientId, id) =>
    access.write((t) => {
      const stored = t.companies.get(id);
      if (stored === undefined || stored.clientId !== clientId) return false;
      t.companies.delete(id);
      t.companySlugs.delete(stored.slug);
      return true;
    }),
});
