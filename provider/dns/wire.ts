/**
 * Wire shapes of the DNS API (reference: dns-v1 discovery) and helpers shared
 * by the DNS declarations. Response schemas keep unknown fields: the API may
 * add some, and they must not fail a read.
 */
import { z } from "zod";
import type { HookContext } from "../engine/declaration";
import { fillTemplate } from "../engine/template";
import { ApiError } from "../http/errors";

export const API_PREFIX = "dns/v1/projects/{project}";

export const operationWire = z.looseObject({
  id: z.string(),
  status: z.enum(["pending", "done"]),
  type: z.string().optional(),
});

/** Removes the `kind` markers the API puts on every object, which are no part of a resource's state. */
export function withoutKinds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKinds);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== "kind")
      .map(([key, member]) => [key, withoutKinds(member)]),
  );
}

/** Waits for a zone operation to be done, polling with growing pauses; long waits are reported. */
export async function waitForZoneOperation(response: unknown, context: HookContext, timeoutMs = 10 * 60_000): Promise<void> {
  const parsed = operationWire.safeParse(response);
  if (!parsed.success || parsed.data.status === "done") return;
  const started = Date.now();
  let pause = 200;
  let reported = false;
  const path = fillTemplate(`${API_PREFIX}/managedZones/{managedZone}/operations/{operation}`, {
    ...context.identity,
    managedZone: context.identity["name"] ?? "",
    operation: parsed.data.id,
  });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    const operation = await context.client.send({ method: "GET", path, schema: operationWire });
    if (operation.status === "done") return;
    const waited = Date.now() - started;
    if (waited > timeoutMs) throw new Error(`zone operation ${parsed.data.id} was not done after ${Math.round(waited / 1000)}s`);
    if (!reported && waited > 3000) {
      context.log(`svc: waiting for zone operation ${parsed.data.id} (${parsed.data.type ?? "update"}) to finish...`);
      reported = true;
    }
    pause = Math.min(pause * 2, 5000);
  }
}

/** The answer of changes.create and changes.get. */
export const changeWire = z.looseObject({ id: z.string(), status: z.enum(["pending", "done"]) });

/** Waits for a record change to be done, polling with growing pauses; long waits are reported. */
export async function waitForChange(zonePath: string, response: unknown, context: HookContext, timeoutMs = 10 * 60_000): Promise<void> {
  const change = changeWire.parse(response);
  if (change.status === "done") return;
  const started = Date.now();
  let pause = 50;
  let reported = false;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    const current = await context.client.send({ method: "GET", path: `${zonePath}/changes/${encodeURIComponent(change.id)}`, schema: changeWire });
    if (current.status === "done") return;
    const waited = Date.now() - started;
    if (waited > timeoutMs) throw new Error(`record change ${change.id} was not done after ${Math.round(waited / 1000)}s`);
    if (!reported && waited > 3000) {
      context.log(`svc: waiting for record change ${change.id} to be done...`);
      reported = true;
    }
    pause = Math.min(pause * 2, 2000);
  }
}

/** Reads every page of a list endpoint. */
export async function listAll(
  client: HookContext["client"],
  path: string,
  field: string,
  query: Readonly<Record<string, string | undefined>> = {},
): Promise<Array<Record<string, unknown>>> {
  // A page names its kind or holds the list: anything else (an empty 200, another object) is an
  // unreadable answer, never an empty list — forceDestroy must not take garbage for "no record sets".
  const pageWire = z
    .looseObject({
      kind: z.string().optional(),
      nextPageToken: z.string().optional(),
    })
    .and(z.looseObject({ [field]: z.array(z.record(z.string(), z.unknown())).optional() }))
    .refine((page) => page.kind !== undefined || page[field] !== undefined, { error: `neither a kind nor ${field}` });
  const items: Array<Record<string, unknown>> = [];
  let pageToken: string | undefined;
  do {
    const page: Record<string, unknown> = await client.send({ method: "GET", path, query: { ...query, pageToken }, schema: pageWire });
    const found = page[field];
    if (Array.isArray(found)) items.push(...(found as Array<Record<string, unknown>>));
    pageToken = typeof page["nextPageToken"] === "string" && page["nextPageToken"] !== "" ? page["nextPageToken"] : undefined;
  } while (pageToken !== undefined);
  return items;
}

/**
 * Deletes a policy the API refuses to delete while networks (or clusters) use
 * it: detaches them first — also when they were attached outside Pulumi since
 * the last refresh, which the first refusal reveals.
 */
export async function deleteDetached(
  itemPath: string,
  bindings: readonly string[],
  state: Readonly<Record<string, unknown>>,
  context: HookContext,
): Promise<void> {
  const detach = async (): Promise<void> => {
    await context.client.send({ method: "PATCH", path: itemPath, body: Object.fromEntries(bindings.map((field) => [field, []])) });
  };
  if (bindings.some((field) => Array.isArray(state[field]) && (state[field] as unknown[]).length > 0)) await detach();
  try {
    await context.client.send({ method: "DELETE", path: itemPath });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || error.reason !== "resourceInUseByAnotherResource") throw error;
    await detach();
    await context.client.send({ method: "DELETE", path: itemPath });
  }
}
