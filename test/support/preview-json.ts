/** What `pulumi preview --json` prints, as far as the CLI suites read it, and the changes in it. */

/** The steps of a JSON preview. */
export interface PreviewJson {
  steps: Array<{
    op: string;
    urn: string;
    detailedDiff?: Record<string, { kind: string; inputDiff: boolean }> | null;
  }>;
}

/** The resources a preview would change: `[op, name, detailed diff]`, by name. */
export const changesOf = (preview: PreviewJson) =>
  preview.steps
    .filter((step) => step.op !== "same" && !step.urn.includes("::pulumi:"))
    .map((step) => [step.op, step.urn.split("::").pop(), step.detailedDiff ?? {}] as const)
    .sort(([, a], [, b]) => String(a).localeCompare(String(b)));
