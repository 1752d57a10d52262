/**
 * A stack of a program of another language (YAML, Go) that uses the provider plugin, for the
 * end-to-end tests: opened in beforeAll (the language host required, the plugin built for it),
 * its folder removed in afterAll; and the reads those tests share.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "./emulatorControl";
import { pluginProgram, type PluginProgram } from "./pluginProgram";
import { openStack, type TestStack } from "./stacks";
import type { EngineSuite } from "./suite";
import { requireLanguageHost } from "./toolchain";

/** A step of `pulumi preview --json`. */
export interface PreviewStep {
  readonly op: string;
  readonly urn: string;
  readonly diffReasons?: string[];
  readonly replaceReasons?: string[];
  readonly detailedDiff?: Record<string, { kind: string }> | null;
}

export const previewSteps = (json: string): PreviewStep[] => (JSON.parse(json) as { steps: PreviewStep[] }).steps;

/** The steps of `pulumi preview --json` that change something. */
export async function previewChanges(test: TestStack): Promise<PreviewStep[]> {
  return previewSteps(await test.pulumi(["preview", "--json"])).filter((step) => step.op !== "same");
}

/** The steps of the resource `name`. */
export const stepsNamed = (steps: readonly PreviewStep[], name: string): PreviewStep[] => steps.filter((step) => step.urn.endsWith(`::${name}`));

/** The engine's steps for one resource, in the order it announced them. */
export const announced = (events: readonly EngineEvent[], name: string): string[] =>
  events.flatMap((event) => {
    const metadata = event.resourcePreEvent?.metadata;
    return metadata !== undefined && metadata.urn.endsWith(`::${name}`) ? [metadata.op] : [];
  });

/** The record set the emulator holds at `rrsets/<name>/<type>`, if any. */
export async function recordSetAt(
  emulator: RunningEmulator,
  rrsets: string,
  name: string,
  type: string,
): Promise<{ ttl?: number; rrdatas?: string[] } | undefined> {
  const { status, body } = await emulator.api("GET", `${rrsets}/${name}/${type}`);
  return status === 200 ? (body as { ttl?: number; rrdatas?: string[] }) : undefined;
}

export interface PluginStack {
  readonly program: PluginProgram;
  readonly test: TestStack;
}

/** examples/<example> run by the `language` host, as a stack of the suite with the emulator's calendar token (and `env` for the engine, if any). */
export function pluginStack(suite: EngineSuite, example: string, language: string, env: Record<string, string> = {}): PluginStack {
  let program: PluginProgram | undefined;
  let test: TestStack | undefined;
  beforeAll(async () => {
    requireLanguageHost(language);
    program = pluginProgram(example);
    const { emulator } = suite;
    test = suite.track(await openStack(program.dir, emulator, { "svc:calendarToken": { value: emulator.token, secret: true } }, env));
  });
  afterAll(() => program?.dispose());
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the plugin stack opens in beforeAll");
    return value;
  };
  return {
    get program() {
      return opened(program);
    },
    get test() {
      return opened(test);
    },
  };
}
