/**
 * Runs the example programs with the real Pulumi engine (CLI, language host and dynamic-provider plugin) through the Automation API,
 * fully offline: a local file backend and a private PULUMI_HOME in a temp folder, secrets through a Vault stand-in (vaultTransit.ts).
 */
import {
  LocalWorkspace,
  PulumiCommand,
  Stack,
  type ConfigMap,
  type EngineEvent,
  type OutputMap,
  type SummaryEvent,
  type UpdateSummary,
} from "@pulumi/pulumi/automation";
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { compiledProgram } from "./compiledProgram";
import { recordEngineOp } from "./engineLog";
import { REPO_ROOT } from "./toolchain";
import { testSecretsKeeper } from "./vaultTransit";

export interface TestStack {
  readonly stack: Stack;
  readonly name: string;
  /** The stack's state file, as the file backend stores it (for secrecy and size checks). */
  stateText(): Promise<string>;
  /** Drops a resource from the state, leaving the object itself alone (to import it again). */
  forget(urnSuffix: string): Promise<string>;
  /** The resources of the state file. */
  stateResources(): Promise<StateResource[]>;
  /** Engine output of every operation so far, for assertions on what a user sees. */
  readonly output: string[];
  /** How to run the `pulumi` CLI (or a tool of this package) on this stack as a user would: its folder and environment. */
  readonly cli: { readonly cwd: string; readonly env: Readonly<Record<string, string>> };
  /** Runs the `pulumi` CLI on this stack (its folder, backend and PULUMI_HOME); stdout, or the error with stderr. */
  pulumi(args: readonly string[], options?: { readonly cwd?: string }): Promise<string>;
  dispose(): Promise<void>;
}

export interface StateResource {
  readonly urn: string;
  readonly type: string;
  readonly id?: string;
  readonly inputs?: Record<string, unknown>;
  readonly outputs?: Record<string, unknown>;
}

let counter = 0;

let command: Promise<PulumiCommand> | undefined;
/** The CLI, its version asked once per worker (each workspace would run `pulumi version` again). */
function pulumiCommand(): Promise<PulumiCommand> {
  command ??= PulumiCommand.get();
  return command;
}

/**
 * An engine operation that shows no output and no event for this long has stopped making progress:
 * it is stopped and fails saying so. Slowness is no failure (a loaded two-core machine runs a step
 * many times slower than an idle one); silence this long is.
 */
export const STALL_MS = 10 * 60_000;

type Operation = (options?: Record<string, unknown>) => Promise<unknown>;
const WATCHED = new Set(["up", "preview", "refresh", "destroy"]);
/** The operations after which the Automation API asks the CLI for the outputs and the last history entry. */
const SUMMARISED = new Set(["up", "refresh", "destroy"]);

/**
 * What the Automation API reads back after an operation, without the CLI runs it would start.
 * After each `up` it runs `pulumi stack output` twice (masked, then with secrets) and
 * `pulumi stack history` once, and once after each refresh and destroy: a CLI start reading the
 * whole state each, about a fifth of an end-to-end file's CPU in all. The summary is the
 * engine's own summary event of the operation (the same counts the history keeps); the outputs
 * are read, as the Automation API reads them, when a test first looks at them.
 */
function readBackLazily(
  stack: Stack,
  cli: (args: readonly string[]) => string,
  summaryEvent: () => SummaryEvent | undefined,
  kind: string,
  started: Date,
): Stack {
  const outputs = (): OutputMap => {
    let read: OutputMap | undefined;
    const load = (): OutputMap => {
      if (read !== undefined) return read;
      const masked = JSON.parse(cli(["stack", "output", "--json"])) as Record<string, unknown>;
      const plain = JSON.parse(cli(["stack", "output", "--json", "--show-secrets"])) as Record<string, unknown>;
      read = Object.fromEntries(Object.entries(plain).map(([key, value]) => [key, { value, secret: masked[key] === "[secret]" }]));
      return read;
    };
    return new Proxy(
      {},
      {
        // `await` asks for `then`, jest's printer for symbols: no output has those names, and they must not read.
        get: (_target, key) => (key === "then" || typeof key === "symbol" ? undefined : Reflect.get(load(), key)),
        has: (_target, key) => key in load(),
        ownKeys: () => Reflect.ownKeys(load()),
        getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(load(), key),
      },
    );
  };
  const summary = async (showSecrets?: boolean): Promise<UpdateSummary> => {
    const event = summaryEvent();
    // No summary event seen (none is sent when the operation failed, and then no summary is read).
    if (event === undefined) return stack.info(showSecrets) as Promise<UpdateSummary>;
    const missing = (field: string) => () => {
      throw new Error(`summary.${field} is not read back after ${kind} in the tests (stacks.ts): call stack.history() for it`);
    };
    const built = { kind, result: "succeeded", resourceChanges: event.resourceChanges, startTime: started, endTime: new Date() };
    for (const field of ["message", "environment", "config", "version", "Deployment"]) Object.defineProperty(built, field, { get: missing(field) });
    return built as unknown as UpdateSummary;
  };
  return new Proxy(stack, {
    get(target, property, receiver) {
      if (property === "outputs") return async () => outputs();
      if (property === "info") return summary;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** The stack with each engine operation watched for progress, and stoppable when its test ends (`running`). */
function watched(stack: Stack, output: readonly string[], running: Set<AbortController>, cli: (args: readonly string[]) => string): Stack {
  return new Proxy(stack, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !WATCHED.has(property) || typeof value !== "function") return value;
      const operation = value as Operation;
      return async (options: Record<string, unknown> = {}): Promise<unknown> => {
        const controller = new AbortController();
        running.add(controller);
        const started = Date.now();
        let last = started;
        let stalled = false;
        let summaryEvent: SummaryEvent | undefined;
        const touch = (): void => {
          last = Date.now();
        };
        const timer = setInterval(() => {
          if (Date.now() - last < STALL_MS) return;
          stalled = true;
          controller.abort();
        }, 5_000);
        const onOutput = options["onOutput"] as ((line: string) => void) | undefined;
        const onEvent = options["onEvent"] as ((event: EngineEvent) => void) | undefined;
        const self = SUMMARISED.has(property)
          ? readBackLazily(target, cli, () => summaryEvent, property === "up" ? "update" : property, new Date(started))
          : target;
        try {
          return await operation.call(self, {
            ...options,
            signal: controller.signal,
            onOutput: (line: string) => {
              touch();
              onOutput?.(line);
            },
            onEvent: (event: EngineEvent) => {
              touch();
              if (event.summaryEvent !== undefined) summaryEvent = event.summaryEvent;
              onEvent?.(event);
            },
          });
        } catch (error) {
          if (!stalled) throw error;
          throw new Error(
            `pulumi ${property} made no progress for ${STALL_MS / 60_000} minutes (no output, no engine event) and was stopped; ` +
              `the last output: ${output.at(-1)?.trim() ?? "(none)"}`,
            { cause: error },
          );
        } finally {
          clearInterval(timer);
          running.delete(controller);
          recordEngineOp(property, started);
        }
      };
    },
  });
}

/**
 * `example` is a folder under examples/, or the absolute path of a program's folder. An example runs
 * compiled to JavaScript once (compiledProgram.ts), and a program given by its path through ts-node
 * without its type check (PULUMI_NODEJS_TRANSPILE_ONLY): every example is type-checked once by
 * `tsc -p tests/tsconfig.json` before the tests, and the check would cost each engine run about half
 * of its CPU, loading the compiler about a tenth. `typeCheck` runs a program exactly as a user's
 * `pulumi up` does, type check included (the journey tests). Each stack has a backend of its own;
 * `stackName` gives two of them the same name (a same-named stack of another backend).
 */
export async function openStack(
  example: string,
  emulator: { url: string; token: string },
  config: ConfigMap = {},
  env: Record<string, string> = {},
  { typeCheck = false, stackName }: { readonly typeCheck?: boolean; readonly stackName?: string } = {},
): Promise<TestStack> {
  const home = mkdtempSync(path.join(os.tmpdir(), "svc-pulumi-"));
  mkdirSync(path.join(home, "state"));
  const name = stackName ?? `t${process.pid}x${++counter}`;
  const output: string[] = [];
  const stateFile = async (): Promise<string> => {
    const project = (await workspace.projectSettings()).name;
    return readFileSync(path.join(home, "state", ".pulumi", "stacks", project, `${name}.json`), "utf8");
  };
  const secrets = await testSecretsKeeper();
  const envVars: Record<string, string> = {
    PULUMI_BACKEND_URL: `file://${path.join(home, "state")}`,
    ...secrets.env,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    SVC_EMULATOR_URL: emulator.url,
    SVC_PROJECT: "e2e-project",
    ...(!typeCheck && { PULUMI_NODEJS_TRANSPILE_ONLY: "true" }),
    // The program and the provider each load @pulumi/pulumi at every engine run: Node keeps what it
    // compiled of it on disk (written whole and renamed, so runs at once may share it).
    NODE_COMPILE_CACHE: path.join(os.tmpdir(), "svc-node-compile-cache"),
    // Go's collector in the CLI, Go language hosts and programs (each a process of one engine run)
    // runs less often: about a tenth less of a CLI start's CPU, a few hundred MB more at most.
    GOGC: "400",
    ...env,
  };
  const workspace = await LocalWorkspace.create({
    pulumiCommand: await pulumiCommand(),
    workDir: path.isAbsolute(example) ? example : typeCheck ? path.join(REPO_ROOT, "examples", example) : compiledProgram(example),
    pulumiHome: path.join(home, "home"),
    envVars,
    secretsProvider: secrets.provider,
  });
  const running = new Set<AbortController>();
  // The CLI on this stack, as `forget`, `pulumi` and the outputs read back run it.
  const cliEnv = { ...process.env, ...envVars, PULUMI_HOME: path.join(home, "home") };
  const cliSync = (args: readonly string[]): string =>
    execFileSync("pulumi", [...args, "--non-interactive", "--stack", name], {
      cwd: workspace.workDir,
      env: cliEnv,
      encoding: "utf8",
      stdio: "pipe",
      maxBuffer: 64 * 1024 * 1024,
    });
  const stack = watched(await Stack.create(name, workspace), output, running, cliSync);
  // One `pulumi config set-all` for the tokens and the test's configuration.
  await stack.setAllConfig({
    "svc:dnsToken": { value: emulator.token, secret: true },
    "svc:ciToken": { value: emulator.token, secret: true },
    "svc:adsToken": { value: emulator.token, secret: true },
    "svc:quotasToken": { value: emulator.token, secret: true },
    ...config,
  });
  return {
    stack,
    name,
    output,
    cli: { cwd: workspace.workDir, env: { ...envVars, PULUMI_HOME: path.join(home, "home"), PULUMI_STACK: name } },
    stateText: stateFile,
    async forget(urnSuffix) {
      const file = JSON.parse(await stateFile()) as { checkpoint: { latest?: { resources?: StateResource[] } } };
      const resource = (file.checkpoint.latest?.resources ?? []).find((r) => r.urn.endsWith(urnSuffix));
      if (resource === undefined) throw new Error(`no resource ${urnSuffix} in the state`);
      cliSync(["state", "delete", resource.urn, "--yes"]);
      return resource.id ?? "";
    },
    pulumi(args, options = {}) {
      // Asynchronous: the emulator answers from this process.
      const started = Date.now();
      return new Promise((resolve, reject) => {
        execFile(
          "pulumi",
          [...args, "--non-interactive", "--stack", name],
          {
            cwd: options.cwd ?? workspace.workDir,
            env: cliEnv,
            encoding: "utf8",
            maxBuffer: 64 * 1024 * 1024,
          },
          (error, stdout, stderr) => {
            recordEngineOp(`pulumi ${args[0] ?? ""}`, started);
            if (error === null) resolve(stdout);
            else reject(new Error(`pulumi ${args.join(" ")} failed:\n${stderr}\n${stdout.slice(-4000)}`, { cause: error }));
          },
        );
      });
    },
    async stateResources() {
      const file = JSON.parse(await stateFile()) as { checkpoint: { latest?: { resources?: StateResource[] } } };
      return file.checkpoint.latest?.resources ?? [];
    },
    async dispose() {
      // An operation its test left running (the test failed or ran out of time) is stopped first.
      for (const controller of running) controller.abort();
      // The stack's own file backend goes with its folder; a backend the test named (a team's database) is asked.
      if (env["PULUMI_BACKEND_URL"] !== undefined) await workspace.removeStack(name, { force: true }).catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
      rmSync(path.join(workspace.workDir, `Pulumi.${name}.yaml`), { force: true });
      await secrets.release(); // the file's last stack stops the Vault stand-in, which must not outlive the file
    },
  };
}
