/** What a custom access list's entries must look like, by list type, checked before any request. */
import { isIP } from "node:net";
import { isNetwork } from "../../client/arguments";

const ASN = /^(?:AS)?(\d{1,10})$/i;
const COUNTRY = /^[A-Z]{2}$/;
// JA4: <protocol: TLS, QUIC, DTLS><version: TLS 1.3-1.0, SSL 3 and 2, DTLS 1.0, 1.2, 1.3, or 00
// for unknown><SNI: domain or IP><cipher count><extension count><ALPN>_<12 hex>_<12 hex>, as
// FoxIO's JA4 specification and octorules-bunny (BN308) have it.
const JA4 = /^[tqd](?:1[0-3]|s[23]|d[1-3]|00)[di]\d{4}[0-9a-z]{2}_[0-9a-f]{12}_[0-9a-f]{12}$/;

/** For each list type: a test, and what a valid entry looks like. */
export const ENTRY_RULES: Record<string, { valid(entry: string): boolean; expectation: string }> = {
  IP: { valid: (e) => isIP(e) !== 0, expectation: "an IPv4 or IPv6 address, such as 203.0.113.7" },
  CIDR: { valid: isNetwork, expectation: "an address range, such as 203.0.113.0/24" },
  ASN: {
    valid: (e) => ASN.test(e) && Number(ASN.exec(e)![1]) <= 4_294_967_295,
    expectation: "an AS number, such as AS13335 or 13335",
  },
  Country: {
    valid: (e) => COUNTRY.test(e),
    expectation: "an ISO 3166 two-letter country code in capitals, such as DE",
  },
  Organization: {
    valid: (e) => e.length <= 200,
    expectation: "an organization name of at most 200 characters",
  },
  JA4: {
    valid: (e) => JA4.test(e),
    expectation: "a JA4 fingerprint, such as t13d1516h2_8daaf6152771_b0da82dd1658",
  },
};
