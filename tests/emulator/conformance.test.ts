/**
 * The conformance run over the registry (tests/support/conformanceRun.ts): every declaration,
 * driven through `dynamicProvider(declaration)` against the in-process emulator, from the
 * samples it declares. A resource is added by its declaration alone: nothing here names one.
 */
import { typeKey } from "../../provider/engine/declaration";
import { dynamicProvider } from "../../provider/engine/dynamicProvider";
import { declarations } from "../../provider/registry";
import { lifecycleOf, runSamples } from "../support/conformanceRun";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("conformance-token");

describe.each(declarations.map((declaration) => [typeKey(declaration), declaration] as const))("%s", (_key, declaration) => {
  it(`passes the conformance run from its samples: ${lifecycleOf(declaration)}`, async () => {
    await runSamples(declaration, dynamicProvider, emulator);
  });
});
