/**
 * The conformance run (tests/support/conformanceRun.ts) through the provider plugin: every
 * declaration's samples, every step, sent as the engine sends them to the plugin's gRPC service
 * (Check, Diff with its detailed diff, Create, Read, Update, Delete; an import is a Read by the id
 * alone, whose inputs then check and diff clean, as `pulumi import` needs), against the in-process emulator. It passes as the dynamic path does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { typeKey } from "../../provider/engine/declaration/declaration";
import { declarations } from "../../provider/registry";
import { lifecycleOf, runSamples } from "../support/conformanceRun";
import { configurePlugin, pluginProvider, servedPlugin } from "../support/pluginProvider";
import { providerEmulator } from "../support/providerEmulator";
import { recorder, recordingRuntime } from "../support/recorder";

const emulator = providerEmulator("conformance-token");
// The plugin's process sends every request through a recording client: each step's must be its plan's.
const recording = recorder();
const plugin = servedPlugin(recordingRuntime(recording));

const ownership = mkdtempSync(path.join(os.tmpdir(), "svc-ownership-"));
const environment = { ...process.env };

afterAll(() => {
  process.env = environment;
  rmSync(ownership, { recursive: true, force: true });
});

beforeAll(async () => {
  // The plugin keys each object's ownership record by the URN, the same in every run: a folder of this run's own.
  process.env["SVC_OWNERSHIP_DIR"] = ownership;
  // The settings come from the environment providerEmulator sets; the configuration names the project as a stack would.
  await configurePlugin(plugin.current, { project: "default-project" });
});

describe.each(declarations.map((declaration) => [typeKey(declaration), declaration] as const))("%s", (_key, declaration) => {
  it(`passes the conformance run through the plugin's gRPC service: ${lifecycleOf(declaration)}`, async () => {
    await runSamples(declaration, (of) => pluginProvider(plugin.current, of), emulator, recording, "read");
  });
});
