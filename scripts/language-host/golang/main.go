// Command pulumi-language-go is this project's own, minimal Pulumi language host for Go programs
// (see package host for why it exists), so that a `runtime: go` project that uses the provider
// plugin runs with the real engine.
//
// It runs a program the way Pulumi's host does: `go build` in the program's folder, then the
// binary with the engine's addresses, the stack and its configuration in the environment
// (PULUMI_MONITOR, PULUMI_ENGINE, PULUMI_CONFIG, ...), which `pulumi.Run` reads. `pulumi import`
// writes Go through it, with Pulumi's own Go program generator.
//
// What it leaves out, compared with Pulumi's own host: plugin discovery (the project names the
// provider plugin in Pulumi.yaml's `plugins:` or it is installed), dependency installation
// (`go mod download` is the user's), package generation, `go run` and prebuilt-binary options,
// debugging.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-svc/language-host/host"
)

func main() {
	flag.String("binary", "", "not supported: the program is always built from its folder")
	flag.String("buildTarget", "", "not supported")
	host.Main(func(base *host.Base) pulumirpc.LanguageRuntimeServer { return &goHost{Base: base} })
}

type goHost struct {
	*host.Base
}

func (h *goHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	resp := &pulumirpc.AboutResponse{}
	if goBin, err := exec.LookPath("go"); err == nil {
		resp.Executable = goBin
		if out, err := exec.Command(goBin, "env", "GOVERSION").Output(); err == nil {
			resp.Version = strings.TrimSpace(string(out))
		}
	}
	return resp, nil
}

// GenerateProgram writes Go: what `pulumi import` adopts, in a Go project.
func (h *goHost) GenerateProgram(_ context.Context, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	return host.GenerateProgram(req, gogen.GenerateProgram)
}

// Run builds the program in its folder and runs the binary with the engine's environment.
func (h *goHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir, rootDir := req.GetPwd(), ""
	if info := req.GetInfo(); info != nil {
		programDir, rootDir = info.GetProgramDirectory(), info.GetRootDirectory()
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return host.Failed("could not find go on PATH: %v", err), nil
	}
	work, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	program := filepath.Join(work, "program")

	cmdCtx, cancel := h.Context(ctx)
	defer cancel()
	build := exec.CommandContext(cmdCtx, goBin, "build", "-o", program, ".")
	build.Dir = programDir
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return host.Failed("could not build the Go program in %s: %v", programDir, err), nil
	}

	config, err := host.ConfigEnv(req)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(cmdCtx, program, req.GetArgs()...)
	cmd.Dir = programDir
	cmd.Env = append(append(os.Environ(), config...),
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.EngineAddress,
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_ROOT_DIRECTORY="+rootDir,
		fmt.Sprintf("PULUMI_DRY_RUN=%v", req.GetDryRun()),
		fmt.Sprintf("PULUMI_PARALLEL=%d", req.GetParallel()),
	)
	return h.RunProgram(ctx, "Go", cmd), nil
}
