/**
 * The findings on one access list, with octorules-bunny's own cases: each cites the peer's test
 * (`tests/test_validate.py::Class::test`) it is transcribed from; the peer's `content` lines are
 * `entries` here, its `type: cidr` is `type: "CIDR"`.
 */
import { strict as assert } from "node:assert";
import { resourceFindingPolicy, type ResourceFinding } from "../../src/policy/findings";
import {
  duplicateEntry,
  hostBits,
  listCatchAll,
  listDisabled,
  listOverlap,
  reservedRange,
} from "../../src/policy/list-findings";
import { resourceViolations } from "./harness";

/** The peer's `_access_list()`: a valid list, with overrides. */
const list = (overrides: Record<string, unknown> = {}) => ({
  name: "42",
  type: "Country",
  action: "Block",
  isEnabled: true,
  entries: ["CN", "RU"],
  ...overrides,
});
const cidr = (...entries: string[]) => list({ type: "CIDR", entries });
const ip = (...entries: string[]) => list({ type: "IP", entries });

/** [finding, the peer's test, the list's props, how many problems it has]. */
const CASES: Array<[ResourceFinding, string, Record<string, unknown>, number]> = [
  [reservedRange, "TestAccessList::test_bn305_private_ip", ip("192.168.1.1"), 1],
  [reservedRange, "TestAccessList::test_bn305_private_cidr", cidr("10.0.0.0/8"), 1],
  [reservedRange, "TestAccessList::test_bn305_public_ip_ok", ip("8.8.8.8"), 0],
  [
    reservedRange,
    "TestAccessList::test_bn305_message_includes_range_description",
    cidr("100.64.1.0/24"),
    1,
  ],
  [
    reservedRange,
    "TestCIDRHostBits::test_ipv6_cidr_valid (fc00::/7 is private)",
    cidr("2001:db8::/32", "fc00::/7"),
    1,
  ],
  [hostBits, "TestCIDRHostBits::test_bn306_host_bits[10.0.0.1/24-True]", cidr("10.0.0.1/24"), 1],
  [hostBits, "TestCIDRHostBits::test_bn306_host_bits[10.0.0.0/24-False]", cidr("10.0.0.0/24"), 0],
  [
    hostBits,
    "TestCIDRHostBits::test_bn306_host_bits[2001:db8::1/32-True]",
    cidr("2001:db8::1/32"),
    1,
  ],
  [
    hostBits,
    "TestCIDRHostBits::test_bn306_host_bits[2001:db8::/32-False]",
    cidr("2001:db8::/32"),
    0,
  ],
  [listOverlap, "TestOverlappingCIDRs::test_bn307_overlap", cidr("10.0.0.0/8", "10.1.0.0/16"), 1],
  [
    listOverlap,
    "TestOverlappingCIDRs::test_bn307_no_overlap",
    cidr("10.0.0.0/8", "172.16.0.0/12"),
    0,
  ],
  [
    listOverlap,
    "TestAccessList::test_bn311_catch_all_does_not_double_fire_bn307",
    cidr("0.0.0.0/0", "10.0.0.0/8", "192.168.0.0/16"),
    0,
  ],
  [
    listOverlap,
    "TestAccessList::test_bn307_sweep_line_fast_on_large_input",
    cidr(...Array.from({ length: 1000 }, (_, i) => `203.0.${i >> 8}.${i & 255}/32`)),
    0,
  ],
  [
    listOverlap,
    "TestAccessList::test_bn307_subnet_still_detected_after_sweep_line",
    cidr("10.0.0.0/8", "10.1.0.0/16"),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_duplicate_ip",
    ip("8.8.8.8", "1.1.1.1", "8.8.8.8"),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_no_duplicates",
    ip("8.8.8.8", "1.1.1.1", "9.9.9.9"),
    0,
  ],
  [duplicateEntry, "TestDuplicateIP::test_bn309_single_entry", ip("8.8.8.8"), 0],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_fires_once_per_duplicate",
    ip("8.8.8.8", "8.8.8.8", "8.8.8.8"),
    2,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_ipv6_duplicate",
    ip("2001:db8::1", "2001:db8::1"),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_ipv6_case_insensitive",
    ip("2001:DB8::1", "2001:db8::1"),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_cidr_exact_duplicate",
    cidr("10.0.0.0/24", "10.0.0.0/24"),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_cidr_normalised_duplicate",
    cidr("10.0.0.1/24", "10.0.0.0/24"),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_cidr_no_false_positive_on_different_nets",
    cidr("10.0.0.0/24", "10.0.1.0/24"),
    0,
  ],
  [
    duplicateEntry,
    "TestDuplicateIP::test_bn309_cidr_ipv6_duplicate",
    cidr("2001:db8::/32", "2001:db8::/32"),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateOrganization::test_bn310_duplicate_organization",
    list({ type: "Organization", entries: ["Org1", "Org2", "Org1"] }),
    1,
  ],
  [
    duplicateEntry,
    "TestDuplicateOrganization::test_bn310_no_duplicates",
    list({ type: "Organization", entries: ["Org1", "Org2", "Org3"] }),
    0,
  ],
  [
    duplicateEntry,
    "TestDuplicateOrganization::test_bn310_case_insensitive",
    list({ type: "Organization", entries: ["Org1", "ORG1"] }),
    1,
  ],
  [listCatchAll, "TestAccessList::test_bn311_ipv4_catch_all", cidr("0.0.0.0/0"), 1],
  [listCatchAll, "TestAccessList::test_bn311_ipv6_catch_all", cidr("::/0"), 1],
  [
    listCatchAll,
    "TestAccessList::test_bn311_non_catch_all_not_flagged",
    cidr("10.0.0.0/8", "8.8.8.0/24"),
    0,
  ],
  [listDisabled, "TestDisabledAccessList::test_bn602_disabled", list({ isEnabled: false }), 1],
  [listDisabled, "TestDisabledAccessList::test_bn602_enabled_ok", list({ isEnabled: true }), 0],
];

describe("findings on an access list (octorules-bunny's cases)", () => {
  for (const [finding, source, props, count] of CASES) {
    it(`${finding.name} ${count ? "flags" : "passes"}: tests/test_validate.py::${source}`, async () => {
      const messages = await resourceViolations(
        resourceFindingPolicy(finding),
        "AccessList",
        props,
        {},
        "l",
      );
      assert.equal(messages.length, count, messages.join("\n"));
      for (const m of messages) assert.match(m, /^AccessList "l": /);
    });
  }

  it("names the entry and what would pass", async () => {
    const judge = (f: ResourceFinding, props: Record<string, unknown>) =>
      resourceViolations(resourceFindingPolicy(f), "AccessList", props, {}, "l");
    assert.match(
      (await judge(reservedRange, cidr("100.64.1.0/24")))[0]!,
      /"100\.64\.1\.0\/24", inside 100\.64\.0\.0\/10 \(carrier-grade NAT\)/,
    );
    assert.match((await judge(hostBits, cidr("10.0.0.1/24")))[0]!, /Write "10\.0\.0\.0\/24"/);
    assert.match(
      (await judge(listOverlap, cidr("10.0.0.0/8", "10.1.0.0/16")))[0]!,
      /"10\.0\.0\.0\/8" and "10\.1\.0\.0\/16" overlap.*Remove "10\.1\.0\.0\/16"/,
    );
    assert.match(
      (await judge(duplicateEntry, ip("2001:DB8::1", "2001:db8::1")))[0]!,
      /"2001:db8::1" twice \(as "2001:DB8::1"\)/,
    );
  });

  it("leaves a documentation range (RFC 5737) alone, unlike the peer", async () => {
    const messages = await resourceViolations(
      resourceFindingPolicy(reservedRange),
      "AccessList",
      cidr("203.0.113.0/24"),
    );
    assert.deepEqual(messages, []);
  });

  it("leaves a /0 that lets clients through to shield-no-allow-all", async () => {
    const policy = resourceFindingPolicy(listCatchAll);
    assert.deepEqual(
      await resourceViolations(policy, "AccessList", { ...cidr("0.0.0.0/0"), action: "Allow" }),
      [],
    );
    assert.equal(
      (await resourceViolations(policy, "AccessList", { ...cidr("::/0"), action: "Challenge" }))
        .length,
      1,
    );
  });

  it("counts duplicates in AS, country and JA4 lists too (beyond the peer)", async () => {
    const policy = resourceFindingPolicy(duplicateEntry);
    assert.equal(
      (
        await resourceViolations(
          policy,
          "AccessList",
          list({ type: "ASN", entries: ["AS13335", "13335"] }),
        )
      ).length,
      1,
    );
    assert.equal(
      (await resourceViolations(policy, "AccessList", list({ entries: ["DE", "DE"] }))).length,
      1,
    );
  });
});
