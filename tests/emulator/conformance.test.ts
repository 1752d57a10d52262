/**
 * The conformance run over the registry (tests/support/conformanceRun.ts): every declaration,
 * driven through `dynamicProvider(declaration)` against the in-process emulator, from the
 * samples it declares. A resource is added by its declaration alone: nothing here names one.
 * Each call that makes a state parses each answer by the wire schema once at most (the call path
 * parses it and says so; the engine makes the state of what was parsed), batched steps too.
 */
import { typeKey } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { declarations } from "../../provider/registry";
import { lifecycleOf, runSamples } from "../support/conformanceRun";
import { countParses } from "../support/parseCount";
import { providerEmulator } from "../support/providerEmulator";
import { recorder, recordingRuntime } from "../support/recorder";

const emulator = providerEmulator("conformance-token");

describe.each(declarations.map((declaration) => [typeKey(declaration), declaration] as const))("%s", (_key, declaration) => {
  it(`passes the conformance run from its samples: ${lifecycleOf(declaration)}; each answer parsed once`, async () => {
    // Every request goes through a recording client: each step's must be its plan's, query and body included.
    const recording = recorder();
    const runtime = recordingRuntime(recording);
    const counter = countParses(declaration, dynamicProvider(declaration, runtime));
    try {
      await runSamples(declaration, (each) => (each === declaration ? counter.provider : dynamicProvider(each, runtime)), emulator, recording);
    } finally {
      counter.restore();
    }
    expect(counter.counts.filter(({ again }) => again > 0).map(({ call, parses, again }) => ({ call, parses, again }))).toEqual([]);
    // The counter saw the parses: the calls that make a state parsed what they made it of.
    expect(counter.counts.filter(({ parses }) => parses > 0).length).toBeGreaterThan(0);
  });
});
