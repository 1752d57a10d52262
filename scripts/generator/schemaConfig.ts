/**
 * The provider's settings as the package schema's configuration (`svc:<key>`) and the explicit
 * provider's inputs: every API's base URL and token (a secret), the settings its manifest names
 * (the CI token's form, the code host's app), a channel base address where an API's channels are
 * stopped, and the settings every API shares (project, emulator, Google credentials).
 */
import type { ApiManifest } from "../../provider/apiManifest";
import type { ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { CREDENTIAL_SETTINGS } from "../../provider/google/credentials/settings";
import { settingNames } from "../../provider/stackConfig";
import type { PropertySpec } from "./schemaTypes";

const SHARED: ReadonlyArray<readonly [key: string, envVar: string, doc: string, secret?: boolean]> = [
  ["svc:project", "SVC_PROJECT", "The default project of project-scoped resources (DNS, quotas)."],
  ["svc:emulatorUrl", "SVC_EMULATOR_URL", "One emulator for every API (`svc-emulator`); an API's own base URL wins over it."],
  [
    ...CREDENTIAL_SETTINGS.credentials,
    "Google credentials: a credential file's JSON or its path (a service-account key, an `authorized_user` or `external_account` file).",
    true,
  ],
  [...CREDENTIAL_SETTINGS.impersonate, "A service account to impersonate with the credentials found."],
  [...CREDENTIAL_SETTINGS.delegates, "The delegation chain to the impersonated account, comma-separated e-mails."],
  [...CREDENTIAL_SETTINGS.subject, "Domain-wide delegation: the Workspace user a service-account key acts for (calendar and reports)."],
  [...CREDENTIAL_SETTINGS.authUrl, "Where Google's OAuth token and IAM Credentials endpoints are (default Google's; with `emulatorUrl`, the emulator)."],
];

function spec(envVar: string, doc: string, secret = false): PropertySpec {
  return { type: "string", description: `${doc} Falls back to the environment variable \`${envVar}\`.`, ...(secret && { secret: true }) };
}

/** The configuration variables, keyed without the package prefix (`dnsToken`). */
export function configVariables(manifests: readonly ApiManifest[], declarations: readonly ResourceDeclaration[]): Record<string, PropertySpec> {
  const variables: Record<string, PropertySpec> = {};
  const add = (key: string, envVar: string, doc: string, secret?: boolean): void => {
    variables[key.replace(/^svc:/, "")] = spec(envVar, doc, secret);
  };
  for (const [key, envVar, doc, secret] of SHARED) add(key, envVar, doc, secret);
  for (const manifest of manifests) {
    const names = settingNames(manifest.name);
    add(...names.baseUrl, `The ${manifest.name} API's base URL.`);
    add(...names.token, `The ${manifest.name} API's token.${manifest.google === undefined ? "" : " Without it, the Google credentials are used."}`, true);
    if (manifest.authStyles !== undefined) add(...manifest.authStyles.setting, `How the token is sent: ${manifest.authStyles.described}.`);
    for (const own of manifest.ownSettings ?? []) add(own.key, own.envVar, own.doc, own.secret);
    const channels = declarations.some((declaration) => {
      const remove = declaration.steps?.delete;
      return declaration.api === manifest.name && typeof remove === "object" && "at" in remove && remove.at === "channelBase";
    });
    if (channels)
      add(
        `svc:${manifest.name}ChannelBaseUrl`,
        `SVC_${manifest.name.toUpperCase()}_CHANNEL_BASE_URL`,
        `Where the ${manifest.name} API's channels are stopped (default its base URL).`,
      );
  }
  return variables;
}
