/** The lifecycle as data: read and delete, declarations whose steps would turn each other off, and the update's answer as the new state. */
import { z } from "zod";
import { declare, stepConflicts, type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { fromListing } from "../../provider/engine/declaration/steps";
import { declarations } from "../../provider/registry";
import { fakeClient, statusError, type Handler } from "./fakeClient";
import { Args, wire, ITEM, base, engineOf, ID, resourceOf } from "./lifecycleStepsHarness";

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
        delete: { method: "POST", path: "v1/channels/stop", bodyFromState: { id: "name", resourceId: "title" }, repeat: "idempotent" },
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
        create: {
          path: { by: "title", paths: { events: "v1/events/watch", acl: "v1/acl/watch" } },
          answer: "ignored",
          toWire: (_answer, { name }) => ({ name }),
        },
        delete: { method: "POST", path: "v1/channels/stop", at: "channelBase", bodyFromState: { id: "name" }, repeat: "idempotent" },
      },
    });
    const channelBase = fakeClient(() => ({}));
    const client = fakeClient(() => ({}));
    const engine = resourceOf(thing, client, () => undefined, channelBase);
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
        update: "policy",
        hooks: { policy: { resource: ITEM, label: "x", grant: (b) => b, revoke: (b) => b, find: () => undefined } },
        steps: { delete: "abandon" },
        toCreateBody: undefined,
      },
      /steps\.delete would never run/,
    ],
    [
      "a policy hook beside a create body",
      { update: "policy", hooks: { policy: { resource: ITEM, label: "x", grant: (b) => b, revoke: (b) => b, find: () => undefined } } },
      /toCreateBody would never be used/,
    ],
    ["an update hook on an API without update", { update: "none", hooks: { planUpdate: () => [] } }, /planUpdate plans the update: declare update: "planned"/],
    [
      "a policy hook with another update kind",
      { hooks: { policy: { resource: ITEM, label: "x", grant: (b) => b, revoke: (b) => b, find: () => undefined } }, toCreateBody: undefined },
      /the policy hook writes every update: declare update: "policy"/,
    ],
    ["an update hook beside an update kind", { update: { putMerged: {} }, hooks: { planUpdate: () => [] } }, /planUpdate plans the update/],
    ["abandon beside a planBeforeDelete hook", { steps: { delete: "abandon" }, hooks: { planBeforeDelete: () => [] } }, /delete is abandon/],
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
    ["the answer is the whole object: no read back", "PATCH", { name: "t", title: "new" }, ["PATCH"]],
    ["the object is a member of the answer", { send: "PATCH", answer: { member: "thing" } }, { thing: { name: "t", title: "new" } }, ["PATCH"]],
    ["the answer is declared partial: read back", { send: "PATCH", answer: "partial" }, { name: "t", title: "new" }, ["PATCH", "GET"]],
    ["the answer is not of the wire's shape: read back", { send: "PATCH" }, { operation: "7" }, ["PATCH", "GET"]],
  ] as const)("%s", async (_what, update, answer, methods) => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update });
    const { engine, client } = engineOf(thing, ({ method }) => (method === "PATCH" ? answer : { name: "t", title: "new" }));
    const state = await engine.update(ID, { project: "p", name: "t", title: "new" }, change);
    expect(client.sent.map((request) => request.method)).toEqual(methods);
    expect(state).toMatchObject({ name: "t", title: "new", project: "p" });
  });
});
