/**
 * The API's address: checked and normalized before anything is sent, and shown in messages
 * without anything that may be secret. A value that is not a URL may be the API key pasted in
 * the wrong place, and a URL may carry credentials, a query or a path with a token in it, so
 * no message shows more of an address than its scheme, host and port.
 */
import { BlockList, isIP } from "node:net";
import { InvalidArgumentError, redactUrl } from "./errors";

/** Loopback addresses: 127.0.0.0/8 and ::1 (IPv4-mapped ones too, which BlockList matches). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

const EXAMPLE = "such as https://api.bunny.net";
const KEY_GOES =
  "the key goes in the apiKey option, bunnynet:apiKey " +
  "(`pulumi config set --secret bunnynet:apiKey <key>`) or BUNNYNET_API_KEY,";

/**
 * True when `hostname` (as `URL.hostname` gives it, IPv6 in brackets) is `localhost` or a
 * loopback address: a request to it never leaves the machine.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (host === "localhost") return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 6 ? "ipv6" : "ipv4");
}

/**
 * Checks an API address and drops a trailing slash. It must be an http(s) URL without
 * credentials, query or fragment; `http://` only for a loopback host (a local emulator)
 * unless `allowInsecureHttp`, since the key would travel unencrypted. A refusal names
 * `argument` (where the value came from) and never shows the value's secret parts.
 * @throws {InvalidArgumentError} the address is refused
 */
export function normalizeBaseUrl(
  value: unknown,
  argument: string,
  allowInsecureHttp = false,
): string {
  const refuse = (shown: string, expectation: string): never => {
    // The error keeps the shown text as its `value`, never the value itself.
    throw new InvalidArgumentError(argument, shown, expectation);
  };
  if (typeof value !== "string") return refuse(`(a ${typeof value})`, `expected a URL ${EXAMPLE}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse(
      "(not a URL; not shown, as it may be the API key)",
      `${KEY_GOES} never in the address; expected a URL ${EXAMPLE}`,
    );
  }
  const shown = redactUrl(url);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    refuse(shown, `expected an http(s) URL ${EXAMPLE}`);
  }
  if (url.username || url.password) {
    refuse(
      shown,
      `the address must not hold credentials (not shown): ${KEY_GOES} and the address alone, ` +
        EXAMPLE,
    );
  }
  if (url.search || url.hash) {
    refuse(shown, `the address must have no query or fragment (not shown), ${EXAMPLE}`);
  }
  if (url.protocol === "http:" && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    refuse(
      shown,
      "http:// would send the API key unencrypted: use https://, or, on a network you trust, " +
        "allow it with allowInsecureHttp: true (stack config bunnynet:allowInsecureHttp, " +
        "environment BUNNYNET_ALLOW_INSECURE_HTTP); http:// to localhost, 127.0.0.0/8 or ::1 " +
        "(a local emulator) needs no such permission",
    );
  }
  return url.toString().replace(/\/+$/, "");
}

/**
 * Reads the `allowInsecureHttp` setting: a boolean, or text `true`/`false`/`1`/`0` (stack
 * config and environment values are text); undefined when unset or blank.
 * @throws {InvalidArgumentError} any other value, not shown (it may be a misplaced key)
 */
export function insecureHttpFlag(value: unknown, argument: string): boolean | undefined {
  if (value === undefined || typeof value === "boolean") return value;
  if (typeof value === "string") {
    const text = value.trim().toLowerCase();
    if (text === "") return undefined;
    if (text === "true" || text === "1") return true;
    if (text === "false" || text === "0") return false;
  }
  throw new InvalidArgumentError(argument, "(not shown)", "expected true or false (or 1 or 0)");
}
