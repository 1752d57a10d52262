/**
 * The lifecycle data the coming APIs need (query parameters on create, custom
 * verbs, no read, no delete, updateMask, a merged PUT under If-Match, waits on
 * long-running operations), run by the engine against a fake client, and the
 * refusal of declarations whose steps would turn each other off.
 */
import { z } from "zod";
import { declare, stepConflicts, type ResourceDeclaration } from "../../provider/engine/declaration";
import { ResourceEngine } from "../../provider/engine/resourceEngine";
import { fromListing } from "../../provider/engine/steps";
import { declarations } from "../../provider/registry";
import { fakeClient, statusError, type Handler } from "./fakeClient";

const args = z.object({ project: z.string(), name: z.string(), title: z.string().optional(), color: z.string().optional() });
type Args = z.infer<typeof args>;
const wire = z.looseObject({ name: z.string(), title: z.string().optional(), color: z.string().optional() });

const ITEM = "v1/projects/{project}/things/{name}";
const base = {
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

function engineOf(declaration: ResourceDeclaration, handler: Handler) {
  const client = fakeClient(handler);
  const messages: string[] = [];
  return { engine: new ResourceEngine(declaration, client, (message) => messages.push(message)), client, messages };
}

const ID = "projects/p/things/t";
const PATH = "v1/projects/p/things/t";

describe("create", () => {
  it("sends the declared verb, path and query parameters, and takes the wire object from the answer", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "none",
      steps: {
        create: {
          path: "v1/projects/{project}/things:watch",
          query: ({ name }) => ({ thingId: name, validateOnly: false }),
          answer: z.looseObject({ resourceId: z.string() }),
          toWire: (answer, { name }) => ({ name, title: (answer as { resourceId: string }).resourceId }),
        },
      },
    });
    const { engine, client } = engineOf(thing, () => ({ resourceId: "r-1" }));
    const created = await engine.create({ project: "p", name: "t" });
    expect(created).toEqual({ id: ID, state: { name: "t", title: "r-1", project: "p" } });
    expect(client.sent).toEqual([
      {
        method: "POST",
        path: "v1/projects/p/things:watch",
        query: { thingId: "t", validateOnly: false },
        body: { name: "t" },
        repeat: "settle",
      },
    ]);
  });

  it("waits for the long-running operation a create answers with, and fails with its error", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "none",
      steps: {
        create: { answer: "ignored", toWire: (_answer, { name }) => ({ name }) },
        wait: { after: ["create"], poll: "operation", path: "v1/{id}" },
      },
    });
    let polls = 0;
    const { engine, client } = engineOf(thing, ({ method }) => {
      if (method === "POST") return { name: "operations/op-1", done: false };
      polls++;
      return polls < 3 ? { name: "operations/op-1" } : { name: "operations/op-1", done: true };
    });
    await engine.create({ project: "p", name: "t" });
    expect(client.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST v1/projects/p/things",
      "GET v1/operations%2Fop-1",
      "GET v1/operations%2Fop-1",
      "GET v1/operations%2Fop-1",
    ]);

    const failing = engineOf(thing, ({ method }) =>
      method === "POST" ? { name: "operations/op-2" } : { name: "operations/op-2", done: true, error: { code: 9, message: "quota exceeded" } },
    );
    await expect(failing.engine.create({ project: "p", name: "t" })).rejects.toThrow("operation operations/op-2 failed: quota exceeded (code 9)");
  });
});

describe("update kinds", () => {
  it("updateMask: a PATCH of the changed fields with the mask naming them, a removed field named but not sent", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: { patch: "updateMask", query: () => ({ sendNotifications: true }) },
    });
    const { engine, client } = engineOf(thing, ({ method }) => (method === "GET" ? { name: "t", title: "new" } : {}));
    const state = await engine.update(ID, { project: "p", name: "t", title: "new" }, { set: { title: "new" }, cleared: ["color"] });
    expect(state).toEqual({ name: "t", title: "new", project: "p" });
    expect(client.sent[0]).toEqual({
      method: "PATCH",
      path: PATH,
      query: { sendNotifications: true, updateMask: "title,color" },
      body: { title: "new" },
    });
    expect(client.sent[1]).toMatchObject({ method: "GET", path: PATH });
  });

  it("updateMask: the mask parameter is the declaration's", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: { patch: "updateMask", maskParam: "update_mask" } });
    const { engine, client } = engineOf(thing, () => ({ name: "t" }));
    await engine.update(ID, { project: "p", name: "t", color: "red" }, { set: { color: "red" }, cleared: [] });
    expect(client.sent[0]?.query).toEqual({ update_mask: "color" });
  });

  it("putMerged: GET, the changes merged into the live object, PUT with If-Match; a 412 re-reads and merges again", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: { putMerged: {} } });
    let etag = 0;
    let puts = 0;
    const { engine, client, messages } = engineOf(thing, ({ method }) => {
      if (method === "GET") return { name: "t", title: "old", color: "blue", attendees: [`a${etag}`], etag: `e${++etag}` };
      puts++;
      // A PUT answers the object as written.
      return puts === 1 ? statusError(412, "PUT", PATH) : { name: "t", title: "new", attendees: ["a1"], etag: "e3" };
    });
    const state = await engine.update(ID, { project: "p", name: "t", title: "new" }, { set: { title: "new" }, cleared: ["color"] });
    // The PUT's answer is the new state: no read after it.
    expect(client.sent.at(-1)?.method).toBe("PUT");
    expect(state).toMatchObject({ name: "t", title: "new" });
    const sentPuts = client.sent.filter((r) => r.method === "PUT");
    expect(sentPuts).toEqual([
      { method: "PUT", path: PATH, headers: { "If-Match": "e1" }, body: { name: "t", title: "new", attendees: ["a0"], etag: "e1" }, repeat: "idempotent" },
      // Someone else's change (attendees) made meanwhile is kept: the merge is into the object read again.
      { method: "PUT", path: PATH, headers: { "If-Match": "e2" }, body: { name: "t", title: "new", attendees: ["a1"], etag: "e2" }, repeat: "idempotent" },
    ]);
    expect(messages.join("\n")).toMatch(/changed meanwhile \(412 on If-Match\); reading it again/);
  });

  it("putMerged: an object that keeps changing is reported after the declared number of reads", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: { putMerged: { attempts: 3 } } });
    const { engine, client } = engineOf(thing, ({ method }) => (method === "GET" ? { name: "t", etag: "e" } : statusError(412, "PUT", PATH)));
    await expect(engine.update(ID, { project: "p", name: "t", title: "x" }, { set: { title: "x" }, cleared: [] })).rejects.toMatchObject({ status: 412 });
    expect(client.sent.filter((r) => r.method === "PUT")).toHaveLength(3);
  });

  it("an update hook composes with the wait step: the operation it returns is waited for", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "PATCH",
      steps: { wait: { after: ["update"], poll: "zoneOperation", path: "v1/projects/{project}/operations/{id}" } },
      hooks: {
        applyUpdate: async (_change, { title }, context) => context.client.send({ method: "POST", path: `${PATH}:retitle`, body: { title }, repeat: "settle" }),
      },
    });
    const { engine, client } = engineOf(thing, ({ method, path }) => {
      if (method === "POST") return { id: "7", status: "pending" };
      if (path.includes("/operations/")) return { id: "7", status: "done" };
      return { name: "t", title: "new" };
    });
    await engine.update(ID, { project: "p", name: "t", title: "new" }, { set: { title: "new" }, cleared: [] });
    expect(client.sent.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${PATH}:retitle`, "GET v1/projects/p/operations/7", `GET ${PATH}`]);
  });
});

describe("read and delete", () => {
  it("abandon: destroy sends nothing and says the object remains", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: "none", steps: { delete: "abandon" } });
    const { engine, client, messages } = engineOf(thing, () => ({}));
    await engine.delete(ID, { name: "t" });
    expect(client.sent).toEqual([]);
    expect(messages).toEqual([expect.stringMatching(/svc\.test\.Thing projects\/p\/things\/t: the API cannot delete it, so it remains \(abandoned\)/)]);
  });

  it("a delete by a custom verb (stop) sends the declared method, path, body and repeat rule; a 404 is done", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "none",
      steps: {
        delete: { method: "POST", path: "v1/channels/stop", body: (state) => ({ id: state["name"], resourceId: state["title"] }), repeat: "idempotent" },
      },
    });
    const { engine, client } = engineOf(thing, () => ({}));
    await engine.delete(ID, { name: "t", title: "r-1" });
    expect(client.sent).toEqual([{ method: "POST", path: "v1/channels/stop", body: { id: "t", resourceId: "r-1" }, repeat: "idempotent" }]);
    const gone = engineOf(thing, () => statusError(404, "POST", "v1/channels/stop"));
    await expect(gone.engine.delete(ID, { name: "t" })).resolves.toBeUndefined();
  });

  it("stored: the state is read back as stored, with no request", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: "none", importable: false, steps: { read: "stored" } });
    const { engine, client } = engineOf(thing, () => ({}));
    expect(await engine.read(ID, { name: "t", title: "kept" })).toEqual({ name: "t", title: "kept", project: "p" });
    expect(client.sent).toEqual([]);
  });

  it("storedUntil: the stored state until the time it holds, then gone, with no request; importable by id", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: "none", steps: { read: { storedUntil: "color" } } });
    const { engine, client } = engineOf(thing, () => ({}));
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await engine.read(ID, { name: "t", color: later })).toEqual({ name: "t", color: later, project: "p" });
    expect(await engine.read(ID, { name: "t", color: String(Date.now() - 1) })).toBeUndefined();
    expect(await engine.adopt(ID, { project: "p", name: "t", color: later })).toEqual({ id: ID, state: { name: "t", color: later, project: "p" } });
    expect(client.sent).toEqual([]);
  });

  it("a create path chosen by the inputs, and a delete at the channel base address", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "none",
      steps: {
        create: { path: ({ title }) => `v1/${title === "events" ? "events" : "acl"}/watch`, answer: "ignored", toWire: (_answer, { name }) => ({ name }) },
        delete: { method: "POST", path: "v1/channels/stop", at: "channelBase", body: (state) => ({ id: state["name"] }), repeat: "idempotent" },
      },
    });
    const channelBase = fakeClient(() => ({}));
    const client = fakeClient(() => ({}));
    const engine = new ResourceEngine(
      thing,
      client,
      () => undefined,
      () => channelBase,
    );
    await engine.create({ project: "p", name: "t", title: "events" });
    await engine.delete(ID, { name: "t" });
    expect(client.sent.map(({ method, path }) => `${method} ${path}`)).toEqual(["POST v1/events/watch"]);
    expect(channelBase.sent.map(({ method, path }) => `${method} ${path}`)).toEqual(["POST v1/channels/stop"]);
  });

  it("a read through a paged Google listing finds the entry, and finds nothing when it is gone", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "none",
      steps: {
        read: fromListing({ path: "v1/projects/{project}/things", field: "things", entry: wire, match: (entry, identity) => entry.name === identity["name"] }),
      },
    });
    const pages: Handler = ({ query }) =>
      query?.["pageToken"] === undefined ? { things: [{ name: "a" }], nextPageToken: "2" } : { things: [{ name: "t", title: "found" }] };
    const { engine, client } = engineOf(thing, pages);
    expect(await engine.read(ID, {})).toEqual({ name: "t", title: "found", project: "p" });
    expect(client.sent.map((r) => r.query)).toEqual([{}, { pageToken: "2" }]);
    const empty = engineOf(thing, () => ({ kind: "test#things" }));
    expect(await empty.engine.read(ID, { name: "t" })).toBeUndefined();
  });
});

describe("declarations whose steps would turn each other off are refused", () => {
  const cases: Array<[string, Partial<ResourceDeclaration>, RegExp]> = [
    [
      "a policy hook beside request steps",
      {
        hooks: { policy: { resource: ITEM, label: "x", grant: (b) => b, revoke: (b) => b, find: () => undefined } },
        steps: { delete: "abandon" },
        toCreateBody: undefined,
      },
      /steps\.delete would never run/,
    ],
    [
      "a policy hook beside a create body",
      { hooks: { policy: { resource: ITEM, label: "x", grant: (b) => b, revoke: (b) => b, find: () => undefined } } },
      /toCreateBody would never be used/,
    ],
    ["an update hook on an API without update", { update: "none", hooks: { applyUpdate: async () => undefined } }, /update is none/],
    ["an update hook beside an update kind", { update: { putMerged: {} }, hooks: { applyUpdate: async () => undefined } }, /applyUpdate sends the update/],
    ["abandon beside a beforeDelete hook", { steps: { delete: "abandon" }, hooks: { beforeDelete: async () => undefined } }, /delete is abandon/],
    ["a stored read of an importable resource", { steps: { read: "stored" } }, /importable: false/],
  ];
  it.each(cases)("%s", (_what, overrides, message) => {
    const declaration = { ...base, update: "PATCH", ...overrides } as unknown as ResourceDeclaration;
    expect(stepConflicts(declaration)).toEqual([expect.stringMatching(message)]);
    expect(() => declare(declaration)).toThrow(message);
  });

  it("every declaration of today is consistent", () => {
    for (const declaration of declarations) expect([declaration.name, stepConflicts(declaration)]).toEqual([declaration.name, []]);
  });
});

describe("the update's answer as the new state", () => {
  const change = { set: { title: "new" }, cleared: [] };
  it.each([
    ["the answer is the whole object: no read back", {}, { name: "t", title: "new" }, ["PATCH"]],
    ["the object is a member of the answer", { updateAnswer: { member: "thing" } }, { thing: { name: "t", title: "new" } }, ["PATCH"]],
    ["the answer is declared partial: read back", { updateAnswer: "partial" }, { name: "t", title: "new" }, ["PATCH", "GET"]],
    ["the answer is not of the wire's shape: read back", {}, { operation: "7" }, ["PATCH", "GET"]],
  ] as const)("%s", async (_what, steps, answer, methods) => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: "PATCH", steps });
    const { engine, client } = engineOf(thing, ({ method }) => (method === "PATCH" ? answer : { name: "t", title: "new" }));
    const state = await engine.update(ID, { project: "p", name: "t", title: "new" }, change);
    expect(client.sent.map((request) => request.method)).toEqual(methods);
    expect(state).toMatchObject({ name: "t", title: "new", project: "p" });
  });
});
