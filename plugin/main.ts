/**
 * The provider plugin's entry (`pulumi-resource-svc` runs it): serves the ResourceProvider
 * service and prints its port, the engine's handshake. The package schema is read from beside
 * this file (`schema.json`, as the tarball ships it and as the repository commits it).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { serve } from "./server";

async function main(): Promise<void> {
  const schema = readFileSync(path.join(__dirname, "schema.json"), "utf8");
  const { version } = JSON.parse(schema) as { version: string };
  const { port, stop } = await serve(schema, version);
  process.stdout.write(`${port}\n`);
  // The engine stops its plugins with a signal when the operation ends.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`pulumi-resource-svc: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
