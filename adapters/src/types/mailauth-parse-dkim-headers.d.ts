// mailauth's RFC 8601 header parser (lib/parse-dkim-headers.js), which mailauth itself uses for
// Authentication-Results; the package ships no types for it. Only what apar reads is declared.
declare module "mailauth/lib/parse-dkim-headers.js" {
  /** A property value (`header.d=example.com` is `{ header: { d: "example.com" } }`). */
  export interface ResultInfo {
    readonly value: string;
    readonly comment?: string;
    readonly [ptype: string]: string | Readonly<Record<string, string>> | undefined;
  }
  /** `value` is the authserv-id (with its version, if any); `dkim` is one entry per signature. */
  export interface ParsedResults {
    readonly value?: string;
    readonly dkim?: readonly ResultInfo[];
    readonly [method: string]: ResultInfo | readonly ResultInfo[] | string | undefined;
  }
  const parse: (header: string) => { readonly parsed: ParsedResults };
  export default parse;
}
