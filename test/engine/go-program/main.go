// A Go program on the generated Go SDK (sdk/go), driven through the Go Automation API as an
// inline program, so that no Go language host is needed: a zone, a WAF rule and an access list
// of the provider plugin, which the engine finds on PATH (pulumi-resource-bunnynet-shield), and
// the Tor list's configuration, found by category with a data function.
//
//	go-program <up|preview|destroy>
//
// The stack lives in a local file backend, $PULUMI_BACKEND_URL, encrypted with
// $PULUMI_CONFIG_PASSPHRASE. The service's address is the stack's bunnynet-shield:apiUrl,
// from $SHIELD_API_URL; the key comes from $BUNNYNET_API_KEY, as the plugin reads it. Each
// command prints its change summary as JSON on its last line. preview fails (exit status 1)
// when the program would change anything; SHIELD_RULE_ACTION changes the rule's action (Block
// by default), for a test that such a preview does fail.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	shield "github.com/pulumi-bunnynet-shield/pulumi-bunnynet-shield/sdk/go/bunnynetshield"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

const (
	project   = "shield-plugin-go"
	stackName = "plugin-go"
)

// program declares the zone of pull zone 501002 (the emulator's zone 1002), a rule and a list on it.
func program(ruleAction string) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error {
		zone, err := shield.NewShieldZone(ctx, "zone", &shield.ShieldZoneArgs{
			PullZoneId:            pulumi.Int(501002),
			DdosShieldSensitivity: shield.DdosShieldSensitivityLow,
		})
		if err != nil {
			return err
		}
		rule, err := shield.NewWafCustomRule(ctx, "rule", &shield.WafCustomRuleArgs{
			ShieldZoneId: zone.ShieldZoneId,
			Name:         pulumi.String("go rule"),
			Action:       shield.WafRuleAction(ruleAction),
			Conditions: shield.RuleConditionArray{
				shield.RuleConditionArgs{
					Variable: pulumi.String("REQUEST_URI"),
					Operator: pulumi.String("BEGINSWITH"),
					Value:    pulumi.String("/admin"),
				},
			},
		})
		if err != nil {
			return err
		}
		list, err := shield.NewAccessList(ctx, "list", &shield.AccessListArgs{
			ShieldZoneId: zone.ShieldZoneId,
			Name:         pulumi.String("go list"),
			Type:         shield.AccessListTypeIP,
			Entries:      pulumi.StringArray{pulumi.String("192.0.2.1"), pulumi.String("192.0.2.2")},
		})
		if err != nil {
			return err
		}
		// A data function's output feeding a resource: the zone's id (an IntOutput) goes in, and
		// the Tor list's configuration id (an IntOutput) comes out for the configuration.
		lists := shield.GetAccessListsOutput(ctx, shield.GetAccessListsOutputArgs{
			ShieldZoneId: zone.ShieldZoneId,
		})
		_, err = shield.NewAccessListConfiguration(ctx, "block-tor", &shield.AccessListConfigurationArgs{
			ShieldZoneId:    zone.ShieldZoneId,
			ConfigurationId: lists.ByCategory().MapIndex(pulumi.String("TorExitNodes")).ConfigurationId(),
			Category:        shield.ManagedListCategoryTorExitNodes,
			IsEnabled:       pulumi.Bool(true),
			Action:          shield.ActionBlock,
		})
		if err != nil {
			return err
		}
		ctx.Export("shieldZoneId", zone.ShieldZoneId)
		ctx.Export("ruleId", rule.RuleId)
		ctx.Export("listId", list.ListId)
		return nil
	}
}

func run(command string) (map[string]int, error) {
	ctx := context.Background()
	apiURL := os.Getenv("SHIELD_API_URL")
	if apiURL == "" {
		return nil, fmt.Errorf("SHIELD_API_URL is empty: set it to the service's (or the emulator's) address")
	}
	ruleAction := os.Getenv("SHIELD_RULE_ACTION")
	if ruleAction == "" {
		ruleAction = "Block"
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, project, program(ruleAction))
	if err != nil {
		return nil, fmt.Errorf("opening stack %s: %w", stackName, err)
	}
	if err := stack.SetConfig(ctx, "bunnynet-shield:apiUrl", auto.ConfigValue{Value: apiURL}); err != nil {
		return nil, fmt.Errorf("setting bunnynet-shield:apiUrl to %q: %w", apiURL, err)
	}
	switch command {
	case "up":
		result, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		return changes(result.Summary.ResourceChanges), nil
	case "preview":
		// ExpectNoChanges makes the CLI itself fail the preview on any change.
		result, err := stack.Preview(ctx, optpreview.ExpectNoChanges(), optpreview.Diff(),
			optpreview.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		return changeSummary(result.ChangeSummary), nil
	case "destroy":
		result, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		return changes(result.Summary.ResourceChanges), nil
	}
	return nil, fmt.Errorf("unknown command %q: use up, preview or destroy", command)
}

func changes(summary *map[string]int) map[string]int {
	if summary == nil {
		return map[string]int{}
	}
	return *summary
}

func changeSummary[K ~string](summary map[K]int) map[string]int {
	out := make(map[string]int, len(summary))
	for op, n := range summary {
		out[string(op)] = n
	}
	return out
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go-program <up|preview|destroy>")
		os.Exit(2)
	}
	summary, err := run(os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-program %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	line, _ := json.Marshal(summary)
	fmt.Println(string(line))
}
