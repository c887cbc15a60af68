/** `shield-ddos-minimum`: a shield zone's DDoS protection is at least as sensitive as a floor. */
import { DdosShieldSensitivity } from "../client/enums";
import { resourcePolicy, shown } from "./resources";

/** A name of `DdosShieldSensitivity`, from least to most sensitive. */
export type DdosSensitivityName = keyof typeof DdosShieldSensitivity;

/** The configuration of {@link ddosMinimum}. */
export interface DdosMinimumConfig {
  /** The least `ddosShieldSensitivity` a zone may declare. */
  minimum: DdosSensitivityName;
}

const NAMES = Object.keys(DdosShieldSensitivity) as DdosSensitivityName[];

/** Flags a `ShieldZone` that declares `ddosShieldSensitivity` below the configured floor. */
export const ddosMinimum = resourcePolicy<DdosMinimumConfig>({
  name: "shield-ddos-minimum",
  description:
    'A ShieldZone\'s ddosShieldSensitivity is at least the configured minimum (default "Low").',
  kind: "ShieldZone",
  enforcementLevel: "advisory",
  severity: "high",
  remediationSteps: "Raise ddosShieldSensitivity to the minimum or above.",
  configSchema: {
    properties: { minimum: { type: "string", enum: NAMES, default: "Low" } },
  },
  judge(props, config) {
    const declared = props.ddosShieldSensitivity;
    if (typeof declared !== "string" || !(declared in DdosShieldSensitivity)) return [];
    const floor = config.minimum;
    if (NAMES.indexOf(declared as DdosSensitivityName) >= NAMES.indexOf(floor)) return [];
    const passing = NAMES.slice(NAMES.indexOf(floor)).map(shown).join(", ");
    return [
      `ddosShieldSensitivity is ${shown(declared)}, below the minimum ${shown(floor)}. Set one of ${passing}.`,
    ];
  },
});
