import { checkedFetch } from "../support/client.js";

/** An answer of the portal client. */
export interface PageAnswer {
  readonly status: number;
  readonly url: string;
  readonly location: string | undefined;
  readonly text: string;
}

/**
 * A browser's part of the portal's forms, over plain HTTP: cookies kept per host name (as a browser keeps them,
 * ports aside), redirects followed on request, and the forms' CSRF tokens read from the pages.
 */
export interface PortalClient {
  get(url: string): Promise<PageAnswer>;
  post(url: string, fields: Record<string, string | readonly string[]>): Promise<PageAnswer>;
  /** Follows 303s and 302s from `answer` (GETs), as a browser does. */
  follow(answer: PageAnswer): Promise<PageAnswer>;
  /** The cookie `name` this client holds for `host`. */
  cookie(host: string, name: string): string | undefined;
  /** Sets (or with undefined removes) a cookie, as copying it from one browser to another would. */
  setCookie(host: string, name: string, value: string | undefined): void;
}

/** The CSRF token of the first form of a page. */
export const csrfOf = (text: string): string => /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? "";

export const portalClient = (): PortalClient => {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (host: string) => {
    const jar = jars.get(host) ?? new Map<string, string>();
    jars.set(host, jar);
    return jar;
  };
  const request = async (
    url: string,
    method: "GET" | "POST",
    fields?: Record<string, string | readonly string[]>,
  ): Promise<PageAnswer> => {
    const target = new URL(url);
    const jar = jarOf(target.hostname);
    const body =
      fields === undefined
        ? undefined
        : new URLSearchParams(
            Object.entries(fields).flatMap(([k, v]): [string, string][] =>
              typeof v === "string" ? [[k, v]] : v.map((x) => [k, x]),
            ),
          ).toString();
    const res = await checkedFetch(target, {
      method,
      redirect: "manual",
      headers: {
        ...(jar.size === 0 ? {} : { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") }),
        ...(body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      },
      ...(body === undefined ? {} : { body }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0\b/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get("location") ?? undefined;
    return {
      status: res.status,
      url: target.href,
      location: location === undefined ? undefined : new URL(location, target).href,
      text: await res.text(),
    };
  };
  const client: PortalClient = {
    get: (url) => request(url, "GET"),
    post: (url, fields) => request(url, "POST", fields),
    follow: async (answer) => {
      let at = answer;
      for (let hops = 0; hops < 10 && at.location !== undefined && [301, 302, 303, 307].includes(at.status); hops++)
        at = await request(at.location, "GET");
      return at;
    },
    cookie: (host, name) => jarOf(host).get(name),
    setCookie: (host, name, value) => {
      if (value === undefined) jarOf(host).delete(name);
      else jarOf(host).set(name, value);
    },
  };
  return client;
};
