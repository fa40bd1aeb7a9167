import { html } from "@apar/adapters/pages/html";
import { csrfMatches, csrfToken, portalKeys, seal, unseal } from "@apar/adapters/portal/seal";
import test from "ava";

test("html escapes every interpolated value and keeps nested markup", (t) => {
  const evil = `"><script>alert('x')</script>&`;
  const out = html`<input value="${evil}"><p>${evil}</p>${html`<b>${"<i>"}</b>`}${[1, "<"]}`.text;
  t.is(
    out,
    '<input value="&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;"><p>&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;</p><b>&#60;i&#62;</b>1&#60;',
  );
});

test("a sealed value opens only with its key and purpose, and not once changed", (t) => {
  const keys = portalKeys("operator-secret");
  const sealed = seal(keys.seal, "session", { a: 1 });
  t.deepEqual(unseal(keys.seal, "session", sealed), { a: 1 });
  t.is(unseal(keys.seal, "flash", sealed), undefined);
  t.is(unseal(portalKeys("another-secret").seal, "session", sealed), undefined);
  const flipped = Buffer.from(sealed, "base64url");
  flipped[20] = (flipped[20] ?? 0) ^ 1;
  t.is(unseal(keys.seal, "session", flipped.toString("base64url")), undefined);
  t.is(unseal(keys.seal, "session", "garbage"), undefined);
});

test("a CSRF token matches only the session it was made for", (t) => {
  const keys = portalKeys("operator-secret");
  const token = csrfToken(keys.csrf, "session-a");
  t.true(csrfMatches(keys.csrf, "session-a", token));
  t.false(csrfMatches(keys.csrf, "session-b", token));
  t.false(csrfMatches(keys.csrf, "session-a", ""));
  t.false(csrfMatches(keys.csrf, "session-a", null));
  t.false(csrfMatches(portalKeys("other").csrf, "session-a", token));
});
