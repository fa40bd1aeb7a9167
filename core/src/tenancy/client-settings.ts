import type { Client, ClientSettings } from "./model.js";

/** The settings of a client that never set any. */
export const DEFAULT_CLIENT_SETTINGS: ClientSettings = {
  logoUrl: null,
  primaryColour: null,
  billReviewTimeAfterDueDate: null,
  paymentAllowedRedirectHosts: [],
  arEmailsEnabled: true,
  defaultPaymentTermsDays: null,
};

/** A client's settings, defaults filled in (a client stored before settings existed has none). */
export const clientSettingsOf = (client: Pick<Client, "settings">): ClientSettings => ({
  ...DEFAULT_CLIENT_SETTINGS,
  ...client.settings,
});

const COLOUR = /^#[0-9a-f]{6}$/i;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

const isHttpsUrl = (s: string): boolean => {
  try {
    return new URL(s).protocol === "https:" && s.length <= 2048;
  } catch {
    return false;
  }
};

/** Problems with settings a caller gave (field paths under `settings`), empty when they are fine. */
export const settingsErrors = (
  settings: Partial<ClientSettings>,
): { field: string; code: string; message: string }[] => {
  const errors: { field: string; code: string; message: string }[] = [];
  const { logoUrl, primaryColour, billReviewTimeAfterDueDate, paymentAllowedRedirectHosts, defaultPaymentTermsDays } =
    settings;
  if (
    defaultPaymentTermsDays != null &&
    (!Number.isInteger(defaultPaymentTermsDays) || defaultPaymentTermsDays < 0 || defaultPaymentTermsDays > 365)
  )
    errors.push({
      field: "settings.defaultPaymentTermsDays",
      code: "range",
      message: "settings.defaultPaymentTermsDays must be a whole number of days from 0 to 365",
    });
  if (logoUrl != null && !isHttpsUrl(logoUrl))
    errors.push({ field: "settings.logoUrl", code: "url", message: "settings.logoUrl must be an https:// URL" });
  if (primaryColour != null && !COLOUR.test(primaryColour))
    errors.push({
      field: "settings.primaryColour",
      code: "colour",
      message: "settings.primaryColour must be a colour written #rrggbb",
    });
  if (
    billReviewTimeAfterDueDate != null &&
    (!Number.isInteger(billReviewTimeAfterDueDate) ||
      billReviewTimeAfterDueDate < 0 ||
      billReviewTimeAfterDueDate > 365)
  )
    errors.push({
      field: "settings.billReviewTimeAfterDueDate",
      code: "range",
      message: "settings.billReviewTimeAfterDueDate must be a whole number of days from 0 to 365",
    });
  paymentAllowedRedirectHosts?.forEach((host, i) => {
    if (!HOST.test(host))
      errors.push({
        field: `settings.paymentAllowedRedirectHosts.${i}`,
        code: "host",
        message: `settings.paymentAllowedRedirectHosts.${i} must be a host name such as pay.example.com`,
      });
  });
  if ((paymentAllowedRedirectHosts?.length ?? 0) > 50)
    errors.push({
      field: "settings.paymentAllowedRedirectHosts",
      code: "too_many",
      message: "settings.paymentAllowedRedirectHosts takes at most 50 hosts",
    });
  return errors;
};
