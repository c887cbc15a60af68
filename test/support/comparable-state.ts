/** The emulator's state as destroy must give it back, for the CLI suites. */
import type { StateSnapshot } from "../../src/emulator/state";

/**
 * What destroy must give back: the zones as the service shows them, without the clocks it
 * stamps on every write, and API Guardian by its settings (the document stays uploaded:
 * the service cannot give an earlier one back; a zone never written has it off, in Log mode).
 * Bot categorization never written reads as no actions.
 */
export function comparableState(snapshot: StateSnapshot): unknown {
  const { zones, wafCustomRules, rateLimits } = snapshot;
  const withoutClocks = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value, (key, v: unknown) =>
        /^(lastUpdated|createdAt|updatedAt|dateModified)$/.test(key) ? undefined : v,
      ),
    );
  return withoutClocks({
    zones: zones.map(({ apiGuardian, customListContents: _contents, ...zone }) => ({
      ...zone,
      botCategorization: zone.botCategorization ?? { categories: {}, bots: {} },
      apiGuardian: {
        isEnabled: apiGuardian?.isEnabled ?? false,
        executionMode: apiGuardian?.executionMode ?? 0,
        bodyLimitAction: apiGuardian?.bodyLimitAction ?? 0,
        unmatchedPathAction: apiGuardian?.unmatchedPathAction ?? 1,
      },
    })),
    rules: [...(wafCustomRules ?? []), ...(rateLimits ?? [])],
  });
}
