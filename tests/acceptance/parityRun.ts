/**
 * The emulator a run starts for itself (`--record --emulator`, `--parity`), and parity: a run
 * recorded against a service run again, with its seed, against such an emulator, and the answers
 * compared (parity.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../support/emulatorControl";
import { emulatorCredential } from "../support/googleCredentials";
import { compareRuns } from "./parity";
import { ignoredSettings } from "./settings";
import { CONFIRM, readRun, record } from "./runs";

export interface OwnEmulator {
  /** The provider's settings: every API at the emulator, Google's through a key exchanged at its token endpoint. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

/** An emulator of the run's own, every API pointed at it, Google's through a key exchanged at its token endpoint. */
export async function ownEmulator(): Promise<OwnEmulator> {
  const emulator = await startEmulator();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-acceptance-key-"));
  const key = await emulatorCredential(emulator.url, "service-accounts", { name: "acceptance" });
  const keyFile = path.join(scratch, "key.json");
  writeFileSync(keyFile, JSON.stringify(key), { mode: 0o600 });
  const project = "acceptance-project";
  return {
    env: {
      SVC_EMULATOR_URL: emulator.url,
      SVC_PROJECT: project,
      [CONFIRM]: project,
      GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      CLOUDSDK_CONFIG: scratch,
      SVC_CI_TOKEN: emulator.token,
    },
    close: async () => {
      await emulator.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * The recorded run in `folder` run again against an emulator of its own, with the same seed; the
 * differences of its answers from the recorded ones (none when they agree). The emulator's run is
 * written into `into` when given (kept), else into a scratch folder.
 */
export async function parity(folder: string, log: (line: string) => void, into?: string): Promise<string[]> {
  const recorded = readRun(folder);
  const emulator = await ownEmulator();
  const ignored = ignoredSettings(emulator.env);
  if (ignored.length > 0) log(`parity: ignoring ${ignored.join(", ")} of the environment: the emulator's run points every API at its own emulator`);
  const target = into ?? mkdtempSync(path.join(os.tmpdir(), "svc-parity-"));
  try {
    await record({ ...recorded, name: path.basename(folder), target: "emulator", env: emulator.env, seed: recorded.seed, folder: target, log });
    return compareRuns(folder, target);
  } finally {
    await emulator.close();
    if (into === undefined) rmSync(target, { recursive: true, force: true });
  }
}
