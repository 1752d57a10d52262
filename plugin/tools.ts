/**
 * The package's tools that a release's plugin archive carries (docs/tools.md): each runs through
 * the plugin's entry (main.ts) when its word is the entry's first argument, so that it needs no
 * Node.js but the archive's own: `svc-recover` (a launcher beside the plugin's) runs
 * `svc-plugin.js recover ...`, and so does `pulumi plugin run --kind resource svc -- recover ...`.
 *
 * The engine starts the plugin with its own arguments: the logging and tracing flags it passes on
 * (`--logtostderr`, `-v=<n>`, `--tracing <endpoint>`: buildPluginArguments in Pulumi's
 * resource/plugin/plugin.go), then the engine's address (`127.0.0.1:<port>`). `pulumi plugin run`
 * puts the same flags before the words after `--`. So a tool is the first argument after those
 * flags, by its exact word; anything else is the engine starting the provider.
 */

/** Each tool by the word that runs it. */
export const TOOLS = { recover: "svc-recover", plan: "svc-plan", import: "svc-import" } as const;
export type Tool = keyof typeof TOOLS;

export interface ToolCommand {
  readonly tool: Tool;
  readonly args: readonly string[];
}

const isTool = (word: string | undefined): word is Tool => word !== undefined && Object.hasOwn(TOOLS, word);

/** The tool the entry's arguments ask for, with its own arguments; undefined when the engine starts the provider. */
export function toolCommand(argv: readonly string[]): ToolCommand | undefined {
  let at = 0;
  // The engine's flags, which `pulumi plugin run` passes on before the user's words.
  while (at < argv.length) {
    const arg = argv[at]!;
    if (arg === "--logtostderr" || /^-v=\d+$/.test(arg)) at += 1;
    else if (arg === "--tracing") at += 2;
    else break;
  }
  const word = argv[at];
  return isTool(word) ? { tool: word, args: argv.slice(at + 1) } : undefined;
}
