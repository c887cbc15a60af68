/** API key checks: the `AccessKey` header everywhere, `Authorization: Bearer` on /search too. */
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** True when the request carries `apiKey` in a way the route accepts. */
export function isAuthenticated(
  headers: IncomingHttpHeaders,
  apiKey: string,
  acceptBearer: boolean,
): boolean {
  if (sameKey(headers.accesskey, apiKey)) return true;
  if (!acceptBearer) return false;
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "");
  return match !== null && sameKey(match[1]?.trim(), apiKey);
}

/** Constant-time comparison, so the emulator does not teach timing attacks by example. */
function sameKey(given: string | string[] | undefined, apiKey: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(apiKey);
  return a.length === b.length && timingSafeEqual(a, b);
}
