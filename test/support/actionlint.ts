/** scripts/actionlint.sh for the workflow suites: built from Go modules once, then cached. */
import { execFile } from "node:child_process";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "../..");
const SCRIPT = path.join(REPO, "scripts/actionlint.sh");

/** What a run of actionlint gave: its exit status (3: Go is not installed) and output. */
export interface Lint {
  status: number;
  output: string;
}

/** Runs scripts/actionlint.sh on `files` (the examples when none). */
export function actionlint(...files: string[]): Promise<Lint> {
  return new Promise((resolve) => {
    execFile(
      "bash",
      [SCRIPT, ...files],
      { cwd: REPO, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

/**
 * Builds actionlint (minutes the first time: give the hook a long timeout), or skips the
 * calling suite, saying so, when Go is not installed.
 */
export async function actionlintOrSkip(context: Mocha.Context): Promise<void> {
  const build = await actionlint("-version");
  if (build.status === 3 && /Go is not installed/.test(build.output)) {
    console.log("      Go is not installed: actionlint cannot be built. This suite is pending.");
    context.skip();
  }
  if (build.status !== 0) throw new Error(`building actionlint failed:\n${build.output}`);
}

/** A GitHub Actions step, as far as the workflow tests read one. */
export interface WorkflowStep {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

/** A GitHub Actions job, as far as the workflow tests read one. */
export interface WorkflowJob {
  if?: string;
  needs?: string | string[];
  environment?: string;
  permissions?: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  steps: WorkflowStep[];
}
