// Command pulumi-resource-bunnynet-shield is what the Pulumi engine runs: it starts the
// plugin's server, the Node.js single executable beside it (bunnynet-shield-node), with the
// same arguments and environment but for NODE_OPTIONS.
//
// Node 20 reads NODE_OPTIONS in a single executable too, before any of the plugin's code runs:
// a --require module meant for the user's own tools runs inside the plugin, an --inspect makes
// it refuse to start (a single executable has no inspector), a --max-old-space-size limits its
// heap. Nothing in the executable can turn that off (Node 20's single executable configuration
// has no such field), and a restart of itself without the variable would come after the
// damage, so the variable is dropped here, before Node starts.
package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// server is the Node.js single executable's file name, beside this one: set by the build
// (scripts/plugin-package.ts, SERVER_NAME), which names that file.
var server string

// ignored is the variable the server never sees.
const ignored = "NODE_OPTIONS"

func main() {
	path, err := serverPath()
	if err == nil {
		err = fmt.Errorf("%s: %w", path, run(path, os.Args[1:], withoutIgnored(os.Environ())))
	}
	fmt.Fprintf(os.Stderr, "pulumi-resource-bunnynet-shield: could not start: %v\n", err)
	os.Exit(1)
}

// serverPath is the server's path: beside this executable, links resolved (a link to the
// launcher on PATH still finds the server where the archive put it).
func serverPath() (string, error) {
	if server == "" {
		return "", errors.New("built without its server's name (build it with npm run plugin)")
	}
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	if self, err = filepath.EvalSymlinks(self); err != nil {
		return "", err
	}
	name := server
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return filepath.Join(filepath.Dir(self), name), nil
}

// withoutIgnored is env without the ignored variable (named in any case on Windows, whose
// variable names are case-insensitive).
func withoutIgnored(env []string) []string {
	kept := make([]string, 0, len(env))
	for _, entry := range env {
		name, _, _ := strings.Cut(entry, "=")
		if name == ignored || (runtime.GOOS == "windows" && strings.EqualFold(name, ignored)) {
			continue
		}
		kept = append(kept, entry)
	}
	return kept
}
