/**
 * `svc-recover [--stack NAME] [--cwd DIR] [--print] [--cancel-other-hosts]`: after a `pulumi up`,
 * `refresh` or `destroy` was killed, makes the stack ready for the next `pulumi up` in one command:
 * a lock the killed run left is removed (when its process is gone), and the object each create the
 * engine had started (a pending create) made, worked out from its inputs, its record and the live
 * service, is handed to the next `up` by a released ownership record (provider/engine/ownership/records.ts),
 * which that `up` adopts; the pending creates are then cleared. (The engine's own
 * `refresh --import-pending-creates` leaves the resources out of the state in this engine version,
 * as tests/e2e/interruptedPlugin.e2e.test.ts found.) Objects created but recorded nowhere
 * (checkpoints skipped) are adopted by the next `up` by their records too, which the killed run's
 * lock releases here: the lock, in this stack's backend, names the run's CLI process, and each
 * record the processes it was written under.
 */
import * as os from "node:os";
import { parseArgs } from "node:util";
import { ProviderRuntime } from "../../provider/runtime";
import { CONTROL_INPUTS } from "../../provider/engine/plan/diff";
import { Resource } from "../../provider/engine/lifecycle/resource";
import { declarations } from "../../provider/registry";
import type { OwnershipRecords } from "../../provider/engine/ownership/records";
import { resourceToken } from "../../provider/typeTokens";
import { typeKey, type Args } from "../../provider/engine/declaration/declaration";
import { isAlive, locksIn, repairFileBackend, runPulumi, stackConfiguration, stackState, type PendingOperation } from "./pulumi";

const USAGE = [
  "Usage: svc-recover [--stack NAME] [--cwd DIR] [--print] [--cancel-other-hosts]",
  "",
  "After a pulumi up, refresh or destroy was killed (a CI timeout, Ctrl-C twice, a lost runner), makes",
  "the stack ready for the next `pulumi up`: removes the lock the killed run left when its process is",
  "gone, hands the object each pending create made (read from the service) to the next `pulumi up`, which",
  "adopts it, and drops the pending creates that never reached it. Then run `pulumi up`.",
  "",
  "  --stack NAME           the stack (default: the selected one)",
  "  --cwd DIR              the project's folder (default: the current one)",
  "  --print                print the pulumi commands instead of running them (the records are still written)",
  "  --cancel-other-hosts   also remove a lock made on another machine (only when no run of the stack is going on)",
  "",
  "Settings come from the stack's configuration (as for `pulumi up`) and the environment.",
].join("\n");

/** Every type of this package's resources: the dynamic SDK's and the provider plugin's (`svc:dns/recordSet:RecordSet`). */
const byType = new Map(
  declarations.flatMap((declaration) => [
    [`pulumi-nodejs:dynamic/${typeKey(declaration)}`, declaration],
    [resourceToken(declaration), declaration],
  ]),
);

type Outcome = { readonly urn: string; readonly id: string; readonly owner?: string } | { readonly urn: string; readonly cleared: string };

/** What a pending create made: the object's id, or why it is dropped. */
async function settlePending(operation: PendingOperation, records: OwnershipRecords, runtime: ProviderRuntime): Promise<Outcome> {
  const { urn, type, inputs = {} } = operation.resource;
  const declaration = byType.get(type);
  if (declaration === undefined) return { urn, cleared: `not a pulumi-svc resource (${type})` };
  const args: Args = Object.fromEntries(Object.entries(inputs).filter(([key]) => !CONTROL_INPUTS.has(key)));
  const { __owner: owner, __ownerNonce: nonce } = inputs;
  const creator = typeof owner === "string" ? { owner, ...(typeof nonce === "string" && { nonce }) } : undefined;
  const resource = new Resource(declaration, {
    client: () => runtime.clientFor(declaration.api),
    log: () => undefined,
    process: runtime.engine,
    ownership: records,
  });
  const made = await resource.madeBy(args, creator);
  if ("none" in made) return { urn, cleared: made.none };
  return { urn, id: made.id, ...(creator !== undefined && { owner: creator.owner }) };
}

/** The refresh that ends the recovery: it meets the dead run's lock, and clears the pending creates (their objects are handed on by records). */
function refreshArgs(stackArgs: readonly string[], outcomes: readonly Outcome[]): string[] {
  return ["refresh", "--yes", "--skip-preview", "--non-interactive", ...stackArgs, ...(outcomes.length > 0 ? ["--clear-pending-creates"] : [])];
}

const outcomeLine = (outcome: Outcome): string => {
  if ("cleared" in outcome) return `${outcome.urn}: ${outcome.cleared}: dropped`;
  if (outcome.owner === undefined) return `${outcome.urn}: made ${outcome.id}, but its inputs name no owner: adopt it with { import: "${outcome.id}" }`;
  return `${outcome.urn}: made ${outcome.id}: handed to the next \`pulumi up\`, which adopts it`;
};

const quote = (arg: string): string => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);

export async function main(argv: readonly string[]): Promise<number> {
  let values: { stack?: string; cwd?: string; print?: boolean; "cancel-other-hosts"?: boolean; help?: boolean };
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        stack: { type: "string" },
        cwd: { type: "string" },
        print: { type: "boolean" },
        "cancel-other-hosts": { type: "boolean" },
        help: { type: "boolean" },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    process.stderr.write(`svc-recover: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const cwd = values.cwd ?? process.cwd();
  const stackArgs = values.stack === undefined ? [] : ["--stack", values.stack];
  const say = (line: string): boolean => process.stderr.write(`svc-recover: ${line}\n`);
  for (const file of await repairFileBackend(cwd))
    say(`removed ${file}: the killed run left this metadata file of the state empty (it is read as the default)`);
  const config = await stackConfiguration(stackArgs, cwd);
  // The stack's configuration, as `pulumi up` hands it to the provider.
  const runtime = new ProviderRuntime({ config: { get: (key) => config.get(key)?.value, isSecret: (key) => config.get(key)?.secret === true } });
  const state = await stackState(stackArgs, cwd);
  const pending = state.pending.filter((operation) => operation.type === "creating");
  const records = runtime.ownership();
  const outcomes = await Promise.all(pending.map((operation) => settlePending(operation, records, runtime)));
  for (const outcome of outcomes) {
    if ("id" in outcome && outcome.owner !== undefined) records.handOver(outcome.owner, outcome.id);
    say(outcomeLine(outcome));
  }
  if (pending.length === 0) say("no pending creates");
  const args = refreshArgs(stackArgs, outcomes);
  if (values.print === true) {
    process.stdout.write(`pulumi ${args.map(quote).join(" ")}\n`);
    return 0;
  }
  let refresh = await runPulumi(args, cwd);
  const locks = locksIn(refresh.stderr + refresh.stdout);
  if (locks !== undefined) {
    const here = os.hostname();
    const live = locks.filter((lock) => lock.host === here && isAlive(lock.pid));
    const elsewhere = locks.filter((lock) => lock.host !== here);
    if (live.length > 0 || (elsewhere.length > 0 && values["cancel-other-hosts"] !== true)) {
      say(
        live.length > 0
          ? `the stack is locked by a run that is still going on (pid ${live.map((lock) => lock.pid).join(", ")} on this machine): let it end, then run svc-recover again`
          : `the stack is locked by a run on ${elsewhere.map((lock) => lock.host).join(", ")}; when no run of the stack is going on there, run svc-recover --cancel-other-hosts`,
      );
      return 1;
    }
    say(`removing the lock the killed run left (${locks.map((lock) => `pid ${lock.pid} on ${lock.host}`).join(", ")})`);
    // What the killed run made is in no state: the next `up` may adopt it (the lock, in this stack's backend, says whose run it was).
    const released = locks.reduce(
      (count, lock) =>
        count + (lock.since === undefined ? 0 : records.releaseRun({ host: lock.host, pid: lock.pid, since: lock.since }, (owner) => state.owners.has(owner))),
      0,
    );
    if (released > 0) say(`released ${released} ownership record(s) of the killed run: the next \`pulumi up\` adopts what it made`);
    const cancel = await runPulumi(["cancel", "--yes", ...stackArgs], cwd);
    if (cancel.status !== 0) throw new Error(`pulumi cancel failed: ${cancel.stderr.trim()}`);
    refresh = await runPulumi(args, cwd);
  }
  if (refresh.status !== 0) {
    process.stderr.write(refresh.stderr);
    say("pulumi refresh failed (above)");
    return 1;
  }
  say("the stack is ready: run `pulumi up`");
  return 0;
}
