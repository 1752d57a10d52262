package host

import (
	"errors"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// Generator is Pulumi's program generator of one language (codegen/<language>.GenerateProgram).
type Generator func(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

// GenerateProgram answers the engine's GenerateProgram, which `pulumi import` (and `pulumi
// convert`) call to write the code of what they adopted in the program's language: the program
// comes as PCL source, bound against the packages' schemas that the engine serves at
// LoaderTarget (the provider plugin's own schema), then handed to the language's generator.
// As in Pulumi's own hosts, a non-strict request (the engine's import) binds leniently: the
// generated code may name a parent or provider that is not part of it.
func GenerateProgram(req *pulumirpc.GenerateProgramRequest, generate Generator) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	parser := syntax.NewParser()
	names := make([]string, 0, len(req.GetSource()))
	for name := range req.GetSource() {
		names = append(names, name)
	}
	sort.Strings(names) // the files' order decides the order of the generated code
	for _, name := range names {
		if err := parser.ParseFile(strings.NewReader(req.GetSource()[name]), name); err != nil {
			return nil, err
		}
	}
	if parser.Diagnostics.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics)}, nil
	}

	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	if program == nil {
		return nil, errors.New("binding the program gave no program and no error")
	}
	files, generated, err := generate(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(append(diags, generated...)),
	}, nil
}
