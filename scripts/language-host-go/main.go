// Command pulumi-language-go is this project's own, minimal Pulumi language host for Go
// programs, so that a `runtime: go` project that uses the provider plugin runs with the real
// engine on machines where Pulumi's Go language host cannot be had (the module proxy these
// machines reach does not serve it, and Pulumi's release downloads are out of reach).
//
// It runs a program the way Pulumi's host does: `go build` in the program's folder, then the
// binary with the engine's addresses, the stack and its configuration in the environment
// (PULUMI_MONITOR, PULUMI_ENGINE, PULUMI_CONFIG, ...), which `pulumi.Run` reads.
//
// What it leaves out, compared with Pulumi's own host: plugin discovery (the project names the
// provider plugin in Pulumi.yaml's `plugins:` or it is installed), dependency installation
// (`go mod download` is the user's), code generation (GenerateProgram, GeneratePackage),
// `go run` and prebuilt-binary options, debugging.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
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

// The program exits with this code when it has already reported its error to the engine
// (constant.ExitStatusLoggedError): the engine must then stop without a second message.
const exitCodeErrorAlreadyReported = 32

func main() {
	flag.String("tracing", "", "accepted for compatibility")
	flag.String("root", "", "accepted for compatibility; the engine sends it with each request")
	flag.String("binary", "", "not supported: the program is always built from its folder")
	flag.String("buildTarget", "", "not supported")
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
	h := newHost(engineAddress)
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancelServe,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start the language host gRPC server: %w", err))
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host gRPC server stopped: %w", err))
	}
}

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
	cancelCtx     context.Context
	cancelFunc    context.CancelFunc
}

func newHost(engineAddress string) *host {
	ctx, cancel := context.WithCancel(context.Background())
	return &host{engineAddress: engineAddress, cancelCtx: ctx, cancelFunc: cancel}
}

func (h *host) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: pluginVersion()}, nil
}

// Plugins are not discovered from go.mod: the project names the provider plugin (`plugins:`), or
// it is installed, and the engine loads it when the program registers its first resource.
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) InstallDependencies(*pulumirpc.InstallDependenciesRequest, pulumirpc.LanguageRuntime_InstallDependenciesServer) error {
	return nil
}

func (h *host) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	resp := &pulumirpc.AboutResponse{}
	if goBin, err := exec.LookPath("go"); err == nil {
		resp.Executable = goBin
		if out, err := exec.Command(goBin, "env", "GOVERSION").Output(); err == nil {
			resp.Version = strings.TrimSpace(string(out))
		}
	}
	return resp, nil
}

func (h *host) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

func (h *host) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	h.cancelFunc()
	return &emptypb.Empty{}, nil
}

// Run builds the program in its folder and runs the binary with the engine's environment.
func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir, rootDir := req.GetPwd(), ""
	if info := req.GetInfo(); info != nil {
		programDir, rootDir = info.GetProgramDirectory(), info.GetRootDirectory()
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find go on PATH: " + err.Error()}, nil
	}
	work, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	program := filepath.Join(work, "program")

	cmdCtx, cmdCancel := context.WithCancel(h.cancelCtx)
	defer cmdCancel()
	stopAfter := context.AfterFunc(ctx, cmdCancel)
	defer stopAfter()

	build := exec.CommandContext(cmdCtx, goBin, "build", "-o", program, ".")
	build.Dir = programDir
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not build the Go program in %s: %v", programDir, err)}, nil
	}

	configJSON, err := json.Marshal(nonNil(req.GetConfig()))
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(cmdCtx, program, req.GetArgs()...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	cmd.Dir = programDir
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(),
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.engineAddress,
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_ROOT_DIRECTORY="+rootDir,
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
		fmt.Sprintf("PULUMI_DRY_RUN=%v", req.GetDryRun()),
		fmt.Sprintf("PULUMI_PARALLEL=%d", req.GetParallel()),
	)
	err = cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() == exitCodeErrorAlreadyReported:
		return &pulumirpc.RunResponse{Bail: true}, nil
	case errors.As(err, &exitErr):
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("program exited with non-zero exit code: %d", exitErr.ExitCode())}, nil
	default:
		return &pulumirpc.RunResponse{Error: "could not run the Go program: " + err.Error()}, nil
	}
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
