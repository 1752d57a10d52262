/**
 * The credential setting that must be a config secret, and the words of its refusal. No imports:
 * the SDK reads it in the program's process, where the engine says which keys are secrets (the
 * provider process is handed the configuration without that mark, so it cannot tell).
 */
export const CREDENTIALS_SETTING = "svc:credentials";
export const CREDENTIALS_ENV = "SVC_CREDENTIALS";

export const PLAIN_TEXT_CREDENTIALS =
  `${CREDENTIALS_SETTING} is set in plain text; a key or its path must be set with \`pulumi config set ${CREDENTIALS_SETTING} <value> --secret\` ` +
  `(first \`pulumi config rm ${CREDENTIALS_SETTING}\`; or use the environment variable ${CREDENTIALS_ENV} or GOOGLE_APPLICATION_CREDENTIALS), ` +
  `and make a new key if the stack's configuration file was shared.`;
