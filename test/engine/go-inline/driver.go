// A Go program written as a user writes main.go, around pulumi.Run, run through the Go
// Automation API as an inline program, so that no Go language host is needed (the module proxy
// serves none here). test/engine/registry-examples.test.ts builds it in test/engine/go-program's
// module with `go build -overlay`: this file beside the user's program, whose `func main()` is
// renamed `userMain` and whose `pulumi.Run(` calls runInline instead; nothing else changes.
//
//	<binary> <up|preview|destroy>
//
// The stack lives in $PULUMI_BACKEND_URL, encrypted with $PULUMI_CONFIG_PASSPHRASE; the
// service's address is the stack's bunnynet-shield:apiUrl, from $SHIELD_API_URL, and the key
// comes from $BUNNYNET_API_KEY, as the plugin reads it. Each command prints its change summary
// as JSON on its last line; preview fails (exit status 1) when the program would change anything.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

var command string

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: <binary> <up|preview|destroy>")
		os.Exit(2)
	}
	command = os.Args[1]
	userMain()
}

// runInline stands in for pulumi.Run: it runs the program as the stack's inline program.
func runInline(program pulumi.RunFunc, _ ...pulumi.RunOption) {
	summary, err := run(program)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, err := json.Marshal(summary)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(string(out))
}

func run(program pulumi.RunFunc) (map[string]int, error) {
	ctx := context.Background()
	apiURL := os.Getenv("SHIELD_API_URL")
	if apiURL == "" {
		return nil, fmt.Errorf("SHIELD_API_URL is empty: set it to the service's (or the emulator's) address")
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "docs-go", "shield-docs-go", program)
	if err != nil {
		return nil, fmt.Errorf("opening stack docs-go: %w", err)
	}
	if err := stack.SetConfig(ctx, "bunnynet-shield:apiUrl", auto.ConfigValue{Value: apiURL}); err != nil {
		return nil, fmt.Errorf("setting bunnynet-shield:apiUrl to %q: %w", apiURL, err)
	}
	counts := map[string]int{}
	switch command {
	case "up":
		result, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		if result.Summary.ResourceChanges != nil {
			counts = *result.Summary.ResourceChanges
		}
	case "preview":
		// ExpectNoChanges makes the CLI itself fail the preview on any change.
		result, err := stack.Preview(ctx, optpreview.ExpectNoChanges(), optpreview.Diff(),
			optpreview.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		for op, n := range result.ChangeSummary {
			counts[string(op)] = n
		}
	case "destroy":
		result, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		if result.Summary.ResourceChanges != nil {
			counts = *result.Summary.ResourceChanges
		}
	default:
		return nil, fmt.Errorf("unknown command %q: use up, preview or destroy", command)
	}
	return counts, nil
}
