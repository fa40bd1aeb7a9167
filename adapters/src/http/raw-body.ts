import { type DomainError, domainError } from "@apar/core";
import type { RouteContext } from "./route.js";

/** The raw body, at most `max` bytes (a longer one answers 413 without reading the rest into memory). */
export const readRaw = (ctx: RouteContext, max: number): Promise<Buffer | DomainError> =>
  new Promise((resolve, reject) => {
    const declared = Number(ctx.headers["content-length"] ?? "0");
    const tooLarge = () => domainError("TooLarge", "Request.TooLarge", `The body is larger than ${max} bytes.`);
    if (declared > max) {
      resolve(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    ctx.req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) over = true;
      else chunks.push(chunk);
    });
    ctx.req.on("end", () => resolve(over ? tooLarge() : Buffer.concat(chunks)));
    ctx.req.on("error", reject);
  });
