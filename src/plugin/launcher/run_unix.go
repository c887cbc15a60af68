//go:build !windows

package main

import "syscall"

// run replaces this process with the server: the engine's signals, its standard streams and
// its process id are the server's, as if the engine had started it.
func run(path string, args []string, env []string) error {
	return syscall.Exec(path, append([]string{path}, args...), env)
}
