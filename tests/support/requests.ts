/** What the emulator's request log says a piece of work wrote. */
import type { RecordedRequest, RunningEmulator } from "./emulatorControl";

/** Requests that change something: not reads, and not the POSTs that only read (an access policy, permissions, free/busy). */
export const isWrite = (request: RecordedRequest): boolean =>
  request.method !== "GET" && !request.path.endsWith(":getIamPolicy") && !request.path.endsWith(":testIamPermissions") && !request.path.endsWith("/freeBusy");

/** The write requests the emulator received while `work` ran. */
export async function writesDuring(emulator: RunningEmulator, work: () => Promise<unknown>): Promise<RecordedRequest[]> {
  const before = (await emulator.requests()).length;
  await work();
  return (await emulator.requests()).slice(before).filter(isWrite);
}
