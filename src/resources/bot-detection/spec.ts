/**
 * `BotDetection` on the kit: adopted settings of a zone's bot detection. A zone whose plan has
 * none (Basic) is refused by the service, read or write: create and update fail naming the plan,
 * refresh keeps the state and says why, and delete has nothing to put back.
 */
import { inputSchemaOf } from "../kit/check";
import { declaration } from "./declaration";
import type { BotDetectionConfiguration } from "../../client";
import { withContext } from "../../client/error-context";
import { isBotDetectionNotOnPlan } from "../../client/areas/bot-detection";
import type { ShieldClient } from "../../client/shield-client";
import {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  enumName,
} from "../../client/enums";
import { adoptedLifecycle, NOTHING_TO_RESTORE } from "../kit/adopted";
import { enumNumber } from "../kit/fields";
import { planNameOf } from "../kit/plans";
import { mergeDeep } from "../kit/values";
import { zoneSettingsSpec } from "../kit/zone-settings";

/** The schemas of its inputs, from the declaration. */
export const inputSchema = inputSchemaOf(declaration);

const SIGNALS = ["requestIntegrity", "ipAddress", "browserFingerprint"] as const;

const sensitivityName = (value: number | undefined) =>
  value === undefined ? null : enumName(BotDetectionSensitivity, value);

/** A signal's members as the API takes them: enum names back to numbers. */
function signalBody(value: unknown): Record<string, unknown> {
  const { sensitivity, aggression, complexEnabled } = (value ?? {}) as Record<string, unknown>;
  return {
    ...(sensitivity == null
      ? {}
      : { sensitivity: enumNumber(BotDetectionSensitivity, sensitivity) }),
    ...(aggression == null
      ? {}
      : { aggression: enumNumber(BrowserFingerprintAggression, aggression) }),
    ...(complexEnabled == null ? {} : { complexEnabled }),
  };
}

/** `error` (the service's refusal of a zone without bot detection), saying what to do about it. */
async function notOnPlan(client: ShieldClient, zone: number, error: unknown): Promise<unknown> {
  const plan = await planNameOf(client, zone);
  return withContext(
    error,
    `shield zone ${zone}'s ${plan === undefined ? "" : `${plan} `}Shield plan has no bot detection; upgrade the zone to Advanced or above in the bunny.net dashboard, or remove this ${declaration.kind} (on such a zone, deleting it changes nothing)`,
  );
}

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<BotDetectionConfiguration>({
  declaration,
  inputs: inputSchema,
  ...zoneSettingsSpec(declaration),
  managedFields: ["executionMode", ...SIGNALS],
  async read(client, keys) {
    const zone = Number(keys.shieldZoneId);
    try {
      return await client.botDetection.get(zone);
    } catch (error) {
      throw isBotDetectionNotOnPlan(error) ? await notOnPlan(client, zone, error) : error;
    }
  },
  settings: (live) => ({
    executionMode:
      live.executionMode === undefined
        ? null
        : enumName(BotDetectionExecutionMode, live.executionMode),
    requestIntegrity: { sensitivity: sensitivityName(live.requestIntegrity?.sensitivity) },
    ipAddress: { sensitivity: sensitivityName(live.ipAddress?.sensitivity) },
    browserFingerprint: {
      sensitivity: sensitivityName(live.browserFingerprint?.sensitivity),
      aggression:
        live.browserFingerprint?.aggression === undefined
          ? null
          : enumName(BrowserFingerprintAggression, live.browserFingerprint.aggression),
      complexEnabled: live.browserFingerprint?.complexEnabled ?? null,
    },
  }),
  async write(client, outputs, change, restoring) {
    const body: Record<string, unknown> = {};
    if (change.executionMode !== undefined) {
      body.executionMode = enumNumber(BotDetectionExecutionMode, change.executionMode);
    }
    // A signal is sent whole: the members not declared keep their live values.
    for (const name of SIGNALS) {
      if (change[name] !== undefined)
        body[name] = signalBody(mergeDeep(outputs[name], change[name]));
    }
    const zone = Number(outputs.shieldZoneId);
    try {
      await client.botDetection.update(zone, body);
    } catch (error) {
      if (!isBotDetectionNotOnPlan(error)) throw error;
      // Delete on a zone downgraded since: the service neither shows nor applies bot detection
      // there, and refuses every change, so there is nothing to put back.
      if (restoring) return NOTHING_TO_RESTORE;
      throw await notOnPlan(client, zone, error);
    }
  },
});
