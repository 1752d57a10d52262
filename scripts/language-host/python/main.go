// Command pulumi-language-python is this project's own, minimal Pulumi language host for Python
// programs (see package host for why it exists), so that a `runtime: python` project that uses
// the provider plugin runs with the real engine.
//
// It runs a program the way Pulumi's host does: the Python of the project's virtual environment
// (the `virtualenv` runtime option) runs Pulumi's own program runner, `pulumi-language-python-exec`
// (which scripts/setup.sh copies beside this binary from the Pulumi SDK module of the engine's
// release), with the engine's addresses and the stack's configuration; the runner sets up the
// `pulumi` package installed in that environment and runs the program's `__main__.py`. The
// packages installed there that carry a `pulumi-plugin.json` (the generated `pulumi_svc`) are the
// program's plugins (GetRequiredPackages). `pulumi import` writes Python through it, with
// Pulumi's own Python program generator.
//
// What it leaves out, compared with Pulumi's own host: installing dependencies (the user makes
// the virtual environment: `python3 -m venv venv && venv/bin/pip install -r requirements.txt`),
// the `toolchain` option's poetry and uv, type checkers, debugging, package generation.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-svc/language-host/host"
)

// The program runner of Pulumi's Python SDK, which Pulumi's own host also keeps beside itself.
const runnerName = "pulumi-language-python-exec"

func main() {
	host.Main(func(base *host.Base) pulumirpc.LanguageRuntimeServer { return &pythonHost{Base: base} })
}

type pythonHost struct {
	*host.Base
}

// GenerateProgram writes Python: what `pulumi import` adopts, in a Python project.
func (h *pythonHost) GenerateProgram(_ context.Context, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	return host.GenerateProgram(req, python.GenerateProgram)
}

func (h *pythonHost) About(_ context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	resp := &pulumirpc.AboutResponse{}
	env, err := interpreter(req.GetInfo())
	if err != nil {
		return resp, nil // `pulumi about` shows what it can
	}
	resp.Executable = env.python
	if out, err := exec.Command(env.python, "--version").Output(); err == nil {
		resp.Version = strings.TrimPrefix(strings.TrimSpace(string(out)), "Python ")
	}
	return resp, nil
}

// Run runs the program: `<python> -u pulumi-language-python-exec <flags> <entry point> [args]`.
func (h *pythonHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	programDir, entryPoint, rootDir := req.GetPwd(), req.GetProgram(), ""
	if info != nil {
		programDir, entryPoint, rootDir = info.GetProgramDirectory(), info.GetEntryPoint(), info.GetRootDirectory()
	}
	if entryPoint == "" {
		entryPoint = "." // the runner then runs the folder's __main__.py
	}
	env, err := interpreter(info)
	if err != nil {
		return host.Failed("%v", err), nil
	}
	runner, err := findRunner()
	if err != nil {
		return host.Failed("%v", err), nil
	}
	args := append([]string{"-u", runner}, h.RunnerFlags(req, programDir, rootDir, "_")...)
	args = append(args, fmt.Sprintf("--dry_run=%v", req.GetDryRun()))
	args = append(args, entryPoint)
	args = append(args, req.GetArgs()...)

	config, err := host.ConfigEnv(req)
	if err != nil {
		return nil, err
	}
	logging.V(5).Infof("language host running: %s %s", env.python, strings.Join(args, " "))
	cmdCtx, cancel := h.Context(ctx)
	defer cancel()
	cmd := exec.CommandContext(cmdCtx, env.python, args...)
	cmd.Dir = programDir
	cmd.Env = append(env.environ(), config...)
	return h.RunProgram(ctx, "Python", cmd), nil
}

// findRunner finds pulumi-language-python-exec beside this binary (where scripts/setup.sh puts
// it), or else on PATH.
func findRunner() (string, error) {
	if self, err := os.Executable(); err == nil {
		if resolved, err := filepath.EvalSymlinks(self); err == nil {
			candidate := filepath.Join(filepath.Dir(resolved), runnerName)
			if _, err := os.Stat(candidate); err == nil {
				return candidate, nil
			}
		}
	}
	if onPath, err := exec.LookPath(runnerName); err == nil {
		return onPath, nil
	}
	return "", errors.New(runnerName + " is neither beside pulumi-language-python nor on PATH: run scripts/setup.sh, which copies it from the Pulumi SDK's Go module")
}

// pythonEnv is the Python that runs a project's program: its virtual environment's, or the one
// on PATH.
type pythonEnv struct {
	python     string
	virtualenv string // "" without one
}

// interpreter reads the project's `runtime.options`: `virtualenv` (a folder, relative to the
// project's root) chooses the environment's Python; without it, PULUMI_PYTHON_CMD or the
// python3 on PATH runs the program, as in Pulumi's own host. Only pip's environments are known
// here: the `toolchain` option's poetry and uv are refused, saying so.
func interpreter(info *pulumirpc.ProgramInfo) (pythonEnv, error) {
	options := info.GetOptions().AsMap()
	toolchain, err := host.StringOption(options, "toolchain")
	if err != nil {
		return pythonEnv{}, err
	}
	if toolchain != "" && toolchain != "pip" {
		return pythonEnv{}, fmt.Errorf("runtime option 'toolchain: %s' is not supported by this language host: use pip with 'virtualenv: <folder>'", toolchain)
	}
	venv, err := host.StringOption(options, "virtualenv")
	if err != nil {
		return pythonEnv{}, err
	}
	if venv == "" {
		for _, candidate := range []string{os.Getenv("PULUMI_PYTHON_CMD"), "python3", "python"} {
			if candidate == "" {
				continue
			}
			if path, err := exec.LookPath(candidate); err == nil {
				return pythonEnv{python: path}, nil
			}
		}
		return pythonEnv{}, errors.New("no python3 or python on PATH (or set 'virtualenv' in Pulumi.yaml's runtime options)")
	}
	if !filepath.IsAbs(venv) {
		venv = filepath.Join(info.GetRootDirectory(), venv)
	}
	python := filepath.Join(venv, "bin", "python")
	if _, err := os.Stat(python); err != nil {
		return pythonEnv{}, fmt.Errorf("the virtual environment %s has no bin/python: make it with `python3 -m venv %s && %s/bin/pip install -r requirements.txt`",
			venv, venv, venv)
	}
	return pythonEnv{python: python, virtualenv: venv}, nil
}

// environ is the host's environment with the virtual environment activated, as its own
// `activate` script would: the program's subprocesses find its tools first.
func (e pythonEnv) environ() []string {
	if e.virtualenv == "" {
		return os.Environ()
	}
	env := []string{"VIRTUAL_ENV=" + e.virtualenv}
	for _, kv := range os.Environ() {
		switch {
		case strings.HasPrefix(kv, "PATH="):
			env = append(env, "PATH="+filepath.Join(e.virtualenv, "bin")+string(os.PathListSeparator)+strings.TrimPrefix(kv, "PATH="))
		case strings.HasPrefix(kv, "VIRTUAL_ENV="), strings.HasPrefix(kv, "PYTHONHOME="):
		default:
			env = append(env, kv)
		}
	}
	return env
}
