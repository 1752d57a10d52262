/**
 * `policy`: an IAM policy's read-modify-write. The policy read, its unconditional bindings changed,
 * written back under the etag read (no write when nothing changes); a stale etag starts over from a
 * fresh read, in the retry table's `policy` loop. Writes to one policy are serialized in the
 * process. A copy of the write sent after the first landed gets a stale etag, so the next cycle
 * finds the change in place and ends without writing.
 */
import { normalizeBindings, type Binding, type IamPolicy } from "../../google/iamPolicy";
import { LOOPS } from "../../http/retryTable";
import { entryKind, type Answer } from "./kind";
import { loopBudget, requestBudget, requestOnce, requestWorstCase, type PlannedRequest } from "./request";

declare module "./kind" {
  interface EntryKinds {
    policy: PolicyEntry;
  }
}

/** An IAM policy's read-modify-write: `change` on its unconditional bindings, written under its etag, none when nothing changes. */
export interface PolicyEntry {
  readonly kind: "policy";
  readonly read: PlannedRequest;
  readonly write: PlannedRequest;
  readonly change: (bindings: Binding[]) => Binding[];
  /** Words for the log, e.g. `zone prod`. */
  readonly label: string;
}

/** The write of `current` with the change in its unconditional bindings, under its etag; undefined when the change is in place. */
function changed(entry: PolicyEntry, current: IamPolicy): PlannedRequest | undefined {
  const conditional = (current.bindings ?? []).filter((binding) => binding.condition !== undefined);
  const unconditional = (current.bindings ?? []).filter((binding) => binding.condition === undefined);
  const bindings = entry.change(structuredClone(unconditional));
  if (JSON.stringify(normalizeBindings(bindings)) === JSON.stringify(normalizeBindings(unconditional))) return undefined;
  return { ...entry.write, body: policyBody(current.etag, [...bindings, ...conditional]) };
}

/** The body of a policy write: the policy at version 3 (conditions kept), under the etag read. */
const policyBody = <T>(etag: T, bindings: readonly unknown[]): { policy: { version: 3; etag: T; bindings: readonly unknown[] } } => ({
  policy: { version: 3, etag, bindings },
});

/** What svc-plan prints for the etag of a policy write: known only once the policy is read. Never in a body that is sent. */
export const ETAG_READ = "<the etag read>";

/** What svc-plan prints for the bindings of other roles a write keeps from the policy read. Never in a body that is sent. */
export const BINDINGS_READ = "<the other bindings read, kept>";
/** What svc-plan prints for the members of a role a write keeps from the policy read (a member added to them). Never sent. */
export const MEMBERS_READ = "<the members read>";
/** What svc-plan prints for the conditional bindings every write keeps from the policy read, after the others. Never sent. */
export const CONDITIONS_READ = "<the conditional bindings read, kept>";

/** The write as svc-plan prints it: the body as sent, the etag and what the change keeps of the policy read marked as the read's. */
function shownWrite(entry: PolicyEntry): PlannedRequest {
  const { bindings } = (entry.write.body ?? {}) as { bindings?: unknown };
  return { ...entry.write, body: policyBody(ETAG_READ, Array.isArray(bindings) ? [...(bindings as unknown[]), CONDITIONS_READ] : [bindings]) };
}

export const policy = entryKind<PolicyEntry>({
  run: (entry, _previous, runner) =>
    runner.locked(`iam ${entry.read.path}`, () =>
      runner.guarded<Answer>({
        loop: "policy",
        send: async () => {
          const read = await runner.send(entry.read);
          const write = changed(entry, read.value as IamPolicy);
          return write === undefined ? read : runner.send(write);
        },
        settle: async (error, attempt) => {
          if (error.status !== 409 && error.status !== 412) return undefined;
          runner.log(`svc: the access policy of ${entry.label} changed meanwhile; reading it again (attempt ${attempt + 1})`);
          return { again: true };
        },
      }),
    ),
  // With a log, the write as sent from the policy read, or none when the change was in place.
  requests(entry, reading) {
    if (reading.sent === undefined) return [entry.read, entry.write];
    const write = changed(entry, reading.answerOf(entry.read) as IamPolicy);
    return write === undefined ? [entry.read] : [entry.read, write];
  },
  describe: (entry) => [{ request: entry.read }, { request: shownWrite(entry) }],
  worstCase: (entry) => LOOPS.policy.attempts * (requestWorstCase(entry.read) + requestWorstCase(entry.write)),
  budget: (entry) => loopBudget("policy", requestBudget(entry.read) + requestBudget(entry.write), requestOnce(entry.read) + requestOnce(entry.write)),
  loops: () => ["policy"],
});
