/** A zone's Shield plan by name, for the messages that tell a user to upgrade it. */
import { enumName, ShieldPlanType } from "../../client/enums";
import type { ShieldClient } from "../../client/shield-client";

/**
 * The name of shield zone `shieldZoneId`'s plan (e.g. `"Basic"`), or undefined when the zone
 * cannot be read: read only on the way to an error, whose message then goes out without it.
 */
export async function planNameOf(
  client: ShieldClient,
  shieldZoneId: number,
): Promise<string | undefined> {
  try {
    const { planType } = await client.shieldZones.get(shieldZoneId);
    return typeof planType === "number" ? enumName(ShieldPlanType, planType) : undefined;
  } catch {
    return undefined;
  }
}
