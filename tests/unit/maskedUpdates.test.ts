/**
 * What the quota resources added to the engine, against a fake client: update
 * masks of nested paths with the stored etag, an etag refusal (409) read again
 * and either sent again (nobody touched what it changes) or failed naming the
 * property, id and path parts derived from whichever parent input is given, an
 * abandon in the declaration's words, `{name*}` paths, and opt-in bounded waits.
 */
import { z } from "zod";
import { declare } from "../../provider/engine/declaration/declaration";
import { resourceOf } from "./lifecycleStepsHarness";
import { fillTemplate } from "../../provider/engine/declaration/template";
import { POLL_KINDS } from "../../provider/google/poll";
import { runPoll } from "../../provider/engine/executor/polls";
import { pollEntry, runContext } from "./runContext";
import { fakeClient, statusError, type Handler } from "./fakeClient";

const args = z.object({
  project: z.string().optional(),
  folder: z.string().optional(),
  name: z.string(),
  value: z.string(),
  note: z.string().optional(),
  apiVersion: z.string().optional(),
});
type Args = z.infer<typeof args>;
const wire = z.looseObject({ name: z.string(), config: z.looseObject({ value: z.string() }), note: z.string().optional(), etag: z.string() });

const parentOf = (known: Readonly<Record<string, unknown>>): [string, string] | undefined =>
  typeof known["project"] === "string" ? ["projects", known["project"]] : typeof known["folder"] === "string" ? ["folders", known["folder"]] : undefined;

const thingDeclaration = {
  module: "test",
  name: "Thing",
  api: "quotas",
  args,
  immutable: ["project", "folder", "name"],
  id: { format: "{kind}/{parent}/things/{name}", importFormats: [] },
  derived: {
    kind: { from: (known) => parentOf(known)?.[0], pattern: /^(projects|folders)$/, accepted: "projects or folders" },
    parent: { from: (known) => parentOf(known)?.[1], pattern: /^[a-z0-9-]+$/, accepted: "an id" },
    version: { from: (known) => (typeof known["apiVersion"] === "string" ? known["apiVersion"] : "v1"), pattern: /^v1(beta)?$/, accepted: "v1 or v1beta" },
  },
  paths: { collection: "{version}/{kind}/{parent}/things", item: "{version}/{kind}/{parent}/things/{name}" },
  wire,
  toCreateBody: ({ name, value, note }) => ({ name, config: { value }, ...(note !== undefined && { note }) }),
  toState: (w, previous) => {
    const [kind, parent] = w.name.split("/");
    return {
      ...(kind === "projects" ? { project: parent } : { folder: parent }),
      name: w.name.split("/")[3],
      value: w.config.value,
      note: w.note,
      etag: w.etag,
      apiVersion: previous["apiVersion"],
    };
  },
  update: { patch: "updateMask", paths: { value: "config.value" }, etagField: "etag" },
  localInputs: ["apiVersion"],
  steps: { delete: { abandon: (state: Readonly<Record<string, unknown>>) => `it stays with value ${String(state["value"])}` } },
  outputs: {},
  docs: { summary: "A thing.", example: "" },
} satisfies Parameters<typeof declare<Args, z.infer<typeof wire>>>[0];
const thing = declare<Args, z.infer<typeof wire>>(thingDeclaration);

function engineOf(handler: Handler, declaration = thing) {
  const client = fakeClient(handler);
  const messages: string[] = [];
  return { engine: resourceOf(declaration, client, (message) => messages.push(message)), client, messages };
}

const ID = "folders/42/things/t";
const live = (value: string, etag: string, note?: string) => ({ name: "folders/42/things/t", config: { value }, etag, ...(note !== undefined && { note }) });
const stored = { folder: "42", name: "t", value: "1", etag: "e1", apiVersion: "v1beta" };

describe("derived parts", () => {
  it("make the id and paths from the parent input given and the API version, and stay out of the state", async () => {
    const { engine, client } = engineOf(() => live("1", "e1"));
    const created = await engine.create({ folder: "42", name: "t", value: "1", apiVersion: "v1beta" });
    expect(created.id).toBe(ID);
    expect(created.state).toEqual({ folder: "42", name: "t", value: "1", etag: "e1", apiVersion: "v1beta" });
    expect(client.sent[0]).toMatchObject({ method: "POST", path: "v1beta/folders/42/things" });
    await engine.read(ID, created.state);
    expect(client.sent[1]).toMatchObject({ method: "GET", path: "v1beta/folders/42/things/t" });
  });

  it("refuse an import id whose parent disagrees with the program", async () => {
    const { engine, client } = engineOf(() => live("1", "e1"));
    await expect(engine.adopt("projects/p/things/t", { folder: "42", name: "t", value: "1" })).rejects.toThrow(
      /names kind "projects" \(the program gives "folders"\)/,
    );
    expect(client.sent).toEqual([]);
  });
});

describe("update masks under an etag", () => {
  it("name the nested paths of exactly the changed inputs; the body is the create body cut to them, with the stored etag", async () => {
    const { engine, client } = engineOf(() => live("2", "e2", "n"));
    await engine.update(ID, { folder: "42", name: "t", value: "2", note: "n", apiVersion: "v1beta" }, { set: { value: "2", note: "n" }, cleared: [] }, stored);
    expect(client.sent[0]).toEqual({
      method: "PATCH",
      path: "v1beta/folders/42/things/t",
      query: { updateMask: "config.value,note" },
      body: { config: { value: "2" }, note: "n", etag: "e1" },
    });
  });

  it("a 409 when someone else changed the same input fails naming it, the three values, and writes nothing more", async () => {
    const { engine, client } = engineOf(({ method }) => (method === "PATCH" ? statusError(409, "PATCH", "x", "ABORTED") : live("5", "e9")));
    await expect(
      engine.update(ID, { folder: "42", name: "t", value: "2", apiVersion: "v1beta" }, { set: { value: "2" }, cleared: [] }, stored),
    ).rejects.toThrow(/changed outside this stack.*value: the stack last saw "1", the service now has "5", the program wants "2"/);
    expect(client.sent.filter((request) => request.method === "PATCH")).toHaveLength(1);
  });

  it("a 409 when someone else changed another input sends the update again under the new etag, and says so", async () => {
    let patches = 0;
    const { engine, client, messages } = engineOf(({ method }) => {
      if (method === "PATCH") return ++patches === 1 ? statusError(409, "PATCH", "x", "ABORTED") : live("2", "e3", "theirs");
      return patches < 2 ? live("1", "e2", "theirs") : live("2", "e3", "theirs");
    });
    const state = await engine.update(ID, { folder: "42", name: "t", value: "2", apiVersion: "v1beta" }, { set: { value: "2" }, cleared: [] }, stored);
    expect(state["value"]).toBe("2");
    expect(client.sent.filter((request) => request.method === "PATCH").map((request) => (request.body as { etag: string }).etag)).toEqual(["e1", "e2"]);
    expect(messages).toEqual([expect.stringMatching(/etag mismatch: note\); value still apply cleanly/)]);
  });
});

describe("abandon and waits", () => {
  it("abandon sends nothing and logs the declaration's words", async () => {
    const { engine, client, messages } = engineOf(() => undefined);
    await engine.delete(ID, stored);
    expect(client.sent).toEqual([]);
    expect(messages).toEqual(["svc: svc.test.Thing folders/42/things/t: it stays with value 1; it is no longer managed by this stack."]);
  });

  it("a {name*} path placeholder is a name of several segments, each checked", () => {
    expect(fillTemplate("v1/{id*}", { id: "projects/p q/things/t" })).toBe("v1/projects/p%20q/things/t");
    expect(() => fillTemplate("v1/{id*}", { id: "projects/../things" })).toThrow(/must not be "." or ".."/);
  });

  it("a create with an opt-in wait on the object itself keeps the object's decided state, and logs the outcome", async () => {
    const waiting = declare<Args, z.infer<typeof wire>>({
      ...thingDeclaration,
      steps: { wait: { after: ["create"], poll: POLL_KINDS.reconciling, path: "{version}/{id*}", secondsInput: "waitSeconds", outcome: () => "decided" } },
    });
    let reads = 0;
    const { engine, client, messages } = engineOf(
      ({ method }) =>
        method === "POST" ? { ...live("1", "e1"), reconciling: true } : ++reads < 2 ? { ...live("1", "e1"), reconciling: true } : live("1", "e2"),
      waiting,
    );
    const created = await engine.create({ folder: "42", name: "t", value: "1", waitSeconds: 5 });
    expect(created.state["etag"]).toBe("e2");
    expect(client.sent.filter((request) => request.method === "GET").map((request) => request.path)).toEqual([
      "v1/folders/42/things/t",
      "v1/folders/42/things/t",
    ]);
    expect(messages).toEqual(["svc: waiting up to 5s for folders/42/things/t to be decided...", "decided"]);
  });

  it("an opt-in wait says how long it has waited every 10 s", async () => {
    let now = 0;
    let reads = 0;
    const client = fakeClient(() => ({ name: "n", reconciling: ++reads < 12 }));
    const messages: string[] = [];
    const clock = { sleep: async (ms: number) => void (now += ms), now: () => now };
    await runPoll(
      pollEntry(POLL_KINDS.reconciling, "{id}", 120_000),
      { value: { name: "n", reconciling: true } },
      runContext(client, { log: (message) => messages.push(message), clock }),
    );
    expect(messages.filter((message) => /still waiting for n to be decided \(\d+s so far\)/.test(message)).length).toBeGreaterThanOrEqual(3);
  });

  it("an opt-in wait past its seconds carries on, saying so; the last answer is returned", async () => {
    const client = fakeClient(() => ({ name: "n", reconciling: true }));
    const messages: string[] = [];
    let now = 0;
    const clock = { sleep: async (ms: number) => void (now += ms), now: () => now };
    const last = await runPoll(
      pollEntry(POLL_KINDS.reconciling, "{id}", 1000),
      { value: { name: "n", reconciling: true } },
      runContext(client, { log: (message) => messages.push(message), clock }),
    );
    expect(last.value).toEqual({ name: "n", reconciling: true });
    expect(client.sent.length).toBeGreaterThan(0);
    expect(messages[0]).toMatch(/waiting up to 1s for n to be decided/);
    expect(messages.at(-1)).toMatch(/waited 1s for n to be decided; not waiting longer/);
    expect(now).toBeLessThanOrEqual(1000);
  });
});
