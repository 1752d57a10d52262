// Command svc-codegen-dotnet generates the .NET SDK from the provider plugin's package schema
// (plugin/schema.json) with Pulumi's C# generator. It is a module of its own, pinned to
// pkg/v3 v3.224.0: later releases moved the C# generator out of pkg/v3, and the engine's
// release (scripts/codegen) no longer has it.
//
//	svc-codegen-dotnet -schema plugin/schema.json -out sdks/dotnet
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"

	"github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "svc-codegen"

func main() {
	schemaPath := flag.String("schema", "plugin/schema.json", "the package schema")
	out := flag.String("out", "", "the folder to write the SDK into (emptied first)")
	flag.Parse()
	if err := run(*schemaPath, *out); err != nil {
		fmt.Fprintf(os.Stderr, "svc-codegen-dotnet: %v\n", err)
		os.Exit(1)
	}
}

// The C# generator downloads a logo for the package (logo.png) from the schema's logoUrl, or from
// Pulumi's repository without one. Code generation here must not reach the network (it runs
// offline, and must give the same files every time), so every download gets this 1x1 PNG.
var logo, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

type offline struct{}

func (offline) RoundTrip(req *http.Request) (*http.Response, error) {
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": []string{"image/png"}},
		Body:       io.NopCloser(bytes.NewReader(logo)),
		Request:    req,
	}, nil
}

func run(schemaPath, out string) error {
	http.DefaultTransport = offline{}
	http.DefaultClient.Transport = offline{}
	if out == "" {
		return fmt.Errorf("-out is required")
	}
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	pkg, err := schema.ImportSpec(spec, nil, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("binding %s: %w", schemaPath, err)
	}
	files, err := dotnet.GeneratePackage(tool, pkg, nil, nil)
	if err != nil {
		return fmt.Errorf("generating the .NET SDK: %w", err)
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}
