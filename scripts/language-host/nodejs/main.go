// Command pulumi-language-nodejs is this project's own, minimal Pulumi language host for Node.js
// (see package host for why it exists). The actual work of running a program is done by the
// `@pulumi/pulumi/cmd/run` script that ships in the npm package; this binary only starts that
// script with the arguments and environment it expects, and reports how it ended. `pulumi import`
// writes TypeScript through it, with Pulumi's own Node.js program generator.
//
// What it deliberately leaves out, compared with Pulumi's own host:
//   - plugin discovery (GetRequiredPackages returns nothing: the dynamic providers are served by
//     the `pulumi-resource-pulumi-nodejs` script on PATH, the provider plugin is named by the
//     project's `plugins:` or installed);
//   - dependency installation (users and scripts/setup.sh run npm themselves);
//   - the resource-monitor proxy and the "sync invoke" pipes, which exist only for the
//     deprecated synchronous invokes of old provider SDKs: the program talks to the engine's
//     monitor directly;
//   - package generation, debugger attachment, and plugins written in Node.js other than policy
//     packs (RunPlugin runs a policy pack: policy.go).
package main

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-svc/language-host/host"
)

// Where the run script lives inside the npm package.
const runScriptInPackage = "node_modules/@pulumi/pulumi/cmd/run"

func main() {
	flag.String("runtime", "nodejs", "accepted for compatibility; only nodejs is supported")
	host.Main(func(base *host.Base) pulumirpc.LanguageRuntimeServer { return &nodeHost{Base: base} })
}

type nodeHost struct {
	*host.Base
}

// About tells `pulumi about` which node runs the programs.
func (h *nodeHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	resp := &pulumirpc.AboutResponse{Metadata: map[string]string{"packagemanager": "npm"}}
	if node, err := exec.LookPath("node"); err == nil {
		resp.Executable = node
		if out, err := exec.Command(node, "--version").Output(); err == nil {
			resp.Version = strings.TrimSpace(string(out))
		}
	}
	return resp, nil
}

// GetProgramDependencies lists the program's direct npm dependencies with the versions found in
// node_modules (or the declared range when a package is not installed). Good enough for
// `pulumi about`; transitive dependencies are not walked.
func (h *nodeHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetPwd()
	}
	var manifest struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	if err := host.ReadJSON(filepath.Join(dir, "package.json"), &manifest); err != nil {
		return resp, nil // no package.json: no dependencies to list
	}
	declared := map[string]string{}
	for name, rng := range manifest.DevDependencies {
		declared[name] = rng
	}
	for name, rng := range manifest.Dependencies {
		declared[name] = rng
	}
	names := make([]string, 0, len(declared))
	for name := range declared {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		ver := declared[name]
		var installed struct {
			Version string `json:"version"`
		}
		if pkgDir, ok := findUp(dir, filepath.Join("node_modules", name)); ok {
			if host.ReadJSON(filepath.Join(pkgDir, "package.json"), &installed) == nil && installed.Version != "" {
				ver = installed.Version
			}
		}
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: ver})
	}
	return resp, nil
}

// GenerateProgram writes TypeScript: what `pulumi import` adopts, in a Node.js project.
func (h *nodeHost) GenerateProgram(_ context.Context, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	return host.GenerateProgram(req, nodejs.GenerateProgram)
}

// Run executes one Pulumi program: `node [nodeargs] <run script> <flags> <entry point> [args]`.
func (h *nodeHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	// Newer engines describe the program with ProgramInfo; the older flat fields are the fallback.
	programDir, entryPoint, rootDir := req.GetPwd(), req.GetProgram(), ""
	if info := req.GetInfo(); info != nil {
		programDir, entryPoint, rootDir = info.GetProgramDirectory(), info.GetEntryPoint(), info.GetRootDirectory()
	}
	if entryPoint == "" {
		// "." lets the run script pick package.json's "exports"/"main", or index.js/index.ts.
		entryPoint = "."
	}

	opts, err := parseOptions(req.GetInfo().GetOptions().AsMap())
	if err != nil {
		return host.Failed("%v", err), nil
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return host.Failed("could not find node on PATH: %v", err), nil
	}
	// Use the @pulumi/pulumi the program itself depends on (nearest node_modules upward), as
	// Node's own module resolution would: its run script must match the SDK the program loads.
	runScript, ok := findUp(programDir, runScriptInPackage)
	if !ok {
		return host.Failed("could not find %s in %s or any parent folder: the Pulumi SDK is not installed; run npm install",
			runScriptInPackage, programDir), nil
	}

	args := append([]string{}, opts.nodeArgs...)
	args = append(args, runScript)
	args = append(args, h.RunnerFlags(req, programDir, rootDir, "-")...)
	if req.GetDryRun() {
		args = append(args, "--dry-run") // minimist would take "--dry-run=false" for true
	}
	// The run script reads flags only up to the first non-flag argument (stopEarly): the entry
	// point, then the program's own arguments.
	args = append(args, entryPoint)
	args = append(args, req.GetArgs()...)

	config, err := host.ConfigEnv(req)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(), config...)
	if opts.typescript {
		// Makes the run script register ts-node, using the program's own typescript and ts-node.
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if opts.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+opts.tsconfig)
	}
	logging.V(5).Infof("language host running: %s %s", node, strings.Join(args, " "))

	cmdCtx, cancel := h.Context(ctx)
	defer cancel()
	cmd := exec.CommandContext(cmdCtx, node, args...)
	cmd.Env = env
	cmd.Dir = programDir // the run script also chdirs to --pwd; this just keeps relative paths sane
	return h.RunProgram(ctx, "Node.js", cmd), nil
}

// nodeOptions are the `runtime.options` of Pulumi.yaml that this host honours.
type nodeOptions struct {
	typescript bool     // run .ts through ts-node (default true, as in Pulumi's own host)
	tsconfig   string   // tsconfig file for ts-node
	nodeArgs   []string // extra arguments for node, split on whitespace (no shell quoting)
}

func parseOptions(raw map[string]any) (nodeOptions, error) {
	opts := nodeOptions{typescript: true}
	if v, ok := raw["typescript"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			return opts, errors.New("runtime option 'typescript' must be a boolean")
		}
		opts.typescript = b
	}
	tsconfig, err := host.StringOption(raw, "tsconfig")
	if err != nil {
		return opts, err
	}
	opts.tsconfig = tsconfig
	nodeArgs, err := host.StringOption(raw, "nodeargs")
	if err != nil {
		return opts, err
	}
	opts.nodeArgs = strings.Fields(nodeArgs)
	return opts, nil
}

// findUp looks for rel in dir and then in each parent folder, like Node's module resolution.
func findUp(dir, rel string) (string, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		candidate := filepath.Join(dir, rel)
		if _, err := os.Stat(candidate); err == nil {
			return candidate, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}
