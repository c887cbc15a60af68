//go:build windows

package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
)

// run starts the server with this process's standard streams and exits with its exit code:
// Windows has no exec. The engine's CTRL_BREAK reaches the server too (it is in the same
// process group), and the engine's kill of the group ends both, so this process only waits.
func run(path string, args []string, env []string) error {
	signal.Ignore(os.Interrupt)
	cmd := exec.Command(path, args...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exited *exec.ExitError
	if err == nil || errors.As(err, &exited) {
		os.Exit(cmd.ProcessState.ExitCode())
	}
	return err
}
