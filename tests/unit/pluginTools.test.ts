/**
 * The plugin's entry runs a tool only when a tool's word comes first after the engine's flags
 * (plugin/tools.ts): the launchers of a release archive (`svc-plugin.js recover ...`) and
 * `pulumi plugin run --kind resource svc -- recover ...`, whose flags the engine puts first; the
 * engine's own start of the provider (its flags, then its address) never runs one.
 */
import { TOOLS, toolCommand } from "../../plugin/tools";

it("runs the tool a launcher names, with its arguments", () => {
  expect(toolCommand(["recover", "--stack", "acme/prod"])).toEqual({ tool: "recover", args: ["--stack", "acme/prod"] });
  expect(toolCommand(["plan", "--file", "-", "--fail-on", "replace"])).toEqual({ tool: "plan", args: ["--file", "-", "--fail-on", "replace"] });
  expect(toolCommand(["import", "--help"])).toEqual({ tool: "import", args: ["--help"] });
});

it("skips the logging and tracing flags `pulumi plugin run` passes on before the user's words", () => {
  expect(toolCommand(["--logtostderr", "-v=9", "--tracing", "file:/tmp/trace", "recover", "--stack", "dev"])).toEqual({
    tool: "recover",
    args: ["--stack", "dev"],
  });
  expect(toolCommand(["-v=3", "plan"])).toEqual({ tool: "plan", args: [] });
});

it("serves the provider when the engine starts it: its flags, then its address", () => {
  expect(toolCommand(["127.0.0.1:41235"])).toBeUndefined();
  expect(toolCommand(["--logtostderr", "-v=9", "127.0.0.1:41235"])).toBeUndefined();
  expect(toolCommand(["--tracing", "recover", "127.0.0.1:41235"])).toBeUndefined();
  expect(toolCommand([])).toBeUndefined();
});

it("takes a tool only by its exact word, and only first", () => {
  expect(toolCommand(["Recover"])).toBeUndefined();
  expect(toolCommand(["svc-recover"])).toBeUndefined();
  expect(toolCommand(["toString"])).toBeUndefined();
  expect(toolCommand(["127.0.0.1:41235", "recover"])).toBeUndefined();
  expect(Object.values(TOOLS)).toEqual(["svc-recover", "svc-plan", "svc-import"]);
});
