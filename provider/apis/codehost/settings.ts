/** The code host's settings: a token, the workflow token, an OAuth app's id and secret, or none. */
import { configValue, isSecretSetting, readSetting, settingNames, type ApiSettings, type Settings } from "../../stackConfig";

/**
 * The code host's credentials, first found: a token (`svc:codehostToken` /
 * SVC_CODEHOST_TOKEN: personal or installation token), the workflow token
 * (SVC_TOKEN, set inside automation workflows), an OAuth app's client id and
 * secret as HTTP Basic (`svc:codehostClientId` + `svc:codehostClientSecret`,
 * the secret only from configuration set with `--secret` or the environment:
 * never from code), or none: unauthenticated, public data only (60 requests an hour).
 * With `svc:emulatorUrl` it is at `<emulator>/codehost` (its manifest's emulator path).
 */
export function resolveCodeHostSettings(settings: Settings, baseUrl: string): ApiSettings {
  const names = settingNames("codehost");
  const workflowToken = settings.env["SVC_TOKEN"] === "" ? undefined : settings.env["SVC_TOKEN"];
  const token = readSetting(names.token[0], names.token[1], settings) ?? workflowToken;
  if (token !== undefined) return { api: "codehost", baseUrl, token, authStyle: "bearer" };
  const clientId = readSetting("svc:codehostClientId", "SVC_CODEHOST_CLIENT_ID", settings);
  const secretKey = "svc:codehostClientSecret";
  const fromConfig = configValue(secretKey, settings);
  if (fromConfig !== undefined && fromConfig !== "" && !isSecretSetting(secretKey, settings)) {
    throw new Error(
      `${secretKey} is set in plain text; an OAuth client secret must be set with \`pulumi config set ${secretKey} <value> --secret\` ` +
        `(or the environment variable SVC_CODEHOST_CLIENT_SECRET).`,
    );
  }
  const clientSecret = readSetting(secretKey, "SVC_CODEHOST_CLIENT_SECRET", settings);
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new Error(
      "svc:codehostClientId and svc:codehostClientSecret (SVC_CODEHOST_CLIENT_ID / SVC_CODEHOST_CLIENT_SECRET) go together: " +
        "an OAuth app authenticates with both, as HTTP Basic; set both or neither.",
    );
  }
  if (clientId !== undefined && clientSecret !== undefined) return { api: "codehost", baseUrl, token: clientSecret, clientId, authStyle: "client-basic" };
  return { api: "codehost", baseUrl, token: "", authStyle: "none" };
}
