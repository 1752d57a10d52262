/**
 * A recorded run: its folder under tests/cassettes/ holds `run.json` (the seed, what it was recorded
 * against, the settings that are no secret) and one cassette per engine operation. Record, replay
 * and the guard a run against a real account must pass.
 */
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { newSeed, type Seed } from "./names";
import { objectsMade, planAcceptance, type PlanOptions, type Profile } from "./plan";
import { runAcceptance, cassetteFiles, type Mode } from "./run";
import { engineSettings, ignoredSettings, isProviderSetting } from "./settings";

export const CASSETTES = path.resolve(__dirname, "..", "cassettes");

export interface RunRecord {
  readonly seed: Seed;
  /** `emulator`: this repository's; `real`: the services themselves (their answers are what the emulator is held to). */
  readonly target: "emulator" | "real";
  readonly profile: Profile;
  readonly only?: readonly string[];
  readonly dnsSuffix?: string;
  readonly rewrite?: Readonly<Record<string, string>>;
  readonly recordedAt: string;
  /** The provider's settings of the recording that are no secret (base URLs, project), as environment variables. */
  readonly settings: Readonly<Record<string, string>>;
  /** The service-account key's identity and token endpoint (never the key), for the replay's stand-in key. */
  readonly serviceAccount?: { readonly client_email: string; readonly token_uri?: string };
}

const SECRET_SETTING = /TOKEN|SECRET|PASSWORD|CREDENTIALS|PASSPHRASE|KEY/i;

/** The settings a recording keeps: every SVC_ variable that names no secret. */
export function publicSettings(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith("SVC_") &&
        !SECRET_SETTING.test(entry[0]) &&
        entry[1] !== undefined &&
        !entry[0].startsWith("SVC_ACC_") &&
        !entry[0].startsWith("SVC_CASSETTE"),
    ),
  );
}

export const CONFIRM = "SVC_ACC_CONFIRM";
export const MAX_OBJECTS = "SVC_ACC_MAX_OBJECTS";

/**
 * Refuses a run that would make objects unless the project is given explicitly and the run is
 * confirmed, and when it would make more objects than the cap (default 80).
 */
export function guard(env: Readonly<Record<string, string | undefined>>, objects: number): void {
  const project = env["SVC_PROJECT"];
  if (project === undefined || project === "") {
    throw new Error("acceptance: refused: no project. Set SVC_PROJECT to the project the run may make and delete objects in (no default is taken).");
  }
  if (env[CONFIRM] !== project) {
    throw new Error(`acceptance: refused: the run makes and deletes objects in project ${project}. Set ${CONFIRM}=${project} to confirm.`);
  }
  const cap = Number(env[MAX_OBJECTS] ?? "80");
  if (!(objects <= cap))
    throw new Error(
      `acceptance: refused: the run would make ${objects} objects, over the cap ${MAX_OBJECTS}=${cap}. Narrow it (--only, --profile smoke) or raise the cap.`,
    );
}

/**
 * Refuses a run against an emulator (`--record --emulator`, parity's second run) whose settings, as
 * the engine gets them, send anything elsewhere: every request carries a token the emulator issued.
 */
export function emulatorOnly(env: Readonly<Record<string, string | undefined>>, tokenUri: string | undefined): void {
  const emulator = env["SVC_EMULATOR_URL"] ?? "";
  if (!URL.canParse(emulator))
    throw new Error(`acceptance: refused: a run against the emulator needs SVC_EMULATOR_URL, its address; it is ${JSON.stringify(emulator)}.`);
  const origin = new URL(emulator).origin;
  const addresses = [
    ...Object.entries(env).filter(([name]) => isProviderSetting(name) && name.endsWith("_URL")),
    ...(tokenUri === undefined ? [] : [["the token_uri of GOOGLE_APPLICATION_CREDENTIALS", tokenUri] as const]),
  ];
  const elsewhere = addresses.filter(([, value]) => value !== undefined && value !== "" && (!URL.canParse(value) || new URL(value).origin !== origin));
  if (elsewhere.length > 0)
    throw new Error(
      `acceptance: refused: the run against the emulator at ${origin} would send requests with a token the emulator issued to ${elsewhere.map(([name, value]) => `${value} (${name})`).join(", ")}. Leave them out: SVC_EMULATOR_URL points every API at the emulator.`,
    );
}

export interface RecordOptions extends Omit<PlanOptions, "profile"> {
  readonly profile: Profile;
  readonly name: string;
  readonly target: "emulator" | "real";
  /** The provider's settings (base URLs, project, credentials). */
  readonly env: Readonly<Record<string, string>>;
  readonly seed?: Seed;
  readonly folder?: string;
  readonly log: (line: string) => void;
}

/** Runs against what `env` points at, writing the run's folder anew. */
export async function record(options: RecordOptions): Promise<{ folder: string; operations: number }> {
  const seed = options.seed ?? newSeed();
  const plan = planAcceptance(seed, options);
  guard(options.env, objectsMade(plan));
  for (const line of plan.skipped) options.log(`skipped: ${line}`);
  const folder = options.folder ?? path.join(CASSETTES, options.name);
  rmSync(folder, { recursive: true, force: true });
  const keyFile = options.env["GOOGLE_APPLICATION_CREDENTIALS"];
  const key = keyFile === undefined ? undefined : (JSON.parse(readFileSync(keyFile, "utf8")) as { type?: string; client_email?: string; token_uri?: string });
  if (options.target === "emulator") emulatorOnly({ ...process.env, ...engineSettings(options.env) }, key?.token_uri);
  const run: RunRecord = {
    seed,
    target: options.target,
    profile: options.profile,
    ...(options.only !== undefined && { only: options.only }),
    ...(options.dnsSuffix !== undefined && { dnsSuffix: options.dnsSuffix }),
    ...(options.rewrite !== undefined && { rewrite: options.rewrite }),
    recordedAt: new Date().toISOString(),
    settings: publicSettings(options.env),
    ...(key?.type === "service_account" &&
      key.client_email !== undefined && {
        serviceAccount: { client_email: key.client_email, ...(key.token_uri !== undefined && { token_uri: key.token_uri }) },
      }),
  };
  const { operations } = await runAcceptance({ mode: "record", folder, plan, env: options.env, log: options.log });
  writeFileSync(path.join(folder, "run.json"), `${JSON.stringify(run, null, 2)}\n`);
  return { folder, operations };
}

/** The recorded runs (folders with a run.json). */
export function recordedRuns(root = CASSETTES): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "run.json")))
    .sort();
}

export function readRun(folder: string): RunRecord {
  return JSON.parse(readFileSync(path.join(folder, "run.json"), "utf8")) as RunRecord;
}

/**
 * Replays a recorded run: the same plan from its seed, the same settings, no network and no
 * emulator (every answer comes from its cassettes). A Google key stands in for the recorded one,
 * with its identity and token endpoint: the token exchange is answered from the cassette too.
 */
export async function replay(folder: string, log: (line: string) => void): Promise<{ operations: number }> {
  const run = readRun(folder);
  const plan = planAcceptance(run.seed, run);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-replay-"));
  try {
    const env: Record<string, string> = { ...run.settings, CLOUDSDK_CONFIG: scratch };
    if (run.serviceAccount !== undefined) {
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const keyFile = path.join(scratch, "stand-in-key.json");
      writeFileSync(
        keyFile,
        JSON.stringify({ type: "service_account", ...run.serviceAccount, private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString() }),
        { mode: 0o600 },
      );
      env["GOOGLE_APPLICATION_CREDENTIALS"] = keyFile;
    }
    // The tokens of the APIs that take one (the CI API): never recorded, any value does.
    env["SVC_CI_TOKEN"] = "replayed-token";
    const ignored = ignoredSettings(env);
    if (ignored.length > 0) log(`replay: ignoring ${ignored.join(", ")} of the environment: a replay has the settings it was recorded with`);
    const operations = cassetteFiles(folder).length;
    const result = await runAcceptance({ mode: "replay", folder, plan, env, log });
    if (result.operations !== operations)
      throw new Error(`replay: ${path.basename(folder)} has ${operations} cassettes, the run took ${result.operations} operations`);
    return result;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export type { Mode };
