import { ClientSettingsView, ClientView, MemberView, OrganisationView, toJsonSchema, UserView } from "@apar/core";

export {
  apiKeyView,
  clientSettingsView,
  clientView,
  memberView,
  organisationView,
  userView,
} from "@apar/core";

// The schemas of the tenancy views, generated from their codecs (core/src/tenancy/views.ts).
export const CLIENT_SCHEMA = toJsonSchema(ClientView);
export const CLIENT_SETTINGS_SCHEMA = toJsonSchema(ClientSettingsView);
export const ORGANISATION_SCHEMA = toJsonSchema(OrganisationView);
export const USER_SCHEMA = toJsonSchema(UserView);
export const MEMBER_SCHEMA = toJsonSchema(MemberView);
