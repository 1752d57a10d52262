/** What a CI handler receives: the call, who made it, and for project routes the project. */
import type { ApiCall } from "../../api";
import type { Caller } from "./auth";
import type { ProjectEntry } from "./state";

export interface CiRequest {
  call: ApiCall;
  caller: Caller;
}

export interface CiProjectRequest extends CiRequest {
  entry: ProjectEntry;
}

/** The user behind a personal token (the route table only sends personal callers to such handlers). */
export function userOf(caller: Caller): { login: string; name: string } {
  if (caller.kind !== "personal") throw new Error("handler of a personal-token route called without a user");
  return { login: caller.login, name: caller.name };
}
