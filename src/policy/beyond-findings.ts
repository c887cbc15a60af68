/**
 * Findings on what octorules-bunny does not manage, each about one kind and kept in that
 * kind's folder: a kind `FooBar` exports its own as `findings` from
 * `src/resources/foo-bar/findings.ts`, and joins the pack with no line here. (Upload scanning
 * that only logs is `shield-upload-scanning`'s, a managed threat list switched off
 * `shield-threat-lists`'s.)
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { folderOf, KINDS, type Kind } from "../resources/kit/registry";
import type { ResourceFinding } from "./findings";

/** `kind`'s own findings, from its folder; none when it has no `findings.ts`. */
export function findingsOf(kind: Kind): readonly ResourceFinding[] {
  const specifier = `../resources/${folderOf(kind)}/findings`;
  let findings: readonly ResourceFinding[] | undefined;
  try {
    ({ findings } = require(specifier) as {
      findings?: readonly ResourceFinding[];
    });
  } catch (error) {
    const missing = (error as { code?: string }).code === "MODULE_NOT_FOUND";
    // Only the file itself missing means none: a module it imports missing is a fault.
    if (missing && String((error as Error).message).includes(`'${specifier}'`)) return [];
    throw error;
  }
  if (!Array.isArray(findings) || findings.some((f) => !f.kinds.includes(kind))) {
    throw new Error(
      `src/resources/${folderOf(kind)}/findings.ts must export \`findings\`, the kind's own findings (each judging ${kind})`,
    );
  }
  return findings;
}

/** Every kind's own findings, in the registry's order of the kinds. */
export const BEYOND_FINDINGS: readonly ResourceFinding[] = KINDS.flatMap(findingsOf);
