/**
 * The example stack: the shield settings of one zone, plus a few look-ups.
 *
 * Run it with `npm run example` (see the README): with no API key configured it
 * targets the bundled emulator; with `bunnynet:apiKey` set, the real service.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  AccessListConfiguration,
  getAccessListsOutput,
  getBotDetectionOutput,
  getEventLogsOutput,
  searchOutput,
} from "pulumi-bunnynet-shield";

const config = new pulumi.Config();
const shieldZoneId = config.getNumber("zoneId") ?? 1001;

// The zone's managed lists, found by category: no configuration id is hard-coded.
const lists = getAccessListsOutput({ shieldZoneId });

// Switch the Tor exit node list on and block what it matches.
const tor = new AccessListConfiguration("block-tor", {
  shieldZoneId,
  configurationId: lists.byCategory.TorExitNodes.configurationId,
  isEnabled: true,
  action: "Block",
});

// Keep the VPN list off, but log what it would match if switched on.
const vpn = new AccessListConfiguration("log-vpn", {
  shieldZoneId,
  configurationId: lists.byCategory.VPNs.configurationId,
  isEnabled: false,
  action: "Log",
  onDelete: "restore",
});

const bots = getBotDetectionOutput({ shieldZoneId });
const found = searchOutput({ query: config.get("searchQuery") ?? "cdn", size: 5 });
const today = getEventLogsOutput({ shieldZoneId, date: new Date(), limit: 1000 });

export const accessLists = {
  tor: {
    list: tor.name,
    isEnabled: tor.isEnabled,
    action: tor.action,
    wasEnabled: tor.priorIsEnabled,
  },
  vpn: {
    list: vpn.name,
    isEnabled: vpn.isEnabled,
    action: vpn.action,
    wasEnabled: vpn.priorIsEnabled,
  },
};
export const botDetectionMode = bots.executionModeName;
export const searchHits = found.results.apply((results) =>
  results.map((r) => `${r.type}:${r.name}`),
);
/** Today's events per severity, from the first 1,000 entries. */
export const eventsPerSeverityToday = today.logs.apply((logs) =>
  logs.reduce<Record<string, number>>((counts, entry) => {
    const severity = entry.labels?.severity ?? "unknown";
    counts[severity] = (counts[severity] ?? 0) + 1;
    return counts;
  }, {}),
);
