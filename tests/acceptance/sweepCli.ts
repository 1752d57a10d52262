/**
 * `npm run sweep`: deletes the acceptance runs' objects (`svc-acc-...`) older than 15 minutes, in
 * every API the settings point at, and nothing else (sweep.ts, docs/acceptance.md).
 *
 *   --older-than 15m        the age limit (s, m, h, d)
 *   --project P             the Google project (default SVC_PROJECT)
 *   --<api>-<flag> VALUE    another API's listing scope, as svc-import takes it (--ci-project gh/org/repo)
 *   --dry-run               list what would be deleted
 */
import { parseDuration, sweep } from "./sweep";

function main(args: readonly string[]): Promise<void> {
  const scope: Record<string, string> = {};
  const project = process.env["SVC_PROJECT"];
  if (project !== undefined && project !== "") scope["project"] = project;
  let olderThan = "15m";
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--dry-run") dryRun = true;
    else if (arg === "--older-than") olderThan = args[++i] ?? "";
    else if (arg.startsWith("--") && args[i + 1] !== undefined) scope[arg.slice(2)] = args[++i]!;
    else throw new Error(`unknown argument ${arg}: see the head of tests/acceptance/sweepCli.ts`);
  }
  const olderThanMs = parseDuration(olderThan);
  return sweep({ olderThanMs, scope, dryRun, log: (line) => console.log(`sweep: ${line}`) }).then((swept) => {
    const count = (outcome: string): number => swept.filter((entry) => entry.outcome === outcome).length;
    console.log(
      `sweep: ${count(dryRun ? "would delete" : "deleted")} ${dryRun ? "would be deleted" : "deleted"}, ${count("younger")} younger than ${olderThan} kept`,
    );
    if (swept.some((entry) => entry.outcome.startsWith("failed"))) process.exitCode = 1;
  });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`sweep: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
