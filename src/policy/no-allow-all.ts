/** `shield-no-allow-all`: no access list lets every client past the WAF. */
import { wholeFamiliesCovered } from "./address-space";
import { resourcePolicy, shown } from "./resources";

const PASSING_ACTIONS = ["Allow", "Bypass"];

/**
 * Flags an `AccessList` whose action lets its matches past the WAF (`Allow`, `Bypass`) while its
 * entries match every client: CIDR entries that together cover all IPv4 or all IPv6 addresses
 * (`0.0.0.0/0`, `::/0`, or `0.0.0.0/1` with `128.0.0.0/1`).
 */
export const noAllowAll = resourcePolicy<object>({
  name: "shield-no-allow-all",
  description:
    "An AccessList that allows or bypasses (action Allow or Bypass) does not match every client, such as 0.0.0.0/0 or ::/0.",
  kind: "AccessList",
  enforcementLevel: "mandatory",
  severity: "critical",
  remediationSteps:
    "List only the networks to let through, or give the list a blocking action (Block, Challenge, Log).",
  judge(props) {
    if (!PASSING_ACTIONS.includes(String(props.action)) || props.type !== "CIDR") return [];
    const entries = Array.isArray(props.entries) ? props.entries.map(String) : [];
    return wholeFamiliesCovered(entries).map(
      (family) =>
        `action is ${shown(props.action)} and its entries cover every ${family} address (${entries
          .slice(0, 5)
          .map(shown)
          .join(
            ", ",
          )}${entries.length > 5 ? ", …" : ""}): every such request skips the WAF. List only the networks to let through, or set action: "Block".`,
    );
  },
});
