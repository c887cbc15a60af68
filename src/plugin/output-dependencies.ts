/**
 * What each output that is not an input (nor part of the id) is computed from, by kind: the
 * inputs whose change can change it. An update whose changed inputs are none of these keeps
 * the output as it is, so its preview shows the stored value instead of `[unknown]`.
 *
 * The declarations do not say this yet; it belongs there (an `OutputDeclaration.from`), and
 * moves there when the kit takes it. Until then a test fails for an output missing here.
 * `priors` is not listed: it changes when an update declares a field or member that was not
 * declared before (see `preview.ts`).
 */
import type { Kind } from "../resources/kit/registry";

/** Per kind, per output, the inputs it depends on ([] for one that no update changes). */
export const OUTPUT_DEPENDENCIES: Readonly<
  Record<Kind, Readonly<Record<string, readonly string[]>>>
> = {
  // The list a configuration governs: fixed by configurationId, a replace key.
  AccessListConfiguration: {
    listId: [],
    name: [],
    type: [],
    // Captured once, at adoption (state written before priors were kept as one object).
    priorIsEnabled: [],
    priorAction: [],
  },
  ShieldZone: {
    ddosExecutionMode: ["ddosShieldSensitivity"],
    rateLimitRulesLimit: ["planType"],
    customWafRulesLimit: ["planType"],
  },
  BotDetection: {},
  UploadScanning: {},
  AccessList: {
    configurationId: [],
    entryCount: ["entries"],
    checksum: ["entries"],
  },
  WafCustomRule: {},
  RateLimit: {},
  ApiGuardian: {
    title: ["openApiSpec"],
    version: ["openApiSpec"],
    openApiSpecSha256: ["openApiSpec"],
    endpointIds: ["openApiSpec", "endpoints"],
  },
  CustomPage: {},
  BotCategorization: {
    botIds: ["bots"],
  },
};
