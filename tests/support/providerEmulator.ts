/**
 * For tests that drive `dynamicProvider(declaration)` directly (no engine): an
 * emulator in the test process, with the settings environment pointing every
 * API at it, restored when the file's tests end.
 */
import type { EmulatorOptions } from "../../emulator/server";
import { API_MANIFESTS } from "../../provider/apis";
import { ProviderRuntime } from "../../provider/runtime";
import { settingNames } from "../../provider/config";
import { startEmulator, type RunningEmulator } from "./emulatorControl";

/** The project the settings give resources that leave `project` out. */
export const DEFAULT_PROJECT = "default-project";

export interface ProviderEmulatorOptions {
  /** `svc:project` / SVC_PROJECT for the file (default DEFAULT_PROJECT). */
  readonly project?: string;
  /** Retries happen, their waits do not, and nothing is logged: for tests of the rules, not of the clock. */
  readonly instantRetries?: boolean;
  /** The emulator's own options besides the token (a CA to trust, an API's options). */
  readonly emulator?: EmulatorOptions;
}

export function providerEmulator(
  token: string,
  options: ProviderEmulatorOptions = {},
): { readonly current: RunningEmulator; readonly runtime: ProviderRuntime } {
  const env = { ...process.env };
  let emulator: RunningEmulator | undefined;
  // The file's provider process: its settings are the environment set below; with instant retries its clients do not wait.
  const runtime = new ProviderRuntime(options.instantRetries === true ? { client: { sleep: async () => undefined, log: () => undefined } } : {});
  beforeAll(async () => {
    emulator = await startEmulator(token, options.emulator);
    process.env["SVC_EMULATOR_URL"] = emulator.url;
    // Every API that takes a token (not one with settings of its own) takes the emulator's.
    for (const manifest of API_MANIFESTS) if (manifest.settings === undefined) process.env[settingNames(manifest.name).token[1]] = emulator.token;
    process.env["SVC_PROJECT"] = options.project ?? DEFAULT_PROJECT;
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
    runtime,
  };
}

/**
 * For tests of `check` alone: settings that name an API nobody listens on (port 9, discard),
 * so a request would fail loudly, set for each test and restored after it.
 */
export function offlineSettings(project = "p1"): void {
  const env = { ...process.env };
  beforeEach(() => {
    process.env["SVC_EMULATOR_URL"] = "http://127.0.0.1:9";
    process.env["SVC_DNS_TOKEN"] = "t0ken";
    process.env["SVC_CALENDAR_TOKEN"] = "t0ken";
    process.env["SVC_PROJECT"] = project;
  });
  afterEach(() => {
    process.env = { ...env };
  });
}
