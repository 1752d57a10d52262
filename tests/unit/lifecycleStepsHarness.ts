/** The lifecycle-step tests' shared set-up. */
import { z } from "zod";
import { type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { EngineProcess } from "../../provider/engine/batching/engineProcess";
import { Resource } from "../../provider/engine/lifecycle/resource";
import type { ApiClient } from "../../provider/http/client";
import { fakeClient, type Handler } from "./fakeClient";

export const args = z.object({ project: z.string(), name: z.string(), title: z.string().optional(), color: z.string().optional() });
export type Args = z.infer<typeof args>;
export const wire = z.looseObject({ name: z.string(), title: z.string().optional(), color: z.string().optional() });

export const ITEM = "v1/projects/{project}/things/{name}";
export const base = {
  module: "test",
  name: "Thing",
  api: "dns",
  args,
  immutable: ["project", "name"],
  id: { format: "projects/{project}/things/{name}", importFormats: [] },
  paths: { collection: "v1/projects/{project}/things", item: ITEM },
  wire,
  toCreateBody: ({ name, title, color }: Args) => ({ name, title, color }),
  toState: (thing: z.infer<typeof wire>) => ({ name: thing.name, title: thing.title, color: thing.color }),
  outputs: {},
  docs: { summary: "A thing.", example: "" },
} as const;

/** The lifecycle of `declaration` through `client` (and `channelClient`), in a process of its own. */
export function resourceOf(
  declaration: ResourceDeclaration,
  client: ApiClient,
  log: (message: string) => void = () => undefined,
  channelClient?: ApiClient,
): Resource {
  return new Resource(declaration, {
    client: () => client,
    ...(channelClient !== undefined && { channelClient: () => channelClient }),
    log,
    process: new EngineProcess(),
  });
}

export function engineOf(declaration: ResourceDeclaration, handler: Handler) {
  const client = fakeClient(handler);
  const messages: string[] = [];
  return { engine: resourceOf(declaration, client, (message) => messages.push(message)), client, messages };
}

export const ID = "projects/p/things/t";
export const PATH = "v1/projects/p/things/t";
