/** How many event log entries each zone has on each day (the entries themselves are generated). */
import { z } from "zod";
import { nonNegative } from "../../snapshot-values";

/** Overrides of the event-log volume: zone id → `MM-dd-yyyy` → number of entries. */
const eventLogVolumes = z.record(
  z.string().regex(/^[1-9]\d*$/, "expected a zone id"),
  z.record(z.string().regex(/^\d{2}-\d{2}-\d{4}$/, "expected MM-dd-yyyy"), nonNegative),
);

declare module "../../records" {
  interface StateSnapshot {
    /** Event log entries per zone and day where no override exists. */
    eventLogsPerDay: number;
    /** Overrides of the event-log volume: zone id → `MM-dd-yyyy` → number of entries. */
    eventLogVolumes: z.infer<typeof eventLogVolumes>;
  }
}

/** The volumes as a version-1 state file already held them. */
export const version1SnapshotFields = { eventLogsPerDay: nonNegative, eventLogVolumes };
