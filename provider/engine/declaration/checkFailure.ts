/**
 * A problem `check` shows the engine, before any request: a top-level property and a bounded reason
 * (pulumi/checkInputs.ts makes them of a schema's issues; lifecycle/ids.ts of an id's parts).
 */
export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}
