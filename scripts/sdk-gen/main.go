// Command sdk-gen writes the package's SDKs (Go, Python, Node.js) from its Pulumi package
// schema, with the code generators of github.com/pulumi/pulumi/pkg/v3 called as the language
// hosts call them for `pulumi package gen-sdk`, but without the CLI and its plugins: no
// plugin can be downloaded or built for every language here, and the schema refers to no
// other package, so nothing needs loading.
//
//	sdk-gen [--schema schema.json] [--out sdk]
//
// The schema is bound with validation (the metaschema, dangling references, doc references);
// every diagnostic is printed, and any error or warning fails the command before a file is
// written. Each language's folder under --out is then replaced whole, and the Go SDK's
// go.mod is written and tidied, so running it twice gives the same files.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	"golang.org/x/mod/modfile"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The Pulumi Go SDK the Go SDK requires: the version the CLI and these generators are.
const (
	pulumiGoSDK        = "github.com/pulumi/pulumi/sdk/v3"
	pulumiGoSDKVersion = "v3.248.0"
)

// A language's generator. The tool names are the language hosts': they appear in the
// generated files' headers, which then read as `pulumi package gen-sdk`'s do.
type language struct {
	dir      string
	generate func(pkg *schema.Package) (map[string][]byte, error)
}

var languages = []language{
	{"go", func(pkg *schema.Package) (map[string][]byte, error) {
		files, err := gogen.GeneratePackage("pulumi-language-go", pkg, nil)
		if err != nil {
			return nil, err
		}
		return files, goModule(pkg, files)
	}},
	{"nodejs", func(pkg *schema.Package) (map[string][]byte, error) {
		files, err := nodejsgen.GeneratePackage("pulumi-language-nodejs", pkg, map[string][]byte{}, nil, false, noPackages{})
		if err != nil {
			return nil, err
		}
		return files, nodePackage(files)
	}},
	{"python", func(pkg *schema.Package) (map[string][]byte, error) {
		return pythongen.GeneratePackage("pulumi-language-python", pkg, map[string][]byte{}, noPackages{})
	}},
}

func main() {
	schemaPath := flag.String("schema", "schema.json", "the Pulumi package schema to generate from")
	out := flag.String("out", "sdk", "the folder that receives go/, nodejs/ and python/ (each replaced whole)")
	flag.Parse()
	if flag.NArg() > 0 {
		fail("sdk-gen: unexpected argument %q; the flags are --schema <file> and --out <dir>", flag.Arg(0))
	}
	if err := run(*schemaPath, *out); err != nil {
		fail("sdk-gen: %v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

func run(schemaPath, out string) error {
	spec, err := readSpec(schemaPath)
	if err != nil {
		return err
	}
	// Every language binds its own package, as each language host does from the schema the CLI
	// sends it: the generators record their options in the bound package.
	generated := map[string]map[string][]byte{}
	for i, lang := range languages {
		pkg, diags, err := schema.BindSpec(spec, noPackages{}, schema.ValidationOptions{})
		if i == 0 {
			printDiagnostics(schemaPath, diags)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", schemaPath, err)
		}
		if len(diags) > 0 {
			return fmt.Errorf("%s: %d diagnostic(s) above; fix the schema (or what generates it) and run again; nothing was written",
				schemaPath, len(diags))
		}
		files, err := lang.generate(pkg)
		if err != nil {
			return fmt.Errorf("generating the %s SDK from %s: %w", lang.dir, schemaPath, err)
		}
		generated[lang.dir] = files
	}
	for _, lang := range languages {
		if err := writeFolder(filepath.Join(out, lang.dir), generated[lang.dir]); err != nil {
			return err
		}
	}
	return tidy(filepath.Join(out, "go"))
}

// readSpec decodes the schema, refusing a field the schema's types do not have: binding would
// drop it silently, and a misspelt "requiredInputs" would generate an SDK that requires nothing.
func readSpec(schemaPath string) (schema.PackageSpec, error) {
	var spec schema.PackageSpec
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		return spec, fmt.Errorf("reading the schema: %w (give its path with --schema)", err)
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&spec); err != nil {
		return spec, fmt.Errorf("%s is not a Pulumi package schema: %w", schemaPath, err)
	}
	return spec, nil
}

func printDiagnostics(schemaPath string, diags hcl.Diagnostics) {
	for _, d := range diags {
		severity := "error"
		if d.Severity == hcl.DiagWarning {
			severity = "warning"
		}
		message := d.Summary
		if d.Detail != "" && d.Detail != d.Summary {
			message += ": " + d.Detail
		}
		fmt.Fprintf(os.Stderr, "%s: %s: %s\n", schemaPath, severity, message)
	}
}

// goModule adds the Go SDK's go.mod: generated only for a schema with supportPack, and then
// requiring an older Pulumi SDK. Its module is the folder above importBasePath's package, so
// sdk/go is the module and sdk/go/<package> the import path the schema names.
func goModule(pkg *schema.Package, files map[string][]byte) error {
	var mod *modfile.File
	if existing, ok := files["go.mod"]; ok {
		parsed, err := modfile.Parse("go.mod", existing, nil)
		if err != nil {
			return fmt.Errorf("the generated go.mod: %w", err)
		}
		mod = parsed
	} else {
		info, _ := pkg.Language["go"].(gogen.GoPackageInfo)
		if info.ImportBasePath == "" {
			return errors.New(`the schema has no language.go.importBasePath, so the Go SDK's module path is unknown; ` +
				`set it, e.g. "github.com/<owner>/<repo>/sdk/go/<package>"`)
		}
		mod = &modfile.File{}
		if err := mod.AddModuleStmt(path.Dir(info.ImportBasePath)); err != nil {
			return err
		}
		if err := mod.AddGoStmt("1.25"); err != nil {
			return err
		}
	}
	if err := mod.AddRequire(pulumiGoSDK, pulumiGoSDKVersion); err != nil {
		return err
	}
	formatted, err := mod.Format()
	if err != nil {
		return err
	}
	files["go.mod"] = formatted
	return nil
}

// The keys of the Node.js SDK's package.json in the order the generator writes them, with
// main and types where npm's own order has them.
var nodePackageKeys = []string{
	"name", "version", "type", "description", "keywords", "homepage", "repository", "license",
	"main", "types", "scripts", "dependencies", "devDependencies", "peerDependencies",
	"resolutions", "pulumi",
}

// nodePackage names the Node.js SDK's entry points in its package.json, which the generator
// gives only a local SDK (built by a postinstall script). The package is published as Pulumi
// publishes its own: tsconfig.json builds into bin/, and bin/ with this package.json copied
// into it is the package's root (the generated code reads its version from ./package.json
// beside it), so its entry points are index.js and index.d.ts there.
func nodePackage(files map[string][]byte) error {
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(files["package.json"], &fields); err != nil {
		return fmt.Errorf("the generated package.json: %w", err)
	}
	fields["main"] = json.RawMessage(`"index.js"`)
	fields["types"] = json.RawMessage(`"index.d.ts"`)
	var out bytes.Buffer
	out.WriteByte('{')
	for _, key := range nodePackageKeys {
		value, ok := fields[key]
		if !ok {
			continue
		}
		delete(fields, key)
		if out.Len() > 1 {
			out.WriteByte(',')
		}
		name, _ := json.Marshal(key)
		out.Write(name)
		out.WriteByte(':')
		if err := json.Compact(&out, value); err != nil {
			return fmt.Errorf("the generated package.json's %q: %w", key, err)
		}
	}
	out.WriteByte('}')
	// A field this list does not know would be dropped: refuse it instead.
	for key := range fields {
		return fmt.Errorf("the generated package.json has the field %q, which sdk-gen does not place; add it to nodePackageKeys", key)
	}
	var indented bytes.Buffer
	if err := json.Indent(&indented, out.Bytes(), "", "    "); err != nil {
		return err
	}
	indented.WriteByte('\n')
	files["package.json"] = indented.Bytes()
	return nil
}

// writeFolder replaces dir with files, written in a fixed order.
func writeFolder(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// tidy completes the Go SDK's go.mod and writes its go.sum, so that it builds where the
// module proxy's checksums are verified, as users build it.
func tidy(dir string) error {
	cmd := exec.Command("go", "mod", "tidy")
	cmd.Dir = dir
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go mod tidy in %s: %w", dir, err)
	}
	return nil
}

// noPackages is the schema loader. It loads nothing: a schema that refers to another package
// fails to bind here, where the CLI would download and start that package's plugin.
type noPackages struct{}

func refuse(name string, version *semver.Version) error {
	at := ""
	if version != nil {
		at = " " + version.String()
	}
	return fmt.Errorf("the schema refers to the package %q%s; sdk-gen loads no other package, "+
		"so refer only to this package's own types and resources", name, at)
}

func (noPackages) LoadPackage(name string, version *semver.Version) (*schema.Package, error) {
	return nil, refuse(name, version)
}

func (noPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, refuse(d.Name, d.Version)
}

func (noPackages) LoadPackageReference(name string, version *semver.Version) (schema.PackageReference, error) {
	return nil, refuse(name, version)
}

func (noPackages) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, refuse(d.Name, d.Version)
}
