/**
 * Which credential a Google-style API uses, from the settings alone (no
 * network): what `check` validates, so `preview` reports a bad setting.
 *
 * Order: the API's static token (handled by config.ts) wins; then
 * `svc:credentials`, GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CREDENTIALS;
 * then application default credentials (the gcloud file, the metadata server).
 * Impersonation and domain-wide delegation apply on top.
 */
import { existsSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isSecretSetting, manifestOf, readSetting, type ApiName, type Settings } from "../../config";
import { CredentialSettingError, parseCredentialValue, type CredentialFile } from "./files";
import { PLAIN_TEXT_CREDENTIALS } from "./plainText";

export const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";

export type CredentialSource =
  { kind: "file"; file: CredentialFile; where: string } | { kind: "gcloud"; file: CredentialFile; where: string } | { kind: "ambient" };

export interface CredentialPlan {
  readonly api: ApiName;
  readonly scopes: readonly string[];
  readonly source: CredentialSource;
  readonly impersonate?: { readonly target: string; readonly delegates: readonly string[] };
  readonly subject?: string;
  /** Where Google's token, IAM Credentials endpoints are served, when not Google's own (the emulator). */
  readonly authUrl?: string;
  /** What was looked at, in order, for messages. */
  readonly looked: readonly string[];
}

export const CREDENTIAL_SETTINGS = {
  credentials: ["svc:credentials", "SVC_CREDENTIALS"],
  impersonate: ["svc:impersonateServiceAccount", "SVC_IMPERSONATE_SERVICE_ACCOUNT"],
  delegates: ["svc:impersonateDelegates", "SVC_IMPERSONATE_DELEGATES"],
  subject: ["svc:subject", "SVC_SUBJECT"],
  authUrl: ["svc:googleAuthUrl", "SVC_GOOGLE_AUTH_URL"],
} as const;

/** gcloud's application default credentials file (`CLOUDSDK_CONFIG` moves gcloud's folder). */
export function gcloudCredentialsFile(env: NodeJS.ProcessEnv = process.env): string {
  const folder =
    env["CLOUDSDK_CONFIG"] ??
    (process.platform === "win32" && env["APPDATA"] !== undefined ? path.join(env["APPDATA"], "gcloud") : path.join(os.homedir(), ".config", "gcloud"));
  return path.join(folder, "application_default_credentials.json");
}

const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** Reads and validates the credential settings of an API; throws CredentialSettingError naming the setting. */
export function credentialPlan(api: ApiName, settings: Settings): CredentialPlan {
  const { env } = settings;
  const [credentialsKey, credentialsEnv] = CREDENTIAL_SETTINGS.credentials;
  const looked = [`svc:${api}Token / SVC_${api.toUpperCase()}_TOKEN (not set)`];
  let source: CredentialSource | undefined;
  const own = readSetting(credentialsKey, credentialsEnv, settings);
  if (own !== undefined) {
    if (readSetting(credentialsKey, "", { ...settings, env: {} }) !== undefined && !isSecretSetting(credentialsKey, settings)) {
      throw new CredentialSettingError(PLAIN_TEXT_CREDENTIALS);
    }
    source = { kind: "file", file: parseCredentialValue(own, `${credentialsKey} / ${credentialsEnv}`, true), where: `${credentialsKey} / ${credentialsEnv}` };
  } else {
    looked.push(`${credentialsKey} / ${credentialsEnv} (not set)`);
  }
  for (const variable of ["GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_CREDENTIALS"] as const) {
    if (source !== undefined) break;
    const value = env[variable] === "" ? undefined : env[variable];
    if (value === undefined) {
      looked.push(`${variable} (not set)`);
      continue;
    }
    // GOOGLE_APPLICATION_CREDENTIALS is a path, as for every Google client; GOOGLE_CREDENTIALS a path or the JSON (as Terraform takes it).
    source = { kind: "file", file: parseCredentialValue(value, variable, variable === "GOOGLE_CREDENTIALS"), where: variable };
  }
  if (source === undefined) {
    const gcloud = gcloudCredentialsFile(env);
    if (existsSync(gcloud))
      source = { kind: "gcloud", file: parseCredentialValue(gcloud, `the gcloud file ${gcloud}`, false), where: `the gcloud file ${gcloud}` };
    else {
      looked.push(`the gcloud file ${gcloud} (absent)`);
      source = { kind: "ambient" };
    }
  }
  const target = readSetting(...CREDENTIAL_SETTINGS.impersonate, settings);
  const delegates = (readSetting(...CREDENTIAL_SETTINGS.delegates, settings) ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  for (const [value, setting] of [
    [target, CREDENTIAL_SETTINGS.impersonate[0]],
    ...delegates.map((item) => [item, CREDENTIAL_SETTINGS.delegates[0]]),
  ] as const) {
    if (value !== undefined && !EMAIL.test(value))
      throw new CredentialSettingError(`${setting} must be service-account e-mails (name@project.iam.gserviceaccount.com), got ${JSON.stringify(value)}.`);
  }
  if (target === undefined && delegates.length > 0) {
    throw new CredentialSettingError(
      `${CREDENTIAL_SETTINGS.delegates[0]} is set without ${CREDENTIAL_SETTINGS.impersonate[0]}: delegates are the chain to the account impersonated.`,
    );
  }
  const subjectSetting = readSetting(...CREDENTIAL_SETTINGS.subject, settings);
  if (subjectSetting !== undefined && !EMAIL.test(subjectSetting)) {
    throw new CredentialSettingError(
      `${CREDENTIAL_SETTINGS.subject[0]} must be the e-mail of the Workspace user to act for, got ${JSON.stringify(subjectSetting)}.`,
    );
  }
  // The Workspace APIs take `svc:subject` (domain-wide delegation); Cloud APIs act as the account itself.
  const subject = manifestOf(api).google?.delegated === true ? subjectSetting : undefined;
  if (subject !== undefined && target !== undefined) {
    throw new CredentialSettingError(
      `${CREDENTIAL_SETTINGS.subject[0]} and ${CREDENTIAL_SETTINGS.impersonate[0]} cannot be combined for the ${api} API: domain-wide delegation signs as the key's own account; unset one.`,
    );
  }
  if (subject !== undefined && !(source.kind !== "ambient" && source.file.type === "service_account")) {
    throw new CredentialSettingError(
      `${CREDENTIAL_SETTINGS.subject[0]} (domain-wide delegation) needs a service-account key in svc:credentials, GOOGLE_APPLICATION_CREDENTIALS or GOOGLE_CREDENTIALS; ` +
        `the credential found is ${source.kind === "ambient" ? "the metadata server's" : `an ${source.file.type} file`}.`,
    );
  }
  const authUrl = readSetting(...CREDENTIAL_SETTINGS.authUrl, settings) ?? readSetting("svc:emulatorUrl", "SVC_EMULATOR_URL", settings);
  return {
    api,
    // The narrowest scope each API documents for what the provider does (its manifest).
    scopes: manifestOf(api).google?.scopes ?? [CLOUD_PLATFORM_SCOPE],
    source,
    ...(target !== undefined && { impersonate: { target, delegates } }),
    ...(subject !== undefined && { subject }),
    ...(authUrl !== undefined && { authUrl: authUrl.replace(/\/+$/, "") }),
    looked,
  };
}

/** What a plan's credential is, for messages (never its content). */
export function describeSource(plan: CredentialPlan): string {
  const { source } = plan;
  const base =
    source.kind === "ambient"
      ? "the metadata server (application default credentials)"
      : source.file.type === "service_account"
        ? `the service-account key of ${source.file.client_email} in ${source.where}`
        : source.file.type === "authorized_user"
          ? `the authorized_user file in ${source.where}`
          : `the external_account file in ${source.where}`;
  const acting = plan.subject === undefined ? "" : `, acting for ${plan.subject} (${CREDENTIAL_SETTINGS.subject[0]})`;
  const impersonating = plan.impersonate === undefined ? "" : `, impersonating ${plan.impersonate.target} (${CREDENTIAL_SETTINGS.impersonate[0]})`;
  return `${base}${acting}${impersonating}`;
}
