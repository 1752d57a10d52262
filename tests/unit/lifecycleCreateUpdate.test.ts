/** The lifecycle as data: what create and each update kind send. */
import { z } from "zod";
import { declare } from "../../provider/engine/declaration/declaration";
import { send } from "../../provider/engine/plan/planRequests";
import { POLL_KINDS } from "../../provider/google/poll";
import { LOOPS } from "../../provider/http/retryTable";
import { ZONE_OPERATION_POLL } from "../../provider/apis/dns/service";
import { statusError } from "./fakeClient";
import { Args, wire, base, engineOf, ID, PATH } from "./lifecycleStepsHarness";

describe("create", () => {
  it("sends the declared verb, path and query parameters, and takes the wire object from the answer", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "none",
      steps: {
        create: {
          path: "v1/projects/{project}/things:watch",
          query: { thingId: { input: "name" }, validateOnly: false },
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
        wait: { after: ["create"], poll: POLL_KINDS.operation, path: "v1/{id}" },
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
      update: { patch: "updateMask", query: { sendNotifications: true } },
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

  it("putMerged: an object that keeps changing is reported after the retry table's rounds of a merge", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({ ...base, update: { putMerged: {} } });
    const { engine, client } = engineOf(thing, ({ method }) => (method === "GET" ? { name: "t", etag: "e" } : statusError(412, "PUT", PATH)));
    await expect(engine.update(ID, { project: "p", name: "t", title: "x" }, { set: { title: "x" }, cleared: [] })).rejects.toMatchObject({ status: 412 });
    expect(client.sent.filter((r) => r.method === "PUT")).toHaveLength(LOOPS.merge.attempts);
  });

  it("an update hook composes with the wait step: the operation it returns is waited for", async () => {
    const thing = declare<Args, z.infer<typeof wire>>({
      ...base,
      update: "planned",
      steps: { wait: { after: ["update"], poll: ZONE_OPERATION_POLL, path: "v1/projects/{project}/operations/{id}" } },
      hooks: {
        planUpdate: (_change, { title }) => [send({ method: "POST", path: `${PATH}:retitle`, body: { title }, repeat: "settle" })],
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
