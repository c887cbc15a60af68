import { CustomPageTypes } from "../../src/client";
import type { Emulator } from "../../src/emulator";
import { ownedConformance } from "./owned-conformance";

const ZONE = 1002; // Advanced: custom pages allowed, none seeded

const pagesOf = (emu: Emulator) => emu.state.zone(ZONE)!.customPages ?? {};
const html = (n: number) => `<!doctype html>\n<html><body><h1>Page ${n}</h1></body></html>`;

ownedConformance({
  kind: "CustomPage",
  // With latency, writes of one zone would overlap without the provider's lock.
  emulator: { latencyMs: 5 },
  zone: ZONE,
  naturalKey: "pageType",
  idempotentCreate: true,
  distinct: CustomPageTypes.length,
  inputs: (n) => ({ shieldZoneId: ZONE, pageType: CustomPageTypes[n - 1], html: html(n) }),
  updated: (inputs) => ({ ...inputs, html: `${String(inputs.html)}\n<!-- updated -->` }),
  equivalent: (inputs) => ({ ...inputs, pageType: String(inputs.pageType).toUpperCase() }),
  bad: {
    inputs: { shieldZoneId: ZONE, pageType: "captcha", html: "", colour: 1 },
    properties: ["pageType", "html", "colour"],
  },
  count: (emu) => Object.keys(pagesOf(emu)).length,
  live(emu, pageType) {
    const page = pagesOf(emu)[pageType as keyof ReturnType<typeof pagesOf>];
    return page === undefined ? undefined : { shieldZoneId: ZONE, pageType, html: page };
  },
  drift(emu, pageType) {
    emu.state.zone(ZONE)!.customPages![pageType as "block"] = "<p>changed by hand</p>";
    return { field: "html", value: "<p>changed by hand</p>" };
  },
  remove(emu, pageType) {
    delete emu.state.zone(ZONE)!.customPages![pageType as "block"];
  },
  fill(emu) {
    emu.state.zone(ZONE)!.planType = 0; // Basic: no custom pages
  },
  limitName: "Basic Shield plan has no custom response pages",
  createRoute: "uploadCustomPage",
  readRoute: "getCustomPage",
});
