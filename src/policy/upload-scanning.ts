/** `shield-upload-scanning`: a declared upload scanning is on and blocks. */
import { resourcePolicy, shown } from "./resources";

const MODES = ["csamScanningMode", "antivirusScanningMode"] as const;

/** Flags an `UploadScanning` switched off, or with a scanner declared `Disabled` or `Log`. */
export const uploadScanning = resourcePolicy<object>({
  name: "shield-upload-scanning",
  description:
    'An UploadScanning is not switched off and its scanners block: no `isEnabled: false`, no mode "Disabled" or "Log".',
  kind: "UploadScanning",
  enforcementLevel: "advisory",
  severity: "medium",
  remediationSteps: 'Set isEnabled: true and each declared scanning mode to "Block".',
  judge(props) {
    const problems: string[] = [];
    if (props.isEnabled === false) {
      problems.push("isEnabled is false: uploads are not scanned. Set isEnabled: true.");
    }
    for (const mode of MODES) {
      if (props[mode] === "Disabled" || props[mode] === "Log") {
        problems.push(
          `${mode} is ${shown(props[mode])}: ${
            props[mode] === "Log" ? "a match is only logged" : "this scanner is off"
          }. Set ${mode}: "Block".`,
        );
      }
    }
    return problems;
  },
});
