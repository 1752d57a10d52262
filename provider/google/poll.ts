/**
 * The kinds of work Google APIs finish after answering, as data: how an answer (parsed once, by the
 * kind's schema, in the call path) says the work is pending, done or failed, and which wait schedule
 * of the retry table it is checked on. A long-running operation of the newer APIs and an object the
 * service is still reconciling are shared; an API brings kinds of its own (provider/apis/<api>/).
 * The poller is the executor's (engine/executor/polls.ts).
 */
import { z } from "zod";
import type { WaitName } from "../http/retryTable";

/** Pending work as read from an answer: its id, whether it is done, and words for the log. */
export interface Pending {
  readonly id: string;
  readonly done: boolean;
  /** e.g. `operation 12`. */
  readonly what: string;
  /** Why the work failed, when the answer says it did (a long-running operation's `error`). */
  readonly failure?: string;
}

/** How one kind of pending work reads, and the retry table's schedule it is checked on. */
export interface PollKind {
  /** Its name for a reader of a plan, e.g. `operation`. */
  readonly name: string;
  /** The answer's shape: the poll's checks parse it in the call path. */
  readonly schema: z.ZodType;
  /**
   * The pending work an answer describes, read from fields of the answer already parsed (no second
   * validation); undefined when the answer is not such work (nothing to wait for).
   */
  readonly pending: (answer: unknown) => Pending | undefined;
  readonly schedule: WaitName;
  /** The verb for the log: "finish", "be done". */
  readonly until: string;
  /** What is polled is the object itself (not an operation about it): the last read is its newest state. */
  readonly pollsTheObject?: boolean;
}

/** A field of an answer already parsed, when it is a string. */
export function stringField(answer: unknown, field: string): string | undefined {
  const value = typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>)[field] : undefined;
  return typeof value === "string" ? value : undefined;
}

const longRunningWire = z.looseObject({
  name: z.string(),
  done: z.boolean().optional(),
  error: z.looseObject({ code: z.number().optional(), message: z.string().optional() }).optional(),
});

const reconcilingWire = z.looseObject({ name: z.string(), reconciling: z.boolean().optional() });

/** The kinds of work Google APIs share. */
export const POLL_KINDS = {
  /** A long-running operation (`google.longrunning.Operation`): `name`, `done`, and `error` when it failed. */
  operation: {
    name: "operation",
    schema: longRunningWire,
    pending: (answer) => {
      const name = stringField(answer, "name");
      if (name === undefined) return undefined;
      const { done, error } = answer as z.infer<typeof longRunningWire>;
      const failure = error === undefined ? undefined : `${error.message ?? "failed"}${error.code === undefined ? "" : ` (code ${error.code})`}`;
      return { id: name, done: done === true, what: `operation ${name}`, ...(failure !== undefined && { failure }) };
    },
    schedule: "operation",
    until: "finish",
  },
  /** A declarative-friendly resource (AIP-128) whose `reconciling` is true while the service acts on it. */
  reconciling: {
    name: "reconciling",
    schema: reconcilingWire,
    pending: (answer) => {
      const name = stringField(answer, "name");
      if (name === undefined) return undefined;
      return { id: name, done: (answer as z.infer<typeof reconcilingWire>).reconciling !== true, what: name };
    },
    schedule: "reconciling",
    until: "be decided",
    pollsTheObject: true,
  },
} satisfies Record<string, PollKind>;
