/**
 * Generated inputs over every resource in the registry:
 * 1. invalid values of each property (wrong types, dot segments, oversized
 *    strings, bad enum values) fail at check, naming the property, with a
 *    bounded message;
 * 2. valid inputs, driven create -> read -> delete against the in-process
 *    emulator, send requests only to the paths their identity names;
 * 3. ids read back as the values they were made of, for every id format.
 */
import * as fc from "fast-check";
import type { z } from "zod";
import { pathValues } from "../../provider/engine/declaration/template";
import { resolveApiSettings, settingNames, settingsOf } from "../../provider/config";
import { typeKey, type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { fillTemplate, formatId, matchAny, matchTemplate, placeholders } from "../../provider/engine/declaration/template";
import { ApiError } from "../../provider/http/answer";
import { declarations } from "../../provider/registry";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";
import { fixtureFor, useEmulator } from "./generated-inputs-fixtures";
import { kindOf, serverAssigned, identities, pick } from "../support/inputArbitraries";
import { API_MANIFESTS } from "../../provider/apis";

const env = { ...process.env };
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator("generated-inputs-token");
  useEmulator(emulator);
  process.env["SVC_EMULATOR_URL"] = emulator.url;
  for (const manifest of API_MANIFESTS) if (manifest.settings === undefined) process.env[settingNames(manifest.name).token[1]] = emulator.token;
  process.env["SVC_PROJECT"] = "default-project";
});

afterAll(async () => {
  process.env = { ...env };
  await emulator.close();
});

// --- values each schema accepts ---------------------------------------------------------

/** Members of the documented forms (the schema refuses the rest). */
/** Inputs placed in request paths: these must stay one segment naming the object. */
function pathPlaceholders(declaration: ResourceDeclaration): string[] {
  const { collection, item, related = [] } = declaration.paths;
  return [...new Set([collection, item, ...related].flatMap(placeholders))].filter(
    (name) => !serverAssigned(declaration).includes(name) && declaration.args.shape[name] !== undefined,
  );
}

const MEGABYTE = "a".repeat(1 << 20);

/** Values that are wrong for the property: of another type, not one of its enum values, and for path inputs dot segments and oversized strings. */
function invalidValues(declaration: ResourceDeclaration, name: string): fc.Arbitrary<unknown> {
  const schema = declaration.args.shape[name] as z.ZodType;
  const kind = kindOf(schema);
  const wrongType: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    ),
    enum: fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.string().filter((value) => !schema.safeParse(value).success),
    ),
    number: fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
    boolean: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    array: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 })),
    object: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
    // An int64 given as a string or a number: anything else, or a number that is no safe integer.
    union: fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.constantFrom(1.5, 2 ** 60, "12a", "-2")),
    record: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
  };
  const ofAnotherType = wrongType[kind];
  if (ofAnotherType === undefined) throw new Error(`${typeKey(declaration)}.${name}: add invalid values for a ${kind}`);
  const choices: fc.Arbitrary<unknown>[] = [ofAnotherType];
  if (pathPlaceholders(declaration).includes(name)) {
    choices.push(
      fc.constantFrom(".", "..", "%2e", "%2E%2e", ".%2E"),
      fc.integer({ min: 300, max: 4000 }).chain((length) => fc.constantFrom("a".repeat(length), `${"a".repeat(60)}.`.repeat(Math.ceil(length / 61)))),
      fc.constant(MEGABYTE),
    );
  }
  return fc.oneof(...choices);
}

describe.each(declarations.map((declaration) => [typeKey(declaration), declaration] as const))("%s", (_key, declaration) => {
  const fixture = fixtureFor(declaration);

  it("refuses every invalid value of every property at check, naming it, in a bounded message", async () => {
    const provider = dynamicProvider(declaration);
    const [base] = fc.sample(fixture.inputs, { numRuns: 1, seed: 7 });
    expect((await provider.check({}, base ?? {})).failures).toBeUndefined();
    for (const name of Object.keys(declaration.args.shape)) {
      await fc.assert(
        fc.asyncProperty(invalidValues(declaration, name), async (value) => {
          const { failures } = await provider.check({}, { ...base, [name]: value });
          expect(failures?.some((failure) => failure.property === name || failure.property.startsWith(`${name}.`))).toBe(true);
          for (const failure of failures ?? [])
            // 800 characters, then "… (N characters)" when cut
            expect(failure.reason.length).toBeLessThanOrEqual(830);
        }),
        { numRuns: 25 },
      );
    }
  });

  it("ids read back as the values they were made of, for arbitrary values and every id format", () => {
    const formats = [declaration.id.format, ...declaration.id.importFormats];
    const anyValue = fc.string({ unit: "binary", minLength: 1, maxLength: 12 });
    const arbitrary = fc.record(Object.fromEntries(placeholders(declaration.id.format).map((name) => [name, anyValue])));
    for (const format of formats) {
      fc.assert(
        fc.property(fc.oneof(identities(declaration), arbitrary), (identity) => {
          const values = pick(identity, placeholders(format));
          const id = formatId(format, values);
          expect(matchTemplate(format, id)).toEqual(values);
          // What an import parses: the first accepted form that fits is this one.
          expect(matchAny(formats, id)).toEqual(values);
        }),
        { numRuns: 300 },
      );
    }
  });

  it("sends every request of create, read and delete to the paths its identity names", async () => {
    const provider = dynamicProvider(declaration);
    let completed = 0;
    await fc.assert(
      fc.asyncProperty(fixture.inputs, async (inputs) => {
        await fixture.setup?.(inputs);
        const from = (await emulator.requests()).length;
        const checked = await provider.check({}, inputs);
        expect(checked.failures).toBeUndefined();
        const identity = {
          ...pathValues(declaration, checked.inputs ?? {}),
          ...pick(
            inputs as Record<string, string>,
            pathPlaceholders(declaration).filter((name) => inputs[name] !== undefined),
          ),
        };
        let created: { id: string } | undefined;
        try {
          created = await provider.create(checked.inputs ?? {});
        } catch (error) {
          if (!(fixture.absent?.(inputs) === true && error instanceof ApiError && error.status === 404)) throw error;
        }
        if (created !== undefined) {
          Object.assign(identity, matchTemplate(declaration.id.format, created.id));
          expect((await provider.read(created.id, { ...checked.inputs })).id).toBe(created.id);
          await provider.delete(created.id, { ...checked.inputs, ...identity });
          completed++;
        }
        // The API's base address may have a path of its own (the calendar's `/calendar/v3`).
        const basePath = new URL(resolveApiSettings(declaration.api, settingsOf()).baseUrl).pathname.replace(/\/+$/, "");
        const bases = [declaration.paths.collection, declaration.paths.item, ...(declaration.paths.related ?? [])]
          .filter((template) => placeholders(template).every((name) => identity[name] !== undefined))
          .map((template) => `${basePath}/${fillTemplate(template, identity)}`);
        const requests = (await emulator.requests()).slice(from);
        expect(requests.length).toBeGreaterThan(0);
        const elsewhere = requests.filter(({ path }) => !bases.some((base) => path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}:`)));
        expect({ inputs, elsewhere }).toEqual({ inputs, elsewhere: [] });
      }),
      { numRuns: 8 },
    );
    expect(completed).toBeGreaterThan(0);
  });
});
