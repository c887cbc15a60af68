// The ready policy pack: every policy of pulumi-bunnynet-shield at its default level.
// Configure it with `--policy-pack-config` (docs/policy.md). The package's own build is
// loaded by path, so the pack runs from wherever the package is installed.
const { PolicyPack } = require("@pulumi/policy");
const { shieldPolicies } = require("../dist/policy");

new PolicyPack("bunnynet-shield", { policies: shieldPolicies() });
