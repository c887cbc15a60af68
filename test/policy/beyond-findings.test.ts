/** The findings on what octorules-bunny does not manage, each in its kind's folder. */
import { strict as assert } from "node:assert";
import { BEYOND_FINDINGS, findingsOf } from "../../src/policy/beyond-findings";
import { apiGuardianEnforcing } from "../../src/resources/api-guardian/findings";
import { searchEnginesBlocked } from "../../src/resources/bot-categorization/findings";
import { customPageForeignAssets } from "../../src/resources/custom-page/findings";
import { resourceFindingPolicy, type ResourceFinding } from "../../src/policy/findings";
import { resourceViolations } from "./harness";

const judge = (
  finding: ResourceFinding,
  kind: string,
  props: Record<string, unknown>,
  config = {},
) =>
  resourceViolations(
    resourceFindingPolicy(finding as ResourceFinding<object>),
    kind as never,
    props,
    config,
    "r",
  );

describe("policy shield-bots-search-engines", () => {
  it("flags blocking the SEO category or a search engine's bot", async () => {
    const [category] = await judge(searchEnginesBlocked, "BotCategorization", {
      categories: { SEO: "Block" },
    });
    assert.match(
      category!,
      /^BotCategorization "r": categories\["SEO"\] is "Block": verified search-engine crawlers are blocked, so the site drops out of search results/,
    );
    assert.equal(
      (await judge(searchEnginesBlocked, "BotCategorization", { categories: { seo: 1 } })).length,
      1,
    );
    const [bot] = await judge(searchEnginesBlocked, "BotCategorization", {
      bots: { Googlebot: "Block", GPTBot: "Block" },
    });
    assert.match(bot!, /bots\["Googlebot"\] is "Block"/);
  });

  it("passes the example's categorization: AI scrapers blocked, search engines left alone", async () => {
    assert.deepEqual(
      await judge(searchEnginesBlocked, "BotCategorization", {
        categories: { AIScraper: "Block", SEO: "Allow" },
        bots: { GPTBot: "Allow" },
      }),
      [],
    );
  });
});

describe("policy shield-api-guardian-enforcing", () => {
  const logging = { isEnabled: true, executionMode: "Log", unmatchedPathAction: "Log" };

  it("waits while no date is configured, or before it", async () => {
    assert.deepEqual(await judge(apiGuardianEnforcing, "ApiGuardian", logging), []);
    assert.deepEqual(
      await judge(apiGuardianEnforcing, "ApiGuardian", logging, { enforceFrom: "2999-01-01" }),
      [],
    );
  });

  it("flags logging only and unmatched paths let through past the date", async () => {
    const messages = await judge(apiGuardianEnforcing, "ApiGuardian", logging, {
      enforceFrom: "2020-01-01",
    });
    assert.equal(messages.length, 2);
    assert.match(
      messages[0]!,
      /executionMode is "Log" since 2020-01-01.*Set executionMode: "Block"/,
    );
    assert.match(messages[1]!, /unmatchedPathAction is "Log" since 2020-01-01.*goes through/);
    const ignoring = { ...logging, executionMode: "Block", unmatchedPathAction: "Ignore" };
    assert.equal(
      (await judge(apiGuardianEnforcing, "ApiGuardian", ignoring, { enforceFrom: "2020-01-01" }))
        .length,
      1,
    );
  });

  it("passes a blocking guardian, and one switched off", async () => {
    const config = { enforceFrom: "2020-01-01" };
    assert.deepEqual(
      await judge(
        apiGuardianEnforcing,
        "ApiGuardian",
        { isEnabled: true, executionMode: "Block", unmatchedPathAction: "Block" },
        config,
      ),
      [],
    );
    assert.deepEqual(
      await judge(apiGuardianEnforcing, "ApiGuardian", { ...logging, isEnabled: false }, config),
      [],
    );
  });
});

describe("policy shield-custom-page-foreign-assets", () => {
  it("flags a script or style sheet from another origin", async () => {
    const html = `<html><head>
      <script src="https://cdn.example.net/app.js"></script>
      <link rel="stylesheet" href="//fonts.example.org/site.css">
      <style>@import url("https://other.example.com/more.css");</style>
    </head></html>`;
    const messages = await judge(customPageForeignAssets, "CustomPage", {
      pageType: "block",
      html,
    });
    assert.deepEqual(
      messages.map((m) => /loads "([^"]+)"/.exec(m)?.[1]),
      [
        "https://cdn.example.net/app.js",
        "//fonts.example.org/site.css",
        "https://other.example.com/more.css",
      ],
    );
    assert.match(messages[0]!, /^CustomPage "r": html loads .* from another origin/);
  });

  it("passes inline code, the page's own paths, and links that load nothing", async () => {
    const html = `<script>document.title = "Blocked";</script><style>body{}</style>
      <script src="/local.js"></script><link rel="icon" href="https://example.net/favicon.ico">
      <a href="https://example.net/help">help</a>`;
    assert.deepEqual(
      await judge(customPageForeignAssets, "CustomPage", { pageType: "block", html }),
      [],
    );
  });
});

describe("BEYOND_FINDINGS", () => {
  it("holds each kind's own findings, found in its folder, and none for a kind without", () => {
    assert.deepEqual(
      BEYOND_FINDINGS.map((f) => f.name),
      [
        "shield-api-guardian-enforcing",
        "shield-custom-page-foreign-assets",
        "shield-bots-search-engines",
      ],
    );
    assert.deepEqual(findingsOf("CustomPage"), [customPageForeignAssets]);
    assert.deepEqual(findingsOf("ShieldZone"), []);
  });
});
