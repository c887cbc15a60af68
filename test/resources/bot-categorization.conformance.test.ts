import { adoptedConformance } from "./conformance";
import { botId, liveActions } from "./bot-categorization.fixtures";

const ZONE = 1001;

adoptedConformance({
  kind: "BotCategorization",
  keyFields: ["shieldZoneId"],
  // Zone 1001 starts with AI scrapers allowed and Twitterbot blocked, so that restoring puts
  // back values other than the defaults.
  inputs: (emu) => {
    emu.state.zone(ZONE)!.botCategorization = {
      categories: { 2: 2 },
      bots: { [botId(emu, "Twitterbot")]: 1 },
    };
    return {
      shieldZoneId: ZONE,
      categories: { aiscraper: "Block", "4": 1 },
      bots: { GPTBot: "Allow", twitterbot: null, [String(botId(emu, "curl"))]: "Ignore" },
    };
  },
  updated: (inputs) => ({
    ...inputs,
    categories: { AIScraper: "Allow", Social: "Block" },
    bots: { GPTBot: 1, Slackbot: "Allow" },
  }),
  bad: {
    inputs: {
      shieldZoneId: 0,
      categories: { Robots: "Block" },
      bots: { GPTBot: "Quarantine" },
      onDelete: "forget",
      colour: 1,
    },
    properties: ["shieldZoneId", "categories", "bots", "onDelete", "colour"],
  },
  live: (emu, inputs) => liveActions(emu, ZONE, Object.keys((inputs.bots ?? {}) as object)),
  drift: (emu) => {
    emu.state.zone(ZONE)!.botCategorization!.bots[botId(emu, "GPTBot")] = 1;
    return { field: "bots", value: { GPTBot: "Block", twitterbot: "None", "401": "Ignore" } };
  },
  remove: (emu) => {
    emu.state.removeZone(ZONE);
  },
  readRoute: "listBotCategorization",
  writeRoute: "setBotAction",
});
