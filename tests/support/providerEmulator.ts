/**
 * For tests that drive `dynamicProvider(declaration)` directly (no engine): an
 * emulator in the test process, with the settings environment pointing every
 * API at it, restored when the file's tests end.
 */
import { startEmulator, type RunningEmulator } from "./emulatorControl";

/** The project the settings give resources that leave `project` out. */
export const DEFAULT_PROJECT = "default-project";

export function providerEmulator(token: string): { readonly current: RunningEmulator } {
  const env = { ...process.env };
  let emulator: RunningEmulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator(token);
    process.env["SVC_EMULATOR_URL"] = emulator.url;
    process.env["SVC_DNS_TOKEN"] = emulator.token;
    process.env["SVC_CI_TOKEN"] = emulator.token;
    process.env["SVC_PROJECT"] = DEFAULT_PROJECT;
  });
  afterAll(async () => {
    process.env = { ...env };
    await emulator?.close();
  });
  return {
    get current(): RunningEmulator {
      if (emulator === undefined) throw new Error("the emulator starts in beforeAll");
      return emulator;
    },
  };
}
