/**
 * One conformance run over the registry: every declaration, driven through
 * `dynamicProvider(declaration)` against the in-process emulator (no engine),
 * from the samples it declares (`samples` in its declaration): check, create
 * (the emulator holds the object), read, an empty diff, each update in place
 * (its write request holds only the change), each replacement (diff), import
 * by each id form (no create request), delete (twice), and nothing left.
 * A resource is added by its declaration alone: nothing here names one.
 */
import { isDeepStrictEqual } from "node:util";
import { typeKey, type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration";
import { dynamicProvider, type DynamicProvider } from "../../provider/engine/dynamicProvider";
import { pathValues } from "../../provider/engine/derived";
import { abandons } from "../../provider/engine/steps";
import { fillTemplate, formatId, matchTemplate, placeholders } from "../../provider/engine/template";
import { declarationFor, declarations } from "../../provider/registry";
import type { RecordedRequest } from "../support/emulatorControl";
import { providerEmulator } from "../support/providerEmulator";
import { writesDuring } from "../support/requests";
import { addedObjects, applyChange, carries, changedWireFields, inputKinds, maskedWireFields, sampleProblems } from "../support/samples";

const emulator = providerEmulator("conformance-token");

async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`conformance step "${what}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

async function checked(provider: DynamicProvider, inputs: Args): Promise<Args> {
  const result = await provider.check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === "" || (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && value !== null && Object.keys(value).length === 0);

/**
 * The write requests of an in-place update. A client-side input sends nothing. The engine's
 * own update sends one request to the item: a PATCH of only the fields that changed, or a PUT
 * of the whole object. An update of the declaration's own (an atomic change, a
 * read-modify-write of a policy) may send other requests, but a PATCH or PUT of the item still
 * holds only what changed, and the new values reach the API.
 */
function expectUpdateWrites(declaration: ResourceDeclaration, writes: RecordedRequest[], item: string, olds: Args, news: Args, change: Args, stored: State): void {
  const local: readonly string[] = declaration.localInputs ?? [];
  const sent = Object.keys(change).filter((name) => !local.includes(name));
  if (sent.length === 0) {
    expect(writes).toEqual([]);
    return;
  }
  const { update } = declaration;
  if (typeof update === "object" && "patch" in update) {
    // The mask names exactly the changed inputs' paths, and the body carries exactly those paths (and the stored etag).
    const { mask, body } = maskedWireFields(declaration, olds, news, update.paths ?? {});
    if (update.etagField !== undefined) body[update.etagField] = stored[update.etagField];
    const requests = writes.map(({ method, path, query, body: sentBody }) => ({ method, path, mask: String(query[update.maskParam ?? "updateMask"] ?? "").split(",").sort(), body: sentBody }));
    expect(requests).toEqual([{ method: "PATCH", path: item, mask: mask.sort(), body }]);
    return;
  }
  if (typeof update !== "string") {
    // No resource of today updates by a merged PUT; the first one extends this check.
    throw new Error(`conformance does not check the writes of update kind ${JSON.stringify(update)} yet: add it here`);
  }
  const body = update === "PUT" ? declaration.toCreateBody?.(news) : changedWireFields(declaration, olds, news);
  const requests = writes.map(({ method, path, body: sentBody }) => ({ method, path, body: sentBody }));
  if (declaration.hooks?.applyUpdate === undefined && declaration.hooks?.policy === undefined) {
    expect(requests).toEqual([{ method: update, path: item, body }]);
    return;
  }
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests.filter((r) => (r.method === "PATCH" || r.method === "PUT") && r.path === item)) expect(request.body).toEqual(body);
  for (const name of sent.filter((name) => news[name] !== undefined)) {
    expect({ [name]: requests.some((request) => carries(request.body, news[name])) }).toEqual({ [name]: true });
  }
}

/** Parents made through their own declarations; deleted in reverse when done. */
async function makeParents(parents: readonly { type: string; inputs: Args }[]): Promise<() => Promise<void>> {
  const made: Array<{ provider: DynamicProvider; id: string; outs: State }> = [];
  for (const parent of parents) {
    const provider = dynamicProvider(declarationFor(parent.type));
    made.push({ provider, ...(await provider.create(await checked(provider, parent.inputs))) });
  }
  return async () => {
    for (const { provider, id, outs } of made.reverse()) await provider.delete(id, outs);
  };
}

async function runSamples(declaration: ResourceDeclaration): Promise<void> {
  const problems = sampleProblems(declaration);
  if (problems.length > 0) {
    throw new Error(
      `${typeKey(declaration)} cannot pass conformance: ${problems.join("; ")}. Add \`samples\` to its declaration ` +
        "(valid inputs, the parents they need, a new value for each mutable input and for each immutable one): see DEVELOPERS.md.",
    );
  }
  const samples = declaration.samples!;
  const readable = declaration.importable !== false;
  const provider = dynamicProvider(declaration);
  const { replacing } = inputKinds(declaration);
  const api = emulator.current;
  await api.reset();
  const removeParents = await step("parents", () => makeParents(samples.parents ?? []));
  const before = await api.objects();

  let given: Args = { ...samples.inputs };
  let inputs = await step("check", () => checked(provider, given));
  const created = await step("create", async () => {
    let result: { id: string; outs: State } | undefined;
    const writes = await writesDuring(api, async () => (result = await provider.create(inputs)));
    expect(writes.length).toBeGreaterThan(0);
    return result!;
  });
  const { id } = created;
  let state = created.outs;
  const identity = matchTemplate(declaration.id.format, id) ?? {};
  const item = `/${fillTemplate(declaration.paths.item, { ...pathValues(declaration, inputs), ...identity })}`;

  await step("the emulator holds the object", async () => {
    // Objects of their own are listed (one new entry, naming what the state names); an access
    // policy is part of its zone and is not: reading it back below shows what the emulator holds.
    const added = addedObjects(before, await api.objects());
    expect(added.length).toBeLessThanOrEqual(1);
    for (const [key, value] of Object.entries(added[0] ?? {}).filter(([key]) => key in state)) {
      // The emulator names a CI project by its slug, vcs/owner/name.
      const agrees = value === state[key] || (typeof value === "string" && value.endsWith(`/${String(state[key])}`));
      expect({ [key]: agrees ? state[key] : value }).toEqual({ [key]: state[key] });
    }
  });
  if (readable) {
    await step("read equals the create state", async () => expect(await provider.read(id, state)).toEqual({ id, props: state }));
  }
  await step("diff against the same inputs", async () => expect(await provider.diff(id, state, inputs)).toEqual({ changes: false }));

  for (const [index, change] of samples.updates.entries()) {
    await step(`updates[${index}] (${Object.keys(change).join(", ")})`, async () => {
      const nextGiven = applyChange(given, change);
      const next = await checked(provider, nextGiven);
      expect(await provider.diff(id, state, next)).toEqual({ changes: true });
      let outs: State = {};
      const writes = await writesDuring(api, async () => (outs = (await provider.update(id, state, next)).outs));
      expectUpdateWrites(declaration, writes, item, inputs, next, change, state);
      if (readable) {
        const read = await provider.read(id, outs);
        expect(read).toEqual({ id, props: outs });
        for (const name of Object.keys(change).filter((name) => next[name] !== undefined)) {
          const same = declaration.equal?.[name] ?? isDeepStrictEqual;
          expect({ [name]: same(read.props?.[name], next[name], next) ? next[name] : read.props?.[name] }).toEqual({ [name]: next[name] });
        }
        expect(await provider.diff(id, read.props ?? {}, next)).toEqual({ changes: false });
      }
      [given, inputs, state] = [nextGiven, next, outs];
    });
  }

  for (const [index, change] of samples.replacements.entries()) {
    await step(`replacements[${index}] (${Object.keys(change).join(", ")})`, async () => {
      const next = await checked(provider, applyChange(given, change));
      const replaces = replacing.filter((name) => name in change);
      // The old object goes first when the new one would keep its id (no part of it changes, and
      // none is assigned anew by the server), or when the declaration says the two exclude each
      // other; otherwise the new one is made first, so nothing goes missing in between.
      const rule = declaration.deleteBeforeReplace;
      const deleteFirst =
        ((declaration.id.serverAssigned ?? []).length === 0 && placeholders(declaration.id.format).every((name) => !replaces.includes(name))) ||
        (typeof rule === "function" ? rule(state, next) : rule === true);
      const diff = await provider.diff(id, state, next);
      expect({ ...diff, replaces: [...(diff.replaces ?? [])].sort() }).toEqual({
        changes: true,
        replaces: [...replaces].sort(),
        ...(deleteFirst && { deleteBeforeReplace: true }),
      });
    });
  }

  const forms = [declaration.id.format, ...declaration.id.importFormats];
  for (const form of forms) {
    const importId = formatId(form, Object.fromEntries(placeholders(form).map((name) => [name, identity[name] ?? ""])));
    await step(`import by ${form}`, async () => {
      if (!readable) {
        await expect(provider.create({ ...inputs, __import: importId })).rejects.toThrow(/cannot be imported: the API offers no way to read it back/);
        return;
      }
      const withImport = await checked(provider, { ...given, __import: importId });
      let imported: { id: string; outs: State } | undefined;
      expect(await writesDuring(api, async () => (imported = await provider.create(withImport)))).toEqual([]);
      expect(imported?.id).toBe(id);
      // What only the create reports (a follow's first build) cannot be imported; everything else is the same.
      const outs = imported?.outs ?? {};
      expect(outs).toEqual(Object.fromEntries(Object.keys(outs).map((key) => [key, state[key]])));
      const missing = Object.keys(state).filter((key) => !(key in outs));
      expect(missing.filter((key) => !(key in declaration.outputs))).toEqual([]);
    });
  }

  if (abandons(declaration.steps?.delete)) {
    await step("delete (abandon: no request changes it, it stays readable at the emulator)", async () => {
      expect(await writesDuring(api, async () => {
        await provider.delete(id, state);
        await provider.delete(id, state);
      })).toEqual([]);
      expect((await provider.read(id, state)).id).toBe(id);
      expect(addedObjects(before, await api.objects())).toHaveLength(1);
    });
    await step("delete the parents", removeParents);
    return;
  }
  await step("delete", async () => {
    await provider.delete(id, state);
    await provider.delete(id, state);
    if (readable) {
      // Gone; an authoritative policy, which always exists, is left without bindings.
      const { props } = await provider.read(id, state);
      const leftover = Object.entries(props ?? {}).filter(([name, value]) => name in declaration.args.shape && !(name in identity) && !isEmptyValue(value));
      expect(leftover).toEqual([]);
    }
    expect(addedObjects(before, await api.objects())).toEqual([]);
  });
  await step("delete the parents", removeParents);
}

describe.each(declarations.map((declaration) => [typeKey(declaration), declaration] as const))("%s", (_key, declaration) => {
  const lifecycle =
    declaration.importable === false
      ? "check, create, diff, replacements, import refused, delete (no read back: the API cannot read it, so read, read-after-update and gone-at-read are skipped)"
      : "check, create, read, diff, updates, replacements, import by every form, delete";
  it(`passes the conformance run from its samples: ${lifecycle}`, async () => {
    await runSamples(declaration);
  });
});
