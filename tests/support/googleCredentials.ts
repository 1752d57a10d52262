/** Credentials the emulator makes (`/_emulator/tokens/...`), as the credential tests hand them to a client. */

/** A workload identity provider's audience, as an external_account file names it. */
export const WIF_AUDIENCE = "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/ci/providers/gh";

/** POSTs to one of the emulator's credential endpoints: `service-accounts`, `authorized-users`, `subject-tokens`. */
export async function emulatorCredential(emulatorUrl: string, route: string, body: object): Promise<Record<string, string>> {
  const response = await fetch(`${emulatorUrl}/_emulator/tokens/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, string>;
}

/** An external_account file whose subject token is read from `tokenFile` and whose token impersonates `account`. */
export function externalAccountConfig(emulatorUrl: string, tokenFile: string, account: string): object {
  return {
    type: "external_account",
    audience: WIF_AUDIENCE,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: `${emulatorUrl}/v1/token`,
    service_account_impersonation_url: `${emulatorUrl}/v1/projects/-/serviceAccounts/${account}:generateAccessToken`,
    credential_source: { file: tokenFile, format: { type: "text" } },
  };
}
