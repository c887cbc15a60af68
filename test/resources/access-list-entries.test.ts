/**
 * What an access list's `check` refuses before any request: a type, action or entry the
 * service has no use for, each refusal naming the property, the value and what is expected.
 * Each case is transcribed from octorules-bunny (a Python linter written against the live
 * service), `tests/test_validate.py`, cited as `Class::test`; its lists are YAML (`type: ip`,
 * `content` one entry a line), ours are inputs (`type: "IP"`, `entries`).
 */
import { strict as assert } from "node:assert";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { ShieldProvider } from "../../src/resources";

type Props = Record<string, unknown>;

/** Peer `_access_list()`: a country list blocking CN and RU, with `fields` over it. */
const list = (fields: Props = {}): Props => ({
  shieldZoneId: 1001,
  name: "42",
  type: "Country",
  action: "Block",
  isEnabled: true,
  entries: ["CN", "RU"],
  ...fields,
});

/** The failures `check` gives for `inputs`, as `property: reason`. */
async function failures(inputs: Props): Promise<string[]> {
  const { failures } = await new ShieldProvider("AccessList").check({}, inputs);
  return (failures ?? []).map((f: CheckFailure) => `${f.property}: ${f.reason}`);
}

const without = (inputs: Props, field: string): Props =>
  Object.fromEntries(Object.entries(inputs).filter(([name]) => name !== field));

const EXPECTED = {
  IP: "an IPv4 or IPv6 address, such as 203.0.113.7",
  CIDR: "an address range, such as 203.0.113.0/24",
  ASN: "an AS number, such as AS13335 or 13335",
  Country: "an ISO 3166 two-letter country code in capitals, such as DE",
  JA4: "a JA4 fingerprint, such as t13d1516h2_8daaf6152771_b0da82dd1658",
} as const;

/** The refusal of `bad` entries in a list of `type`. */
const refusal = (type: keyof typeof EXPECTED, ...bad: string[]) =>
  `entries: entries of a ${type} list must each be ${EXPECTED[type]}; got ${bad
    .map((e) => JSON.stringify(e))
    .join(", ")}.`;

describe("AccessList: check refuses what octorules-bunny finds wrong in a list", () => {
  it("takes the peer's valid list (TestValidRules::test_access_list_no_errors)", async () => {
    assert.deepEqual(await failures(list()), []);
  });

  it("BN001: a list without a name (TestMissingRef::test_bn001_access_list)", async () => {
    assert.match(
      (await failures(without(list(), "name"))).join("\n"),
      /^name: name is required \(a non-empty text of at most 200 characters/,
    );
  });

  it("BN100: an unknown action; the five the service has (TestAction::test_bn100_invalid_access_list, ::test_all_valid_access_list_actions, ::test_bn100_access_list_suggestion_includes_all_values)", async () => {
    const [failure] = await failures(list({ action: "invalid" }));
    assert.match(failure!, /^action: action must be one of .*; got "invalid"\.$/);
    for (const action of ["Allow", "Block", "Challenge", "Log", "Bypass"]) {
      assert.ok(failure!.includes(`"${action}"`), `the refusal names ${action}`);
      assert.deepEqual(await failures(list({ action })), [], action);
    }
  });

  it("BN005: isEnabled that is no boolean (TestTypeMismatch::test_bn005_access_list_enabled_not_bool)", async () => {
    assert.deepEqual(await failures(list({ isEnabled: "yes" })), [
      'isEnabled: isEnabled must be true or false; got "yes".',
    ]);
  });

  it("BN300: an unknown or missing type (TestAccessList::test_bn300_invalid_type, ::test_bn300_missing_type)", async () => {
    assert.match(
      (await failures(list({ type: "unknown" }))).join("\n"),
      /^type: type must be one of "IP" \(0\), "CIDR" \(1\), "ASN" \(2\), "Country" \(3\), "Organization" \(4\), "JA4" \(5\); got "unknown"\.$/,
    );
    assert.match(
      (await failures(without(list(), "type"))).join("\n"),
      /^type: type is required \(one of "IP" \(0\), /,
    );
  });

  it("BN003: a list without entries; its action defaults to Block (TestAccessList, BN003 in validate.py)", async () => {
    assert.deepEqual(await failures(without(list(), "entries")), [
      "entries: entries is required (a non-empty list of entries).",
    ]);
    const { inputs, failures: none } = await new ShieldProvider("AccessList").check(
      {},
      without(list(), "action"),
    );
    assert.equal(none, undefined);
    assert.equal(inputs.action, "Block");
  });

  it("BN301: no entries, or blank ones (TestAccessList::test_bn301_empty_content, ::test_bn301_whitespace_only, ::test_trailing_newlines_handled)", async () => {
    assert.deepEqual(await failures(list({ entries: [] })), [
      "entries: entries must be a non-empty list of entries; got [].",
    ]);
    assert.deepEqual(await failures(list({ entries: ["  ", "  "] })), [
      'entries: entries[0] must be a non-empty entry; got "  ".',
    ]);
    // Surrounding line breaks are trimmed, as the peer ignores trailing ones.
    const { inputs, failures: none } = await new ShieldProvider("AccessList").check(
      {},
      list({ entries: ["US\n", "DE\n"] }),
    );
    assert.equal(none, undefined);
    assert.deepEqual(inputs.entries, ["US", "DE"]);
  });

  it("BN302: an IP or CIDR list entry that is none (TestAccessList::test_bn302_invalid_cidr, ::test_bn302_valid_cidr, ::test_bn302_invalid_ip, ::test_mixed_entries_partial_invalid; TestCIDRHostBits::test_ipv6_cidr_valid)", async () => {
    assert.deepEqual(await failures(list({ type: "CIDR", entries: ["not-a-cidr"] })), [
      refusal("CIDR", "not-a-cidr"),
    ]);
    assert.deepEqual(
      await failures(list({ type: "CIDR", entries: ["10.0.0.0/8", "192.168.0.0/16"] })),
      [],
    );
    assert.deepEqual(await failures(list({ type: "IP", entries: ["not-an-ip"] })), [
      refusal("IP", "not-an-ip"),
    ]);
    assert.deepEqual(
      await failures(list({ type: "IP", entries: ["8.8.8.8", "not-valid", "1.1.1.1"] })),
      [refusal("IP", "not-valid")],
      "only the bad entry is named",
    );
    assert.deepEqual(
      await failures(list({ type: "CIDR", entries: ["2001:db8::/32", "fc00::/7"] })),
      [],
    );
    // Host bits set (BN306), a catch-all (BN311) and private ranges (BN305) are the pack's
    // warnings, not refusals: the service takes them.
    assert.deepEqual(
      await failures(
        list({ type: "CIDR", entries: ["10.0.0.1/24", "2001:db8::1/32", "0.0.0.0/0", "::/0"] }),
      ),
      [],
    );
  });

  it("BN303: an ASN entry that is no AS number (TestAccessList::test_bn303_invalid_asn, ::test_bn303_valid_asn)", async () => {
    assert.deepEqual(await failures(list({ type: "ASN", entries: ["not-asn"] })), [
      refusal("ASN", "not-asn"),
    ]);
    assert.deepEqual(await failures(list({ type: "ASN", entries: ["AS13335", "15169"] })), []);
  });

  it("BN304: a country entry that is no two capital letters (TestAccessList::test_bn304_invalid_country, ::test_bn304_valid_country, ::test_bn304_lowercase_country)", async () => {
    assert.deepEqual(await failures(list({ entries: ["usa"] })), [refusal("Country", "usa")]);
    assert.deepEqual(await failures(list({ entries: ["US", "DE"] })), []);
    assert.deepEqual(await failures(list({ entries: ["us"] })), [refusal("Country", "us")]);
  });

  it("BN308: a JA4 entry that is no fingerprint (TestJA4Fingerprint::*)", async () => {
    const ja4 = (...entries: string[]) => failures(list({ type: "JA4", entries }));
    for (const valid of [
      "t13d1516h2_8daaf6152771_e5627efa2ab1", // ::test_bn308_valid_chrome
      "q13d0312h3_55b375c5d22e_06cda9e17597", // ::test_bn308_valid_quic
      "t13d1310h2_000000000000_000000000000", // ::test_bn308_valid_zero_hashes
      "d12d1516h2_8daaf6152771_e5627efa2ab1", // ::test_bn308_dtls_protocol
      // The other versions of the JA4 specification: TLS 1.0, SSL 3, DTLS 1.2, unknown.
      "t10d1516h2_8daaf6152771_e5627efa2ab1",
      "ts3i0504h1_8daaf6152771_e5627efa2ab1",
      "dd2d1516h2_8daaf6152771_e5627efa2ab1",
      "t00d151600_8daaf6152771_e5627efa2ab1",
    ]) {
      assert.deepEqual(await ja4(valid), [], valid);
    }
    for (const invalid of [
      "t13d1516h2_short", // ::test_bn308_too_short
      "t13d1516h28daaf6152771e5627efa2ab1", // ::test_bn308_missing_underscores
      "x13d1516h2_8daaf6152771_e5627efa2ab1", // ::test_bn308_invalid_protocol
      "t99d1516h2_8daaf6152771_e5627efa2ab1", // ::test_bn308_invalid_tls_version
      "t13d1516h2_8DAAF6152771_E5627EFA2AB1", // ::test_bn308_uppercase_hash_rejected
    ]) {
      assert.deepEqual(await ja4(invalid), [refusal("JA4", invalid)], invalid);
    }
    // ::test_bn308_multiple_entries: one valid, one not; only the bad one is named.
    assert.deepEqual(await ja4("t13d1516h2_8daaf6152771_e5627efa2ab1", "bogus"), [
      refusal("JA4", "bogus"),
    ]);
  });
});
