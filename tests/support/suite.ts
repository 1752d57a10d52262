/**
 * What every end-to-end suite starts with: the real engine (or a loud
 * failure saying how to get it) and an emulator of its own; and what it ends
 * with: its stacks removed and the emulator stopped.
 */
import type { EmulatorOptions } from "../../emulator/server";
import { startEmulator, type RunningEmulator } from "./emulatorControl";
import type { TestStack } from "./stacks";
import { requireEngine } from "./toolchain";

export interface EngineSuite {
  /** The suite's emulator (available from beforeAll on). */
  readonly emulator: RunningEmulator;
  /** Registers a stack to dispose of when the suite ends. */
  track(stack: TestStack): TestStack;
}

/**
 * `emulatorOptions` adds to the emulator's defaults (e.g. a longer DNS change delay). A test's time
 * is the e2e project's generous limit (jest.config.js); an engine operation that stops making
 * progress fails sooner, saying so (stacks.ts).
 */
export function engineSuite(emulatorOptions: EmulatorOptions = {}): EngineSuite {
  let emulator: RunningEmulator | undefined;
  const stacks: TestStack[] = [];
  beforeAll(async () => {
    requireEngine();
    emulator = await startEmulator(undefined, emulatorOptions);
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.dispose();
    await emulator?.close();
  });
  return {
    get emulator(): RunningEmulator {
      if (emulator === undefined) throw new Error("the emulator starts in beforeAll");
      return emulator;
    },
    track(stack) {
      stacks.push(stack);
      return stack;
    },
  };
}
