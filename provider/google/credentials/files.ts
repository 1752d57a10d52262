/**
 * The credential files Google's tools write, read with zod so a wrong file is
 * named with what is wrong and what is expected; never echoing its content
 * (a private key, a refresh token, a client secret).
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

const serviceAccountKey = z.object({
  type: z.literal("service_account"),
  client_email: z.string().min(1, "client_email is empty"),
  private_key: z.string().includes("PRIVATE KEY", { message: "private_key is not a PEM private key" }),
  private_key_id: z.string().optional(),
  project_id: z.string().optional(),
  token_uri: z.url().optional(),
  universe_domain: z.string().optional(),
});

const authorizedUser = z.object({
  type: z.literal("authorized_user"),
  client_id: z.string().min(1, "client_id is empty"),
  client_secret: z.string().min(1, "client_secret is empty"),
  refresh_token: z.string().min(1, "refresh_token is empty"),
  quota_project_id: z.string().optional(),
});

const externalAccount = z.looseObject({
  type: z.literal("external_account"),
  audience: z.string().min(1, "audience is empty"),
  subject_token_type: z.string().min(1, "subject_token_type is empty"),
  token_url: z.url().optional(),
  service_account_impersonation_url: z.url().optional(),
  credential_source: z.looseObject({}, { message: "credential_source must be an object (file, url, executable or environment_id)" }),
});

export const credentialFileSchema = z.discriminatedUnion("type", [serviceAccountKey, authorizedUser, externalAccount], {
  error: "must be service_account, authorized_user or external_account",
});

export type CredentialFile = z.infer<typeof credentialFileSchema>;
export type ServiceAccountKey = z.infer<typeof serviceAccountKey>;
export type AuthorizedUserFile = z.infer<typeof authorizedUser>;
export type ExternalAccountFile = z.infer<typeof externalAccount>;

/** Raised for a credential setting that cannot be used; the message names the setting and never its value. */
export class CredentialSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CredentialSettingError";
  }
}

/**
 * A credential value as the settings give it: the JSON itself, or the path of a file that holds it.
 * `where` names the setting for messages.
 */
export function parseCredentialValue(value: string, where: string, allowJson: boolean): CredentialFile {
  const trimmed = value.trim();
  const isJson = trimmed.startsWith("{");
  if (isJson && !allowJson) throw new CredentialSettingError(`${where} must be the path of a credential file, not its JSON.`);
  let text = trimmed;
  if (!isJson) {
    try {
      text = readFileSync(trimmed, "utf8");
    } catch (error) {
      const code = (error as { code?: string }).code ?? "unreadable";
      throw new CredentialSettingError(
        `${where} names the file ${trimmed}, which cannot be read (${code}); ` +
          `give the path of a key file, an authorized_user file or an external_account file${allowJson ? ", or its JSON" : ""}.`,
      );
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CredentialSettingError(`${where}${isJson ? "" : ` (the file ${trimmed})`} is not JSON; a Google credential file is a JSON object with a "type".`);
  }
  const parsed = credentialFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
    throw new CredentialSettingError(
      `${where}${isJson ? "" : ` (the file ${trimmed})`} is not a usable credential file: ${problems.join("; ")}. ` +
        `Accepted: a service-account key ("type": "service_account"), an authorized_user file from ` +
        "`gcloud auth application-default login`, or an external_account file (workload identity federation).",
    );
  }
  return parsed.data;
}
