/** Markup that is already safe to send: built by `html` from escaped values, never from raw input. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Escapes text for an HTML element or a double- or single-quoted attribute value. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A value a template may interpolate: markup as is; text, numbers and booleans escaped; lists joined. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const render = (value: HtmlValue): string => {
  if (value instanceof Html) return value.text;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
};

/**
 * A template tag that escapes every interpolated value unless it is already `Html`: the only way pages are
 * built, so a value from a request or the database cannot become markup by being forgotten.
 */
export const html = (strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html =>
  new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i] as HtmlValue) : ""), ""));
