/**
 * The release workflow (.github/workflows/release.yml): actionlint finds nothing in it (pending
 * without Go, which builds actionlint), every action is pinned to a commit with its version
 * beside it, and it does what docs/release.md says: on a v* tag, the tag checked against
 * package.json first, every artifact built by the dry run, then published by jobs that each
 * ask for only the permissions they need.
 */
import { strict as assert } from "node:assert";
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { parse } from "yaml";
import { actionlint, actionlintOrSkip, type WorkflowJob } from "../support/actionlint";

const REPO = path.resolve(__dirname, "../..");
const WORKFLOW = path.join(REPO, ".github/workflows/release.yml");

type Job = WorkflowJob;

describe("the release workflow", function () {
  let text: string;
  let workflow: {
    on: { push: { tags: string[]; branches?: unknown } };
    permissions: unknown;
    jobs: Record<string, Job>;
  };

  before(async function () {
    text = await readFile(WORKFLOW, "utf8");
    workflow = parse(text) as typeof workflow;
  });

  it("passes actionlint", async function () {
    this.timeout(15 * 60_000);
    await actionlintOrSkip(this);
    const lint = await actionlint(WORKFLOW);
    assert.equal(lint.status, 0, `actionlint reported:\n${lint.output}`);
  });

  it("pins every action to a commit, its version in a comment", function () {
    const uses = text.split("\n").filter((line) => /^\s*-?\s*uses:/.test(line));
    assert.ok(uses.length > 0, "no action is used");
    for (const line of uses) {
      assert.match(line, /uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, line.trim());
    }
  });

  it("runs on v* tags only, with no permission by default", function () {
    assert.deepEqual(Object.keys(workflow.on), ["push"]);
    assert.deepEqual(workflow.on.push.tags, ["v*"]);
    assert.equal(workflow.on.push.branches, undefined);
    assert.deepEqual(workflow.permissions, {});
  });

  it("checks the tag against package.json's version before anything is built", function () {
    const steps = workflow.jobs.build!.steps;
    const check = steps.findIndex((s) => s.run?.includes('require("./package.json").version'));
    assert.equal(check, 1, "the step right after the checkout");
    assert.equal(steps[check]!.env?.TAG, "${{ github.ref_name }}");
    assert.match(steps[check]!.run!, /"\$TAG" != "v\$version"/);
  });

  it("builds with the dry run a developer runs, and refuses fewer than five archives", async function () {
    const scripts = (
      JSON.parse(await readFile(path.join(REPO, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    assert.equal(scripts.release, "ts-node --transpile-only scripts/release.ts");
    const runs = workflow.jobs.build!.steps.map((s) => s.run ?? "");
    assert.ok(runs.includes("npm run release -- --dry-run --out release"), runs.join("\n"));
    assert.ok(runs.some((r) => r.includes("sha256sum --check") && r.includes("length == 5")));
  });

  it("publishes each artifact after the build, with only the permissions it needs", function () {
    const { build, ...publishers } = workflow.jobs;
    assert.deepEqual(build!.permissions, { contents: "read" });
    const needs = (job: Job) => [job.needs ?? []].flat();
    for (const [name, job] of Object.entries(publishers)) {
      assert.ok(needs(job).includes("build"), `${name} needs build`);
    }
    // The SDKs' users download the plugin from the GitHub release: it comes first.
    for (const name of ["npm", "pypi", "go"]) {
      assert.ok(
        needs(publishers[name]!).includes("github-release"),
        `${name} after the GitHub release`,
      );
    }
    assert.deepEqual(publishers["github-release"]!.permissions, { contents: "write" });
    assert.deepEqual(publishers.go!.permissions, { contents: "write" });
    assert.deepEqual(publishers.npm!.permissions, { contents: "read", "id-token": "write" });
    assert.deepEqual(publishers.pypi!.permissions, { "id-token": "write" });
    assert.equal(publishers.pypi!.environment, "pypi");
    const npmRun = publishers.npm!.steps.map((s) => s.run ?? "").join("\n");
    assert.match(npmRun, /npm publish --provenance --access public/);
    assert.ok(
      publishers.pypi!.steps.some((s) => s.uses?.startsWith("pypa/gh-action-pypi-publish@")),
    );
    assert.match(
      publishers["github-release"]!.steps.at(-1)!.run!,
      /gh release create "\$TAG" .*release\/plugin\/\*/,
    );
    assert.match(publishers.go!.steps.at(-1)!.run!, /refs\/tags\/\$GO_TAG/);
  });
});
