import { AGENT_TAG_DESCRIPTIONS } from "@apar/adapters/agents/agent-routes";
import { BANK_DETAILS_TAG_DESCRIPTIONS } from "@apar/adapters/http/routes/bank-details-routes";
import { BOOKS_TAG_DESCRIPTIONS } from "@apar/adapters/http/routes/books-routes";
import { TENANCY_TAG_DESCRIPTIONS } from "@apar/adapters/http/routes/index";
import { RECEIVABLES_TAG_DESCRIPTIONS } from "@apar/adapters/http/routes/invoice-routes";
import { PAYMENTS_TAG_DESCRIPTIONS } from "@apar/adapters/http/routes/payment-run-routes";
import { REPORT_TAG_DESCRIPTIONS } from "@apar/adapters/http/routes/report-routes";
import { MCP_TAG_DESCRIPTIONS } from "@apar/adapters/mcp/mcp-routes";
import { PORTAL_TAG_DESCRIPTIONS } from "@apar/adapters/portal/index";

/** Descriptions of every OpenAPI tag, for the served document and `apar openapi` alike. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ...TENANCY_TAG_DESCRIPTIONS,
  ...PORTAL_TAG_DESCRIPTIONS,
  ...RECEIVABLES_TAG_DESCRIPTIONS,
  ...BANK_DETAILS_TAG_DESCRIPTIONS,
  ...PAYMENTS_TAG_DESCRIPTIONS,
  ...REPORT_TAG_DESCRIPTIONS,
  ...BOOKS_TAG_DESCRIPTIONS,
  ...MCP_TAG_DESCRIPTIONS,
  ...AGENT_TAG_DESCRIPTIONS,
};
