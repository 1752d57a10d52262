/**
 * The provider plugin's entry (`pulumi-resource-svc` runs it): serves the ResourceProvider
 * service and prints its port, the engine's handshake. The package schema is read from beside
 * this file (`schema.json`, as the tarball ships it and as the repository commits it).
 *
 * With a tool's word first (`recover`, `plan`, `import`: tools.ts) it runs that tool instead, as
 * the release archive's `svc-recover`, `svc-plan` and `svc-import` launchers and `pulumi plugin
 * run --kind resource svc -- <word> ...` do. The tool's code is loaded only then.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { runAsBin } from "../tools/bin";
import { serve } from "./server";
import { TOOLS, toolCommand, type Tool } from "./tools";

async function main(): Promise<void> {
  const schema = readFileSync(path.join(__dirname, "schema.json"), "utf8");
  const { version } = JSON.parse(schema) as { version: string };
  const { port, stop } = await serve(schema, version);
  process.stdout.write(`${port}\n`);
  // The engine stops its plugins with a signal when the operation ends.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().finally(() => process.exit(0)));
}

/** Each tool's command, loaded when asked for (the bundle initialises a module on its first import). */
const commands: Record<Tool, () => Promise<{ main: (argv: readonly string[]) => Promise<number>; usage?: string }>> = {
  recover: async () => import("../tools/recover/cli.js"),
  plan: async () => {
    const { main, USAGE } = await import("../tools/plan/cli.js");
    return { main, usage: USAGE };
  },
  import: async () => import("../tools/import/cli.js"),
};

const command = toolCommand(process.argv.slice(2));
if (command === undefined) {
  main().catch((error: unknown) => {
    process.stderr.write(`pulumi-resource-svc: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
} else {
  const name = TOOLS[command.tool];
  commands[command.tool]().then(
    ({ main: run, usage }) => runAsBin(name, run, usage, command.args),
    (error: unknown) => {
      process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
