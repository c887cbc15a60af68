/**
 * The kind's policy finding, one of the pack's `BEYOND_FINDINGS` (`src/policy/beyond-findings.ts`
 * collects every kind's `findings`): API Guardian still logging past the date set for blocking.
 */
import type { ResourceFinding } from "../../policy/findings";
import { shown, type Props } from "../../policy/resources";

/** The configuration of the finding `shield-api-guardian-enforcing`. */
export interface ApiGuardianEnforcingConfig {
  /** From this date (ISO 8601), an API Guardian must block; before it, logging is a rollout. */
  enforceFrom?: string;
}

/** API Guardian left logging, or letting undocumented paths through, past the date set. */
export const apiGuardianEnforcing: ResourceFinding<ApiGuardianEnforcingConfig> = {
  name: "shield-api-guardian-enforcing",
  description:
    'From the configured date (enforceFrom), an enabled ApiGuardian blocks: executionMode "Block", and unmatchedPathAction not "Log" or "Ignore".',
  severity: "high",
  enforcementLevel: "advisory",
  remediationSteps:
    'Set executionMode: "Block" and unmatchedPathAction: "Block" once the logs show no false positive; or move enforceFrom.',
  properties: {
    enforceFrom: {
      type: "string",
      description:
        'The date from which API Guardian must block (e.g. "2026-12-01"); without it, this finding waits.',
    },
  },
  kinds: ["ApiGuardian"],
  judge(props: Props, config) {
    if (config.enforceFrom === undefined || props.isEnabled === false) return [];
    const from = Date.parse(config.enforceFrom);
    if (Number.isNaN(from) || Date.now() < from) return [];
    const since = `since ${config.enforceFrom}`;
    const problems: string[] = [];
    if (props.executionMode === "Log") {
      problems.push(
        `executionMode is "Log" ${since}, the date set for blocking: a request that breaks the API's document is only logged. Set executionMode: "Block".`,
      );
    }
    if (props.unmatchedPathAction === "Log" || props.unmatchedPathAction === "Ignore") {
      problems.push(
        `unmatchedPathAction is ${shown(props.unmatchedPathAction)} ${since}: a request to a path the document does not define goes through. Set unmatchedPathAction: "Block".`,
      );
    }
    return problems;
  },
};

/** This kind's findings, in the pack's order. */
export const findings: readonly ResourceFinding[] = [apiGuardianEnforcing as ResourceFinding];
