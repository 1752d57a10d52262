/** The program's stack configuration as the SDK reads it, secrets marked as the engine marked them. */
import * as pulumi from "@pulumi/pulumi";

/** Whether the engine handed the program `key` as a secret (`isConfigSecret` is internal to `@pulumi/pulumi`, so it may be absent). */
export function isConfigSecret(key: string): boolean {
  const own = (pulumi.runtime as { isConfigSecret?: (key: string) => boolean }).isConfigSecret;
  if (typeof own === "function") return own(key);
  try {
    const keys = JSON.parse(process.env["PULUMI_CONFIG_SECRET_KEYS"] ?? "[]") as unknown;
    return Array.isArray(keys) && keys.includes(key);
  } catch {
    return false;
  }
}
