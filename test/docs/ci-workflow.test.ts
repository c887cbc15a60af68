/**
 * The example CI workflow (examples/ci/pulumi.yml): actionlint finds nothing in it, and it
 * does what docs/previews.md and examples/ci/README.md say. actionlint is built from Go
 * modules by scripts/actionlint.sh and cached; without Go this suite is pending, never passed.
 */
import { strict as assert } from "node:assert";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { SHIELD_POLICY_NAMES } from "../../src/policy";
import { actionlint, actionlintOrSkip, type WorkflowJob } from "../support/actionlint";

const REPO = path.resolve(__dirname, "../..");
const CI = path.join(REPO, "examples/ci");

type Job = WorkflowJob;

describe("the example CI workflow", function () {
  let workflow: { on: Record<string, { branches: string[] }>; jobs: Record<string, Job> };

  before(async function () {
    workflow = parse(await readFile(path.join(CI, "pulumi.yml"), "utf8")) as typeof workflow;
  });

  describe("actionlint", function () {
    before(async function () {
      // The first build downloads and compiles actionlint: minutes on two cores.
      this.timeout(15 * 60_000);
      await actionlintOrSkip(this);
    });

    it("finds nothing in examples/ci/*.yml", async function () {
      const files = (await readdir(CI)).filter((f) => f.endsWith(".yml"));
      assert.ok(files.length > 0, "examples/ci has no workflow");
      const lint = await actionlint();
      assert.equal(lint.status, 0, `actionlint reported:\n${lint.output}`);
    });

    it("reports a broken expression, so the check above can fail", async function () {
      const dir = await mkdtemp(path.join(tmpdir(), "shield-actionlint-"));
      try {
        const text = await readFile(path.join(CI, "pulumi.yml"), "utf8");
        const broken = path.join(dir, "broken.yml");
        // `secret` is not a context: the key would silently be empty in a real run.
        await writeFile(
          broken,
          text.replace("secrets.BUNNYNET_API_KEY", "secret.BUNNYNET_API_KEY"),
        );
        const lint = await actionlint(broken);
        assert.equal(lint.status, 1, lint.output);
        assert.match(lint.output, /undefined variable "secret"/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  const pulumiStep = (job: Job) => {
    const step = job.steps.find((s) => s.uses?.startsWith("pulumi/actions@"));
    assert.ok(step, "the job has no pulumi/actions step");
    return step;
  };

  it("previews every pull request with a diff, commented on it", function () {
    assert.ok(workflow.on.pull_request, "no pull_request trigger");
    const job = workflow.jobs.preview;
    const step = pulumiStep(job);
    assert.equal(step.with?.command, "preview");
    assert.equal(step.with?.diff, true);
    assert.equal(step.with?.["comment-on-pr"], true);
    assert.equal(job.permissions?.["pull-requests"], "write");
    assert.match(job.if ?? "", /head\.repo\.full_name == github\.repository/);
  });

  it("runs `pulumi up` on pushes to main, one at a time", function () {
    assert.deepEqual(workflow.on.push.branches, ["main"]);
    const job = workflow.jobs.up;
    assert.equal(pulumiStep(job).with?.command, "up");
    assert.match(job.if ?? "", /refs\/heads\/main/);
    assert.equal(job.concurrency?.["cancel-in-progress"], false);
    assert.ok(job.concurrency?.group, "no concurrency group");
  });

  it("takes the API key from a secret, and sets up Node 20 with npm ci", function () {
    for (const [name, job] of Object.entries(workflow.jobs)) {
      assert.equal(
        pulumiStep(job).env?.BUNNYNET_API_KEY,
        "${{ secrets.BUNNYNET_API_KEY }}",
        `${name}: BUNNYNET_API_KEY`,
      );
      const node = job.steps.find((s) => s.uses?.startsWith("actions/setup-node@"));
      assert.equal(node?.with?.["node-version"], 20, `${name}: Node.js version`);
      assert.ok(
        job.steps.some((s) => s.run?.startsWith("npm ci")),
        `${name}: no npm ci`,
      );
    }
  });

  it("runs the package's policy pack in both jobs, with the shipped configuration", function () {
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const inputs = pulumiStep(job).with ?? {};
      assert.equal(inputs.policyPacks, "node_modules/pulumi-bunnynet-shield/policy", name);
      assert.equal(inputs.policyPackConfigs, "policy-config.json", name);
    }
    const config = JSON.parse(readFileSync(path.join(CI, "policy-config.json"), "utf8")) as Record<
      string,
      unknown
    >;
    for (const policy of Object.keys(config)) {
      assert.ok((SHIELD_POLICY_NAMES as readonly string[]).includes(policy), policy);
    }
  });

  it("pins every action to a commit", function () {
    for (const [name, job] of Object.entries(workflow.jobs)) {
      for (const step of job.steps.filter((s) => s.uses)) {
        assert.match(step.uses!, /@[0-9a-f]{40}$/, `${name}: ${step.uses} is not pinned`);
      }
    }
  });
});
