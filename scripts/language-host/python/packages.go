package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// listPlugins prints, as JSON, the `pulumi-plugin.json` of every distribution installed in the
// environment that says it is a resource plugin: what a generated SDK (pulumi_svc) ships to name
// its provider plugin and version. Run by the environment's own Python, which knows what is
// installed in it.
const listPlugins = `
import importlib.metadata, json
found = []
for dist in importlib.metadata.distributions():
    for file in dist.files or []:
        if file.name == "pulumi-plugin.json":
            plugin = json.loads(file.read_text())
            if plugin.get("resource") and plugin.get("name"):
                found.append({"name": plugin["name"], "version": plugin.get("version", ""), "server": plugin.get("server", "")})
print(json.dumps(found))
`

type pluginJSON struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Server  string `json:"server"`
}

func installedPlugins(ctx context.Context, info *pulumirpc.ProgramInfo) ([]pluginJSON, error) {
	env, err := interpreter(info)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, env.python, "-c", listPlugins)
	cmd.Env = env.environ()
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("listing the packages installed for %s: %w", env.python, err)
	}
	var plugins []pluginJSON
	if err := json.Unmarshal(out, &plugins); err != nil {
		return nil, fmt.Errorf("listing the packages installed for %s: %w", env.python, err)
	}
	return plugins, nil
}

// GetRequiredPackages tells the engine which provider plugins the program's packages need, before
// it runs the program: a missing one then fails at once, naming it.
func (h *pythonHost) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	plugins, err := installedPlugins(ctx, req.GetInfo())
	if err != nil {
		return nil, err
	}
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	for _, plugin := range plugins {
		resp.Packages = append(resp.Packages, &pulumirpc.PackageDependency{Kind: "resource", Name: plugin.Name, Version: plugin.Version, Server: plugin.Server})
	}
	return resp, nil
}
