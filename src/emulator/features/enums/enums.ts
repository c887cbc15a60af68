/**
 * The enum listings: `GET /shield/shield-zone/{id}/access-lists/enums` and
 * `…/api-guardian/enums` (a map of enum → value → name), and `GET /shield/ddos/enums` (the
 * WAF enums' shape: a list of enums, each with its values). The service's own tables, as the
 * spec's `x-enum-varnames` give them.
 */
import { json, type ApiResponse } from "../../responses";

type Table = Readonly<Record<number, string>>;

export const ACCESS_LIST_ENUMS: Readonly<Record<string, Table>> = {
  AccessListType: { 0: "IP", 1: "CIDR", 2: "ASN", 3: "Country", 4: "Organization", 5: "JA4" },
  AccessListAction: { 0: "None", 1: "Allow", 2: "Block", 3: "Challenge", 4: "Log", 5: "Bypass" },
  AccessListCategory: {
    0: "None",
    1: "VPNs",
    2: "Datacenters",
    4: "Proxies",
    8: "TorExitNodes",
    16: "Botnets",
    32: "VulnerabilityScanners",
    64: "WebScrapers",
    128: "SearchEngines",
    256: "SearchEngineCrawlers",
    512: "AiSearch",
    1024: "AiCrawlers",
    2048: "AiAgents",
    4096: "PagePreview",
    8192: "InternetTools",
  },
};

export const API_GUARDIAN_ENUMS: Readonly<Record<string, Table>> = {
  ExecutionMode: { 0: "Log", 1: "Block" },
  BodyLimitAction: { 0: "Block", 1: "Log", 2: "Ignore" },
  UnmatchedPathAction: { 0: "Block", 1: "Log", 2: "Ignore" },
};

const DDOS_ENUMS: Readonly<Record<string, Table>> = {
  DDoSShieldSensitivity: { 0: "Off", 1: "Low", 2: "Medium", 3: "High", 4: "Challenge" },
  DDoSExecutionMode: { 0: "Log", 1: "Block" },
};

/** The handler of a zone's enum map: the zone is in the path but does not change the answer. */
const enumMap = (tables: Readonly<Record<string, Table>>) => (): ApiResponse => json(200, tables);

export const getAccessListEnums = enumMap(ACCESS_LIST_ENUMS);
export const getApiGuardianEnums = enumMap(API_GUARDIAN_ENUMS);

export function getDdosEnums(): ApiResponse {
  const data = Object.entries(DDOS_ENUMS).map(([enumName, values]) => ({
    enumName,
    enumValues: Object.entries(values).map(([value, name]) => ({
      optionalInput: null,
      isPremium: false,
      name,
      value: Number(value),
      supportedValues: { values: null, editable: false },
      recommendedOperator: { operator: 5, values: null },
    })),
  }));
  return json(200, { data });
}
