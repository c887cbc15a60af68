/**
 * A refinement's way to give a CheckFailure's whole reason; apart from check.ts so that the
 * field schemas (fields.ts), which the declarations hold, do not import check.ts back.
 */
import type { z } from "zod";

/** What a refinement puts in a custom issue's `params` to give the whole CheckFailure reason. */
export interface Reason {
  readonly reason: string;
}

/**
 * Refuses a value (or, with `path`, a map's key) with the whole reason of its CheckFailure, where
 * the schema's description of a valid value would not say what is wrong.
 */
export function refuse(ctx: z.RefinementCtx, reason: string, path: PropertyKey[] = []): void {
  ctx.addIssue({ code: "custom", path, params: { reason } satisfies Reason });
}
