/**
 * Which of the environment's variables are the provider's settings, and the settings an acceptance
 * run's engine gets: the run's own alone, whatever else the shell holds.
 */
import { apiNames } from "../../provider/config";
import { OWNERSHIP_SETTING } from "../../provider/engine/ownership/records";
import { CREDENTIAL_SETTINGS } from "../../provider/google/credentials/settings";
import { envSuffix } from "../../provider/stackConfig";

/**
 * The settings the provider reads from the environment besides each API's own (`SVC_<API>_*`): the
 * shared ones, Google's credential chain's (google-auth-library's too), the cassette's.
 */
const SHARED_SETTINGS: ReadonlySet<string> = new Set([
  "SVC_PROJECT",
  "SVC_EMULATOR_URL",
  "SVC_TOKEN",
  OWNERSHIP_SETTING[1],
  ...Object.values(CREDENTIAL_SETTINGS).map(([, envVar]) => envVar),
  "GOOGLE_APPLICATION_CREDENTIALS",
  "GOOGLE_CREDENTIALS",
  "CLOUDSDK_CONFIG",
  "GCE_METADATA_HOST",
  "GCE_METADATA_IP",
  "SVC_CASSETTE",
  "SVC_CASSETTE_MODE",
]);
const API_SETTINGS = apiNames().map((api) => `SVC_${envSuffix(api)}_`);

/** Whether an environment variable is one the provider reads (not the tools': `SVC_ACC_*`, `SVC_PYTHON_VENV`, ...). */
export function isProviderSetting(name: string): boolean {
  const upper = name.toUpperCase();
  return SHARED_SETTINGS.has(upper) || API_SETTINGS.some((prefix) => upper.startsWith(prefix));
}

/** The run's settings an environment holds: the provider's, and the run's own (`SVC_ACC_*`). */
export function settingsOfEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && (isProviderSetting(entry[0]) || entry[0].startsWith("SVC_ACC_")),
    ),
  );
}

/**
 * A run's settings as the engine gets them. Its processes inherit this process's environment, in
 * which a setting the run was not given would win over the run's own (a per-API base URL over the
 * emulator's address the run points every API at, a credential over the run's key): each of them
 * is given empty, which the provider and google-auth-library read as unset.
 */
export function engineSettings(settings: Readonly<Record<string, string>>, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { ...Object.fromEntries(ignoredSettings(settings, env).map((name) => [name, ""])), ...settings };
}

/** The provider's settings in the environment a run was not given, which its engine does not see. */
export function ignoredSettings(settings: Readonly<Record<string, string>>, env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(env).filter((name) => isProviderSetting(name) && env[name] !== undefined && env[name] !== "" && !(name in settings));
}
