package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	sdk "github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Where the policy-pack runner lives inside the npm package.
const runPolicyPackInPackage = "node_modules/@pulumi/pulumi/cmd/run-policy-pack"

// RunPlugin runs a policy pack written in Node.js: since Pulumi 3.2xx the engine starts a pack
// whose PulumiPolicy.yaml says `runtime: nodejs` through the language host of that runtime (before,
// through a `pulumi-analyzer-policy` script). The pack is `node <run-policy-pack> <engine> <pack
// folder>`, run in the pack's folder with the runner of the @pulumi/pulumi the pack resolves, as
// Pulumi's own host runs it. Other kinds of plugin written in Node.js are not run by this host.
//
// The engine talks to the plugin before the pack can start: the pack reads the stack (its name,
// its configuration, whether this is a dry run) from its environment, which the engine sends only
// in the Analyzer's ConfigureStack call. Pulumi's policy proxy answers that call, and then hands
// every later call on to the pack's own server once it has printed its port.
func (h *nodeHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if req.GetKind() != string(apitype.AnalyzerPlugin) {
		return status.Errorf(codes.Unimplemented,
			"this Node.js language host runs policy packs (plugin kind %q) only, not a %q plugin", apitype.AnalyzerPlugin, req.GetKind())
	}
	packDir := req.GetInfo().GetProgramDirectory()
	logging.V(5).Infof("language host running the policy pack in %s", packDir)

	opts, err := parseOptions(req.GetInfo().GetOptions().AsMap())
	if err != nil {
		return err
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on PATH, which runs the policy pack in %s: %w", packDir, err)
	}
	// Resolved from the pack's folder, as Node would: a pack inside a project's node_modules finds
	// the project's @pulumi/pulumi.
	runScript, ok := findUp(packDir, runPolicyPackInPackage)
	if !ok {
		return fmt.Errorf("could not find %s in %s or any parent folder: the policy pack's dependencies "+
			"(@pulumi/pulumi and @pulumi/policy) are not installed; run npm install in %s", runPolicyPackInPackage, packDir, packDir)
	}

	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	ctx, cancel := h.Context(server.Context())
	defer cancel()
	proxy, stdout, err := sdk.NewPolicyProxy(ctx, stdout)
	if err != nil {
		return fmt.Errorf("could not start the policy pack's proxy: %w", err)
	}
	stack, err := proxy.AwaitConfiguration(ctx)
	if err != nil {
		return fmt.Errorf("could not get the stack's configuration for the policy pack: %w", err)
	}

	// The engine's environment for the plugin, over the host's own (the later value of a name wins).
	env := append(os.Environ(), req.GetEnv()...)
	packEnv, err := stackEnv(stack)
	if err != nil {
		return err
	}
	env = append(env, packEnv...)
	if opts.typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if opts.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+opts.tsconfig)
	}

	args := append([]string{}, opts.nodeArgs...)
	args = append(args, runScript)
	args = append(args, req.GetArgs()...) // the engine's address
	args = append(args, packDir)
	logging.V(5).Infof("language host running: %s %s", node, strings.Join(args, " "))

	cmd := exec.CommandContext(ctx, node, args...)
	// A pack has always run in its own folder: @pulumi/policy reads its version from ./package.json.
	cmd.Dir = packDir
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not start the policy pack in %s: %w", packDir, err)
	}
	// Attach waits for the pack's port, proxies to it, and returns when the pack's process ends.
	if err := proxy.Attach(ctx, cmd); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return fmt.Errorf("the policy pack in %s exited with code %d", packDir, exitErr.ExitCode())
		}
		return fmt.Errorf("the policy pack in %s failed: %w", packDir, err)
	}
	return closer.Close()
}

// stackEnv is what @pulumi/pulumi's runtime reads of the stack in a policy pack's process.
func stackEnv(stack *pulumirpc.AnalyzerStackConfigureRequest) ([]string, error) {
	if stack == nil {
		return nil, nil // the engine asked for no stack (`pulumi policy publish`)
	}
	var env []string
	for _, pair := range [][2]string{
		{"PULUMI_NODEJS_ORGANIZATION", stack.GetOrganization()},
		{"PULUMI_NODEJS_PROJECT", stack.GetProject()},
		{"PULUMI_NODEJS_STACK", stack.GetStack()},
		{"PULUMI_NODEJS_DRY_RUN", strconv.FormatBool(stack.GetDryRun())},
	} {
		if pair[1] != "" {
			env = append(env, pair[0]+"="+pair[1])
		}
	}
	if config := stack.GetConfig(); config != nil {
		configJSON, err := json.Marshal(config)
		if err != nil {
			return nil, fmt.Errorf("could not write the stack's configuration for the policy pack: %w", err)
		}
		env = append(env, "PULUMI_CONFIG="+string(configJSON))
	}
	return env, nil
}
