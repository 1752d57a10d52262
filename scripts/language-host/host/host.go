// Package host is what this project's own language hosts (pulumi-language-nodejs, -go and
// -python) share: serving the LanguageRuntime gRPC service the engine starts them for, the answers
// that do not depend on the language, running a program's process with the engine's addresses and
// reporting how it ended, and writing a program's code for `pulumi import` with Pulumi's own
// generator of the language (programgen.go).
//
// Why the hosts exist at all: the machines that build and test this project reach the Go module
// proxy but not Pulumi's release downloads, and the proxy does not serve the modules of Pulumi's
// Node.js, Go and Python language hosts. The `pulumi` CLI does build from the proxy, and all it
// needs from a language host is this small gRPC service.
package host

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
	"runtime/debug"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// ExitCodeErrorAlreadyReported is the exit code with which every Pulumi language SDK's program
// runner says it has already reported its error to the engine (constant.ExitStatusLoggedError):
// the engine must then stop without printing a second, less useful message ("bail").
const ExitCodeErrorAlreadyReported = 32

// Main serves the runtime that newRuntime makes until the engine goes away. The engine starts a
// language host as `<host> [--logtostderr] [-v=N] [--tracing URL] [--root DIR] <engine address>`;
// --logtostderr and -v are glog's, registered by the SDK's logging package. A host declares any
// flag of its own on flag.CommandLine before calling Main.
func Main(newRuntime func(base *Base) pulumirpc.LanguageRuntimeServer) {
	tracing := flag.String("tracing", "", "Zipkin-compatible tracing endpoint (accepted, passed on to the program)")
	flag.String("root", "", "project root (accepted for compatibility; the engine sends it with each request)")
	showVersion := flag.Bool("version", false, "print the plugin version and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println(PluginVersion())
		return
	}
	logging.InitLogging(false, 0, false)

	var engineAddress string
	if args := flag.Args(); len(args) > 0 {
		engineAddress = args[0]
	}
	// Stop serving on Ctrl-C, and when the engine goes away (health check), so that a crashed CLI
	// never leaves a language host behind.
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
	cancelCtx, cancel := context.WithCancel(context.Background())
	runtime := newRuntime(&Base{EngineAddress: engineAddress, Tracing: *tracing, cancelCtx: cancelCtx, cancel: cancel})
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancelServe,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, runtime)
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start the language host gRPC server: %w", err))
	}
	// The engine reads the port from the first line of stdout; that is the whole plugin handshake.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host gRPC server stopped: %w", err))
	}
}

// PluginVersion is the version stamped at build time with
// -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=vX.Y.Z (as scripts/setup.sh does),
// or else the version of the Pulumi SDK module the host was built against, which go.mod pins to
// the engine's release.
func PluginVersion() string {
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

// Base answers the requests whose answer is the same in every language; a host embeds it and
// overrides what its language does differently.
type Base struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	EngineAddress string
	Tracing       string

	// Cancelled by the Cancel request (the engine's Ctrl-C): interrupts a running program.
	cancelCtx context.Context
	cancel    context.CancelFunc
}

// Handshake is the engine's first call. It repeats the engine address (which a host also gets on
// the command line); nothing else needs negotiating.
func (b *Base) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		b.EngineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (b *Base) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: PluginVersion()}, nil
}

// GetRequiredPlugins and GetRequiredPackages report nothing unless a host knows better: the
// engine then loads a provider when the program first registers one of its resources, from the
// project's `plugins:` or the installed plugins. Reporting packages only makes the engine try to
// install what is missing, which cannot work offline.
func (b *Base) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (b *Base) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

// InstallDependencies does nothing on purpose: a program's dependencies are installed by its
// user (or scripts/setup.sh), never behind their back by the engine.
func (b *Base) InstallDependencies(*pulumirpc.InstallDependenciesRequest, pulumirpc.LanguageRuntime_InstallDependenciesServer) error {
	return nil
}

func (b *Base) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (b *Base) Template(context.Context, *pulumirpc.TemplateRequest) (*pulumirpc.TemplateResponse, error) {
	return &pulumirpc.TemplateResponse{}, nil
}

func (b *Base) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

// Cancel interrupts a running program (the engine calls it on Ctrl-C).
func (b *Base) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	b.cancel()
	return &emptypb.Empty{}, nil
}

// Context is done when the engine cancels (Cancel) or drops the request `ctx`: what stops the
// commands a Run starts.
func (b *Base) Context(ctx context.Context) (context.Context, context.CancelFunc) {
	cmdCtx, cancel := context.WithCancel(b.cancelCtx)
	stopAfter := context.AfterFunc(ctx, cancel)
	return cmdCtx, func() {
		stopAfter()
		cancel()
	}
}

// ConfigEnv is the stack's configuration for the program, as every language SDK reads it:
// PULUMI_CONFIG (keys as the engine sends them, "project:key") and PULUMI_CONFIG_SECRET_KEYS.
// The SDKs parse both as JSON, so they are {} and [] rather than null.
func ConfigEnv(req *pulumirpc.RunRequest) ([]string, error) {
	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	configJSON, err := json.Marshal(config)
	if err != nil {
		return nil, err
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	return []string{"PULUMI_CONFIG=" + string(configJSON), "PULUMI_CONFIG_SECRET_KEYS=" + string(secretKeysJSON)}, nil
}

// RunProgram runs the program's process to its end and says how it ended, in the engine's
// terms. The process is stopped when the engine cancels or drops the request: first with an
// interrupt so that it can finish cleanly, then for good after a grace period. Its output goes
// to the host's own, which the engine shows.
func (b *Base) RunProgram(ctx context.Context, language string, cmd *exec.Cmd) *pulumirpc.RunResponse {
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	// Some runtimes (Node.js) switch their stdout/stderr to non-blocking mode. Handing them the
	// host's own file descriptors would switch the host's too (they share the open file) and make
	// its writes fail with EAGAIN, so the *os.File hides behind a plain io.Writer: os/exec then
	// gives the program a pipe and copies.
	cmd.Stdout = struct{ io.Writer }{os.Stdout}
	cmd.Stderr = struct{ io.Writer }{os.Stderr}
	err := cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}
	case errors.As(err, &exitErr) && exitErr.ExitCode() == ExitCodeErrorAlreadyReported:
		return &pulumirpc.RunResponse{Bail: true}
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}
	case errors.As(err, &exitErr):
		return &pulumirpc.RunResponse{Error: "Program exited unexpectedly: " + exitErr.String()}
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run the %s program: %v", language, err)}
	}
}

// Failed is a RunResponse that reports an error found before the program started.
func Failed(format string, args ...any) *pulumirpc.RunResponse {
	return &pulumirpc.RunResponse{Error: fmt.Sprintf(format, args...)}
}

// ReadJSON reads the JSON file at path into `into`.
func ReadJSON(path string, into any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}

// StringOption is the runtime option `name` of Pulumi.yaml (`runtime.options`), "" when unset.
func StringOption(options map[string]any, name string) (string, error) {
	raw, ok := options[name]
	if !ok {
		return "", nil
	}
	value, isString := raw.(string)
	if !isString {
		return "", fmt.Errorf("runtime option '%s' must be a string", name)
	}
	return value, nil
}

// RunnerFlags are the flags that every Pulumi SDK's program runner takes, but the dry run, whose
// form differs: the engine's addresses, the program's names and folders, the parallelism and the
// tracing endpoint. They are written as --name=value, so that a value starting with "-" (a
// negative --parallel) stays a value, and the empty ones are left out. `sep` joins the words of a
// name: "-" for Node.js's runner (--root-directory), "_" for Python's (--root_directory).
func (b *Base) RunnerFlags(req *pulumirpc.RunRequest, programDir, rootDir, sep string) []string {
	var flags []string
	for _, flag := range [][2]string{
		{"monitor", req.GetMonitorAddress()},
		{"engine", b.EngineAddress},
		{"organization", req.GetOrganization()},
		{"project", req.GetProject()},
		{"root" + sep + "directory", rootDir},
		{"stack", req.GetStack()},
		{"pwd", programDir},
		{"parallel", fmt.Sprint(req.GetParallel())},
		{"tracing", b.Tracing},
	} {
		if flag[1] != "" {
			flags = append(flags, "--"+flag[0]+"="+flag[1])
		}
	}
	return flags
}
