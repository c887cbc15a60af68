/**
 * The bot categorization sub-client against a stub: what it sends and returns, and what it
 * refuses before sending.
 */
import { strict as assert } from "node:assert";
import { InvalidArgumentError, NotFoundError, type ShieldClient } from "../../src/client";
import { botBody, botCategorizationBody, botCategoryBody } from "./answers";
import { clientFor, rejection, unchecked } from "./helpers";
import { useStub, sent } from "./stub";

describe("client: bot categorization", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub(), { maxRetries: 0 });
  });

  it("lists groups with their bots, keeping enum values it does not name", async () => {
    stub().reply({ body: botCategorizationBody() });
    const groups = await client.botCategorization.list(1001);
    assert.deepEqual(groups, botCategorizationBody().categories);
    assert.deepEqual(sent(stub()), [["GET", "/shield/shield-zone/1001/bot-categorization"]]);
  });

  it("reads null bots as none", async () => {
    stub().reply({ body: { categories: [{ category: 1, categoryAction: 0, bots: null }] } });
    assert.deepEqual(await client.botCategorization.list(1001), [
      { category: 1, categoryAction: 0, bots: [] },
    ]);
  });

  it("PUTs a category's action by number and a bot's, returning what the service reports", async () => {
    stub().reply({ body: botCategoryBody(2, 1) }, { body: botBody(201, 3) });
    assert.deepEqual(await client.botCategorization.setCategoryAction(1001, 2, 1), {
      category: 2,
      action: 1,
    });
    const bot = await client.botCategorization.setBotAction(1001, 201, 3);
    assert.equal(bot.action, 3);
    assert.deepEqual(sent(stub()), [
      ["PUT", "/shield/shield-zone/1001/bot-categorization/categories/2", { action: 1 }],
      ["PUT", "/shield/shield-zone/1001/bot-categorization/bots/201", { action: 3 }],
    ]);
  });

  it("reports a bot the service does not have as NotFoundError", async () => {
    stub().reply({
      status: 404,
      body: { data: null, error: { statusCode: 404, success: false, errorKey: "not_found.bot" } },
    });
    const error = await rejection(client.botCategorization.setBotAction(1001, 9, 1), NotFoundError);
    assert.equal(error.errorKey, "not_found.bot");
  });

  it("refuses bad categories, bot ids and actions before sending", async () => {
    const cases: Array<[Promise<unknown>, string, RegExp]> = [
      [
        client.botCategorization.setCategoryAction(1001, -1, 1),
        "category",
        /0 \(None\), 1 \(SEO\).*255 \(System\)/,
      ],
      [
        client.botCategorization.setCategoryAction(1001, 2, unchecked("Block")),
        "action",
        /0 \(None\), 1 \(Block\), 2 \(Allow\)/,
      ],
      [client.botCategorization.setBotAction(1001, 0, 1), "botId", /integer/],
      [client.botCategorization.setBotAction(1001, 201, 1.5), "action", /3 \(Ignore\)/],
      [client.botCategorization.list(0), "shieldZoneId", /integer/],
    ];
    for (const [call, argument, message] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.match(error.message, message);
    }
    assert.equal(stub().requests.length, 0);
  });
});
