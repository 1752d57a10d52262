// Command pulumi-language-nodejs is this project's own, minimal Pulumi language host for Node.js.
//
// Why it exists: the machines that build and test this project reach the Go module proxy but
// not Pulumi's release downloads, and the proxy does not serve the module of Pulumi's real
// Node.js language host. The `pulumi` CLI itself does build from the proxy, and all it needs
// from a language host is a small gRPC service (pulumirpc.LanguageRuntimeServer). The actual
// work of running a program is done by the `@pulumi/pulumi/cmd/run` script that ships in the
// npm package; this binary only starts that script with the arguments and environment it
// expects, and reports how it ended.
//
// What it deliberately leaves out, compared with Pulumi's own host:
//   - plugin discovery (GetRequiredPackages returns nothing: the project's programs only use
//     dynamic providers, served by the `pulumi-resource-pulumi-nodejs` script on PATH);
//   - dependency installation (users and scripts/setup.sh run npm themselves);
//   - the resource-monitor proxy and the "sync invoke" pipes, which exist only for the
//     deprecated synchronous invokes of old provider SDKs: the program talks to the engine's
//     monitor directly;
//   - code generation, plugins written in Node.js (RunPlugin), debugger attachment.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

const (
	// The run script exits with this code when it has already reported the error to the engine
	// (see nodeJSProcessExitedAfterLoggingUserActionableMessage in @pulumi/pulumi/cmd/run/index.js).
	// The engine must then stop without printing a second, less useful message: that is "bail".
	exitCodeErrorAlreadyReported = 32

	// Where the run script lives inside the npm package.
	runScriptInPackage = "node_modules/@pulumi/pulumi/cmd/run"
)

func main() {
	// The CLI starts plugins as `<plugin> [--logtostderr] [-v=N] [--tracing URL] <engine address>`.
	// --logtostderr and -v are registered on the default flag set by glog, which the SDK's logging
	// package imports, so only the flags glog does not know are declared here.
	tracing := flag.String("tracing", "", "Zipkin-compatible tracing endpoint (accepted, passed on to the program)")
	flag.String("root", "", "project root (accepted for compatibility; the engine sends it with each request)")
	flag.String("runtime", "nodejs", "accepted for compatibility; only nodejs is supported")
	showVersion := flag.Bool("version", false, "print the plugin version and exit")
	flag.Parse()

	if *showVersion {
		fmt.Println(pluginVersion())
		return
	}
	logging.InitLogging(false, 0, false)

	var engineAddress string
	if args := flag.Args(); len(args) > 0 {
		engineAddress = args[0]
	}

	// Stop serving on Ctrl-C, and when the engine goes away (health check), so that a crashed
	// CLI never leaves a language host behind.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	cancelServe := make(chan bool)
	go func() {
		<-ctx.Done()
		stop()
		close(cancelServe)
	}()
	if engineAddress != "" {
		if err := rpcutil.Healthcheck(ctx, engineAddress, 5*time.Minute, stop); err != nil {
			cmdutil.Exit(fmt.Errorf("could not start the engine health check: %w", err))
		}
	}

	host := newHost(engineAddress, *tracing)
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancelServe,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start the language host gRPC server: %w", err))
	}

	// The CLI reads the port from our first line of stdout; that is the whole plugin handshake.
	fmt.Printf("%d\n", handle.Port)

	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host gRPC server stopped: %w", err))
	}
}

// pluginVersion is the version stamped at build time with
// -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=vX.Y.Z (as scripts/setup.sh does),
// or else the version of the Pulumi SDK module this binary was built against, which go.mod pins
// to the same release as the project's @pulumi/pulumi.
func pluginVersion() string {
	if version.Version != "" {
		return version.Version
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/pulumi/pulumi/sdk/v3" {
				return dep.Version
			}
		}
	}
	return "v3.0.0-dev"
}

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	engineAddress string
	tracing       string

	// Cancelled by the Cancel RPC: interrupts a running program.
	cancelCtx  context.Context
	cancelFunc context.CancelFunc
}

func newHost(engineAddress, tracing string) *host {
	ctx, cancel := context.WithCancel(context.Background())
	return &host{engineAddress: engineAddress, tracing: tracing, cancelCtx: ctx, cancelFunc: cancel}
}

// Handshake is the engine's first call. It repeats the engine address (which we also get on the
// command line); nothing else needs negotiating.
func (h *host) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: pluginVersion()}, nil
}

// GetRequiredPlugins and GetRequiredPackages report nothing: the only provider our programs use
// is `pulumi-nodejs` (dynamic providers), which the engine loads on demand from PATH. Reporting
// packages here would only make the engine try to install them, which cannot work offline.
func (h *host) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

// InstallDependencies does nothing on purpose: dependencies are installed with npm by the user
// (or `npm ci` in scripts/setup.sh), never behind their back by the engine.
func (h *host) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	return nil
}

func (h *host) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *host) Template(context.Context, *pulumirpc.TemplateRequest) (*pulumirpc.TemplateResponse, error) {
	return &pulumirpc.TemplateResponse{}, nil
}

// About tells `pulumi about` which node runs the programs.
func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
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
func (h *host) GetProgramDependencies(
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
	if err := readJSON(filepath.Join(dir, "package.json"), &manifest); err != nil {
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
			if readJSON(filepath.Join(pkgDir, "package.json"), &installed) == nil && installed.Version != "" {
				ver = installed.Version
			}
		}
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: ver})
	}
	return resp, nil
}

// Cancel interrupts a running program (the engine calls it on Ctrl-C).
func (h *host) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	h.cancelFunc()
	return &emptypb.Empty{}, nil
}

// Run executes one Pulumi program: `node [nodeargs] <run script> <flags> <entry point> [args]`.
func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
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
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	node, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on PATH: " + err.Error()}, nil
	}

	// Use the @pulumi/pulumi the program itself depends on (nearest node_modules upward), as
	// Node's own module resolution would: its run script must match the SDK the program loads.
	runScript, ok := findUp(programDir, runScriptInPackage)
	if !ok {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf(
			"could not find %s in %s or any parent folder: the Pulumi SDK is not installed; run npm install",
			runScriptInPackage, programDir)}, nil
	}

	// Flags are written as --name=value: minimist (the run script's parser) would not take a value
	// starting with "-" (a negative --parallel) as the value of a separate argument.
	args := append([]string{}, opts.nodeArgs...)
	args = append(args, runScript)
	flagArg := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name+"="+value)
		}
	}
	flagArg("monitor", req.GetMonitorAddress())
	flagArg("engine", h.engineAddress)
	flagArg("organization", req.GetOrganization())
	flagArg("project", req.GetProject())
	flagArg("root-directory", rootDir)
	flagArg("stack", req.GetStack())
	flagArg("pwd", programDir)
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	flagArg("parallel", fmt.Sprint(req.GetParallel()))
	flagArg("tracing", h.tracing)
	// The run script reads flags only up to the first non-flag argument (stopEarly): the entry
	// point, then the program's own arguments.
	args = append(args, entryPoint)
	args = append(args, req.GetArgs()...)

	// Config goes through the environment as JSON. Keys stay as the engine sends them
	// ("project:key"); the SDK accepts that form as well as the legacy "project:config:key".
	configJSON, err := json.Marshal(nonNilMap(req.GetConfig()))
	if err != nil {
		return nil, err
	}
	secretKeysJSON, err := json.Marshal(nonNilSlice(req.GetConfigSecretKeys()))
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
	)
	if opts.typescript {
		// Makes the run script register ts-node, using the program's own typescript and ts-node.
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if opts.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+opts.tsconfig)
	}

	logging.V(5).Infof("language host running: %s %s", node, strings.Join(args, " "))

	// Stop the program when the engine cancels (Cancel RPC) or drops the request: first with an
	// interrupt so it can finish cleanly, then for good after a grace period.
	cmdCtx, cmdCancel := context.WithCancel(h.cancelCtx)
	defer cmdCancel()
	stopAfter := context.AfterFunc(ctx, cmdCancel)
	defer stopAfter()
	cmd := exec.CommandContext(cmdCtx, node, args...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	cmd.Env = env
	cmd.Dir = programDir // the run script also chdirs to --pwd; this just keeps relative paths sane
	// Node switches its stdout/stderr to non-blocking mode. Handing it our own file descriptors
	// would switch ours too (they share the open file) and make our writes fail with EAGAIN, so
	// hide the *os.File behind a plain io.Writer: os/exec then gives node a pipe and copies.
	cmd.Stdout = struct{ io.Writer }{os.Stdout}
	cmd.Stderr = struct{ io.Writer }{os.Stderr}

	err = cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() == exitCodeErrorAlreadyReported:
		return &pulumirpc.RunResponse{Bail: true}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
		}, nil
	case errors.As(err, &exitErr):
		return &pulumirpc.RunResponse{Error: "Program exited unexpectedly: " + exitErr.String()}, nil
	default:
		return &pulumirpc.RunResponse{Error: "could not run the Node.js program: " + err.Error()}, nil
	}
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
	if v, ok := raw["tsconfig"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, errors.New("runtime option 'tsconfig' must be a string")
		}
		opts.tsconfig = s
	}
	if v, ok := raw["nodeargs"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, errors.New("runtime option 'nodeargs' must be a string")
		}
		opts.nodeArgs = strings.Fields(s)
	}
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

func readJSON(path string, into any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}

// The SDK parses both variables with JSON.parse: send {} and [] rather than null.
func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func nonNilSlice(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
