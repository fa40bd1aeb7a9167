/** How long a bearer token is valid (the spec: 8 hours). */
export const TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;
