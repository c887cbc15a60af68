/** The checks of values a state file holds, shared by the snapshot and the features' state. */
import { z } from "zod";

export const int = z.int();
/** Enum values stay open: the service adds values, and tests put unknown ones in the state. */
export const enumValue = z.int().min(0);
export const nonNegative = z.int().min(0);
export const timestamp = z.iso.datetime({ offset: true });
