import type { SignInAccount } from "@apar/core/app";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";

/** What the sign-in page shows. */
export interface SignInView {
  /** The CSRF token of the page's forms (bound to the sign-in cookie's nonce). */
  readonly csrf: string;
  readonly message?: string;
  readonly error?: string;
  readonly clientId?: string;
  readonly email?: string;
  /** The name of the configured OpenID Connect provider, when there is one. */
  readonly oidcName?: string;
}

/** The sign-in page: a link by mail, the organisation's provider, or an API key or bearer token. */
export const signInPageHtml = (v: SignInView): Html =>
  layout(
    "Sign in",
    html`<section>
<h1>Sign in</h1>
${notice(v.message)}${notice(v.error, true)}
<h2>With your e-mail address</h2>
<p class="muted">We mail you a link that signs you in once, within 15 minutes.</p>
<form method="post" action="/portal/sign-in/link">
<input type="hidden" name="csrf" value="${v.csrf}">
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" autocomplete="email" value="${v.email ?? ""}" required>
<p><button type="submit" id="send-link">E-mail me a link</button></p>
</form>
${
  v.oidcName === undefined
    ? ""
    : html`<h2>With your organisation's account</h2>
<p><a class="button" id="oidc" href="/portal/sign-in/oidc">Sign in with ${v.oidcName}</a></p>`
}
</section>
<section>
<h2>With an API key or a bearer token</h2>
<p class="muted">For client administrators and developers. The portal keeps the session for 8 hours and checks the
credential again on every page, so revoking it ends the session.</p>
<form method="post" action="/portal/sign-in">
<input type="hidden" name="csrf" value="${v.csrf}">
<label for="credential">API key or bearer token</label>
<input type="password" id="credential" name="credential" autocomplete="off" required>
<label for="clientId">Client ID <span class="muted">(only when the credential covers several clients)</span></label>
<input type="text" id="clientId" name="clientId" value="${v.clientId ?? ""}">
<p><button type="submit" id="credential-sign-in">Sign in</button></p>
</form>
</section>`,
  );

/** After a link was asked for: the same words whether or not anyone has the address. */
export const linkSentHtml = (email: string): Html =>
  layout(
    "Check your mail",
    html`<section>
<h1>Check your mail</h1>
<p role="status">If <strong>${email}</strong> may sign in here, a link is on its way to it. The link works once,
within 15 minutes. Nothing came? Look in the spam folder, or ask again in a minute.</p>
<p><a href="/portal/sign-in">Back to sign in</a></p>
</section>`,
  );

/**
 * The page a mailed link opens: a button that uses the link. Opening it changes nothing, so a mail scanner that
 * follows links does not use them up; the press sends the token with the page's CSRF token.
 */
export const linkPageHtml = (token: string, csrf: string): Html =>
  layout(
    "Sign in",
    html`<section>
<h1>Sign in</h1>
<p>This link signs you in to the portal once.</p>
<form method="post" action="/portal/sign-in/link/${token}">
<input type="hidden" name="csrf" value="${csrf}">
<p><button type="submit" id="use-link">Continue to sign in</button></p>
</form>
</section>`,
  );

/** A sign-in that did not go through, with a way back. */
export const signInRefusedHtml = (title: string, reason: string): Html =>
  layout(
    title,
    html`<section>
<h1>${title}</h1>
<p role="alert">${reason}</p>
<p><a href="/portal/sign-in">Back to sign in</a></p>
</section>`,
  );

/** The accounts a proven address may sign in to: the person picks one. */
export const chooseAccountHtml = (accounts: readonly SignInAccount[], csrf: string): Html =>
  layout(
    "Choose an account",
    html`<section>
<h1>Choose where to sign in</h1>
<p>Your address belongs to people of several clients. Choose one; to change, sign out and in again.</p>
<ul class="accounts">${accounts.map(
      (a) => html`<li><form method="post" action="/portal/sign-in/choose">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="account" value="${a.userId}">
<button type="submit" class="secondary">${a.clientName}</button>
<span class="muted">${a.userName}: ${
        a.clientAdministrator ? "client administrator" : a.organisations.join(", ")
      }</span></form></li>`,
    )}</ul>
</section>`,
  );

/**
 * Signed in after the identity provider's redirect: a page that goes on to `landing` by itself. A redirect would
 * not do: the browser treats the provider's redirect chain as another site's, and sends no SameSite=Strict cookie
 * along it, so the next page would not see the new session; a refresh from this page is the portal's own.
 */
export const continueHtml = (landing: string): Html =>
  layout(
    "Signed in",
    html`<section>
<h1>Signed in</h1>
<p><a href="${landing}" id="continue">Continue to the portal</a></p>
</section>`,
    undefined,
    html`<meta http-equiv="refresh" content="0;url=${landing}">`,
  );
