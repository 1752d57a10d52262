/**
 * One conformance run of a declaration, driven through a provider made from it
 * (`dynamicProvider(declaration)`, or the provider plugin's gRPC service) against the in-process emulator (no engine),
 * from the samples it declares (`samples` in its declaration): check, create
 * (the emulator holds the object), read, an empty diff, each update in place
 * (its write request holds only the change), each replacement (diff), import
 * by each id form (no create request), delete (twice), and nothing left.
 * A resource is added by its declaration alone: nothing here names one.
 */
import { isDeepStrictEqual } from "node:util";
import { typeKey, type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration/declaration";
import { type DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { pathValues } from "../../provider/engine/declaration/template";
import { comparisonFor } from "../../provider/engine/plan/diff";
import { abandons } from "../../provider/engine/declaration/steps";
import { fillTemplate, formatId, matchTemplate, placeholders } from "../../provider/engine/declaration/template";
import { resolveApiSettings, settingsOf } from "../../provider/config";
import { declarationFor } from "../../provider/registry";
import type { RunningEmulator } from "./emulatorControl";
import { writesDuring } from "./requests";
import { addedObjects, applyChange, inputKinds, sampleProblems, withParentOutputs } from "./samples";
import { step, checked, isEmptyValue, expectUpdateWrites } from "./conformanceChecks";
import { updateOf } from "../../provider/engine/declaration/steps";
import { CONTROL_INPUTS, diffArgs } from "../../provider/engine/plan/diff";
import { planStep } from "../../provider/engine/plan/planStep";
import { followsPlan } from "./planLog";
import type { Recorder } from "./recorder";
import { runTogether } from "./conformanceTogether";

/** The provider a run drives, for a declaration (its own, and each of its parents'). */
export type ProviderOf = (declaration: ResourceDeclaration) => DynamicProvider;

async function makeParents(
  parents: readonly { type: string; inputs: Args }[],
  providerOf: ProviderOf,
): Promise<{ states: State[]; remove: () => Promise<void> }> {
  const made: Array<{ provider: DynamicProvider; id: string; outs: State }> = [];
  for (const parent of parents) {
    const provider = providerOf(declarationFor(parent.type));
    made.push({ provider, ...(await provider.create(await checked(provider, parent.inputs))) });
  }
  return {
    states: made.map(({ outs }) => outs),
    remove: async () => {
      for (const { provider, id, outs } of made.reverse()) await provider.delete(id, outs);
    },
  };
}

/** The lifecycle a declaration's test says it runs. */
export function lifecycleOf(declaration: ResourceDeclaration): string {
  return declaration.importable === false
    ? "check, create, diff, replacements, import refused, delete (no read back: the API cannot read it, so read, read-after-update and gone-at-read are skipped)"
    : "check, create, read, diff, updates, replacements, import by every form, delete";
}

/**
 * How an import adopts: `adopt` (the dynamic SDK's `{ import }`: the program's inputs complete what
 * the API answers) or `read` (the engine's own import: what the API answers is all there is, as
 * `pulumi import` writes it into the program; an input the API never answers is not imported).
 */
export type ImportMode = "adopt" | "read";

export async function runSamples(
  declaration: ResourceDeclaration,
  providerOf: ProviderOf,
  emulator: { readonly current: RunningEmulator },
  recording: Recorder,
  imports: ImportMode = "adopt",
): Promise<void> {
  const problems = sampleProblems(declaration);
  if (problems.length > 0) {
    throw new Error(
      `${typeKey(declaration)} cannot pass conformance: ${problems.join("; ")}. Add \`samples\` to its declaration ` +
        "(valid inputs, the parents they need, a new value for each mutable input and for each immutable one): see DEVELOPERS.md.",
    );
  }
  const declared = declaration.samples!;
  const readable = declaration.importable !== false;
  // No read endpoint, but an end in time (a channel): read gives the stored state until then, so a
  // delete cannot show at read; that nothing is left shows at the emulator.
  const endsByItself = typeof declaration.steps?.read === "object" && "storedUntil" in declaration.steps.read;
  const provider = providerOf(declaration);
  const { replacing } = inputKinds(declaration);
  const api = emulator.current;
  await api.reset();
  const { states: parentStates, remove: removeParents } = await step("parents", () => makeParents(declared.parents ?? [], providerOf));
  const samples = withParentOutputs(declared, parentStates);
  const before = await api.objects();

  let given: Args = { ...samples.inputs };
  let inputs = await step("check", () => checked(provider, given));
  // The API's base address may have a path of its own (the calendar's `/calendar/v3`), which the emulator's log shows.
  const basePath = new URL(resolveApiSettings(declaration.api, settingsOf()).baseUrl).pathname.replace(/\/+$/, "");
  // Each step sends exactly the requests the engine planned for it (what svc-plan prints): the recording client says so.
  // The plan is of the object's inputs: what steers the provider (an ownership record's key, which the plugin takes from the URN) is no part of it.
  // A read answers the state; the dynamic provider (which imports by adopting) with `refreshInputs` also the inputs as found
  // (each input the state holds), for the engine's own diff: the dynamic host drops the detailed one, which the plugin keeps.
  const inputNames = Object.keys(declaration.args.shape);
  const readOf = (props: State): { id: string; props: State; inputs?: Args } => ({
    id,
    props,
    ...(declaration.refreshInputs !== undefined &&
      imports === "adopt" && {
        inputs: Object.fromEntries(inputNames.filter((name) => props[name] !== undefined).map((name) => [name, props[name]])),
      }),
  });
  const objectOf = (values: Args): Args => Object.fromEntries(Object.entries(values).filter(([key]) => !CONTROL_INPUTS.has(key) || key === "__import"));
  const planned = <T>([kind, facts]: Parameters<typeof planStep>, work: () => Promise<T>): Promise<T> =>
    followsPlan(recording, basePath, planStep(kind, { ...facts, news: objectOf(facts.news) }), work);
  const created = await step("create", async () => {
    let result: { id: string; outs: State } | undefined;
    const writes = await writesDuring(
      api,
      async () => (result = await planned(["create", { declaration, olds: {}, news: inputs }], () => provider.create(inputs))),
    );
    expect(writes.length).toBeGreaterThan(0);
    return result!;
  });
  const { id } = created;
  let state = created.outs;
  const identity = matchTemplate(declaration.id.format, id) ?? {};
  // An object that moves (an event to another calendar) keeps its id; where it is now is the state's.
  const moveField = updateOf(declaration.update).move?.field;
  const current = (): Record<string, string> =>
    moveField === undefined || typeof state[moveField] !== "string" ? identity : { ...identity, [moveField]: state[moveField] };
  const pathOf = (values: Record<string, string>): string =>
    `${basePath}/${fillTemplate(declaration.paths.item, { ...pathValues(declaration, inputs), ...values })}`;
  const itemPath = (): string => pathOf(current());

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
    await step("read equals the create state", async () =>
      expect(await planned(["read", { declaration, id, olds: state, news: state }], () => provider.read(id, state))).toEqual(readOf(state)),
    );
  }
  await step("diff against the same inputs", async () => expect(await provider.diff(id, state, inputs)).toEqual({ changes: false }));

  for (const [index, change] of samples.updates.entries()) {
    await step(`updates[${index}] (${Object.keys(change).join(", ")})`, async () => {
      const nextGiven = applyChange(given, change);
      const next = await checked(provider, nextGiven);
      // A request option (sendNotifications) is never part of the object: a change of it alone is no update and no request.
      const noChange = Object.keys(change).every((name) => declaration.requestOptions?.[name] !== undefined);
      if (noChange) {
        expect(await provider.diff(id, state, next)).toEqual({ changes: false });
        [given, inputs] = [nextGiven, next];
        return;
      }
      // Each property the change names, by what happens to it, none replacing: what a host shows as the detailed diff.
      const diffed = await provider.diff(id, state, next);
      expect({ ...diffed, detailedDiff: undefined }).toEqual({ changes: true, detailedDiff: undefined });
      const options = Object.keys(declaration.requestOptions ?? {});
      const kindOf = (name: string): string => (isEmptyValue(state[name]) ? "add" : isEmptyValue(next[name]) ? "delete" : "update");
      const named = Object.keys(change).filter((name) => !options.includes(name) && !(isEmptyValue(state[name]) && isEmptyValue(next[name])));
      // An input read entry by entry (a zone's records map) is named by the paths inside it that changed (`records.www.A.ttl`),
      // also when another input changes what it says (a default TTL).
      const inside = (name: string): boolean => declaration.detail?.[name] !== undefined;
      const detailed = Object.entries(diffed.detailedDiff ?? {});
      const detailFields = Object.keys(declaration.detail ?? {});
      for (const [path, kind] of detailed.filter(([path]) => detailFields.some((name) => path.startsWith(`${name}.`) || path.startsWith(`${name}[`)))) {
        expect({ [path]: kind }).toEqual({ [path]: expect.stringMatching(/^(add|delete|update)$/) });
      }
      expect(Object.fromEntries(detailed.filter(([path]) => !detailFields.some((name) => path.startsWith(`${name}.`) || path.startsWith(`${name}[`))))).toEqual(
        Object.fromEntries(named.filter((name) => !inside(name)).map((name) => [name, kindOf(name)])),
      );
      for (const name of named.filter(inside)) {
        const paths = detailed.filter(([path]) => path.startsWith(`${name}.`) || path.startsWith(`${name}[`));
        expect({ [name]: paths.length > 0 && paths.every(([, kind]) => ["add", "delete", "update"].includes(kind)) }).toEqual({ [name]: true });
      }
      const item = itemPath();
      const after = moveField !== undefined && moveField in change ? pathOf({ ...current(), [moveField]: String(next[moveField]) }) : item;
      // What a merged PUT starts from: the live object, as the API answers it.
      const live = typeof updateOf(declaration.update).send === "object" ? ((await api.api("GET", item)).body as Record<string, unknown>) : {};
      let outs: State = {};
      const diff = diffArgs(declaration, state, next);
      const writes = await writesDuring(api, () =>
        planned(["update", { declaration, id, olds: state, news: next, diff }], async () => (outs = (await provider.update(id, state, next)).outs)),
      );
      expectUpdateWrites(declaration, writes, { item, after }, inputs, next, change, live, state);
      if (readable) {
        const read = await provider.read(id, outs);
        expect(read).toEqual(readOf(outs));
        for (const name of Object.keys(change).filter((name) => next[name] !== undefined)) {
          const own = declaration.equal?.[name];
          const same = own === undefined ? isDeepStrictEqual : comparisonFor(own);
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
      expect({ ...diff, replaces: [...(diff.replaces ?? [])].sort(), detailedDiff: undefined }).toEqual({
        changes: true,
        replaces: [...replaces].sort(),
        ...(deleteFirst && { deleteBeforeReplace: true }),
        detailedDiff: undefined,
      });
      // What replaces is named as replacing in the detailed diff; what changes beside it, as an update in place would be.
      for (const name of replaces) expect({ [name]: diff.detailedDiff?.[name] }).toEqual({ [name]: expect.stringMatching(/-replace$/) });
      for (const [name, kind] of Object.entries(diff.detailedDiff ?? {}).filter(([name]) => !replaces.includes(name))) {
        expect({ [name]: kind }).toEqual({ [name]: expect.stringMatching(/^(add|delete|update)$/) });
      }
    });
  }

  const forms = [declaration.id.format, ...declaration.id.importFormats];
  for (const form of forms) {
    const importId = formatId(form, Object.fromEntries(placeholders(form).map((name) => [name, current()[name] ?? ""])));
    await step(`import by ${form}`, async () => {
      // The engine's own import has the id alone: a short form that leaves out a part the program's inputs give is refused, naming the full form.
      const partsLeftOut = placeholders(declaration.id.format).filter(
        (part) => !placeholders(form).includes(part) && !(part === "project" && declaration.projectScoped === true),
      );
      if (imports === "read" && readable && partsLeftOut.length > 0) {
        await expect(provider.create({ ...inputs, __import: importId })).rejects.toThrow(/an import by the engine needs the full form/);
        return;
      }
      if (!readable) {
        await expect(provider.create({ ...inputs, __import: importId })).rejects.toThrow(/cannot be imported: the API offers no way to read it back/);
        return;
      }
      const withImport = await checked(provider, { ...given, __import: importId });
      let imported: { id: string; outs: State } | undefined;
      // The engine's own import (`read` mode) is a Read by the id, not the dynamic SDK's adoption: no write is all its plan says.
      const adopt = async () => (imported = await provider.create(withImport));
      const adopting = imports === "read" ? adopt() : planned(["adopt", { declaration, olds: {}, news: withImport, importId }], adopt);
      expect(await writesDuring(api, () => adopting)).toEqual([]);
      // A moved object is imported by where it is now (its id names its first place).
      expect(imported?.id).toBe(moveField === undefined ? id : importId);
      // What only the create reports (a follow's first build) cannot be imported; everything else is the same.
      // The engine's own import reads the object alone: what the API never sees (a local input) is not read back.
      const local: readonly string[] = imports === "read" ? (declaration.localInputs ?? []) : [];
      const outs = Object.fromEntries(Object.entries(imported?.outs ?? {}).filter(([key]) => !local.includes(key)));
      expect(outs).toEqual(Object.fromEntries(Object.keys(outs).map((key) => [key, state[key]])));
      // What steers the provider (the ownership record's key) is no property of the object.
      const missing = Object.keys(state).filter((key) => !(key in outs) && !CONTROL_INPUTS.has(key));
      const notAnswered = imports === "read" ? Object.keys(declaration.args.shape) : [];
      expect(missing.filter((key) => !(key in declaration.outputs) && !notAnswered.includes(key))).toEqual([]);
    });
  }

  if (abandons(declaration.steps?.delete)) {
    await step("delete (abandon: no request changes it, it stays readable at the emulator)", async () => {
      expect(
        await writesDuring(api, async () => {
          await provider.delete(id, state);
          await provider.delete(id, state);
        }),
      ).toEqual([]);
      expect((await provider.read(id, state)).id).toBe(id);
      expect(addedObjects(before, await api.objects())).toHaveLength(1);
    });
    await step("delete the parents", removeParents);
    return;
  }
  await step("delete", async () => {
    await planned(["delete", { declaration, id, olds: state, news: {} }], () => provider.delete(id, state));
    await provider.delete(id, state);
    if (readable && !endsByItself) {
      // Gone; an authoritative policy, which always exists, is left without bindings, a zone's records without record sets
      // (what steers the provider, a local input or a setting with a default, is no part of the object).
      const { props } = await provider.read(id, state);
      const steering = (name: string): boolean =>
        (declaration.localInputs ?? []).includes(name) || (declaration.args.shape[name] as { _zod: { def: { type: string } } })._zod.def.type === "default";
      const leftover = Object.entries(props ?? {}).filter(
        ([name, value]) => name in declaration.args.shape && !(name in identity) && !steering(name) && !isEmptyValue(value),
      );
      expect(leftover).toEqual([]);
    }
    expect(addedObjects(before, await api.objects())).toEqual([]);
  });
  // Writes that join into one request, compared with the joint plan of the steps that run together.
  if (samples.together !== undefined) await runTogether(declaration, provider, recording, basePath, objectOf, samples.together);
  await step("delete the parents", removeParents);
}
