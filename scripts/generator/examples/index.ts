/**
 * The registry's examples, written into the package schema's descriptions as Pulumi providers
 * write them (`{{% examples %}}` with one code block per language): the Registry shows them in
 * every language's tab, and each language's generator keeps its own block in the SDK's doc
 * comments. Every resource's example is its declaration's `docs.example`; every function's is a
 * call with its required arguments, whose values are ARGUMENT_EXAMPLES (an argument without one
 * fails the generator, naming it).
 */
import type { ResourceDeclaration } from "../../../provider/engine/declaration/declaration";
import { withArticle } from "../properties";
import { functionProgram, resourceProgram, type Program, type Value } from "./model";
import { LANGUAGES, render } from "./render";
import { shapeOf, type SchemaView } from "./schemaTypes";

/** An example value of each required function argument, by its name. */
export const ARGUMENT_EXAMPLES: Readonly<Record<string, string | number>> = {
  adSourceId: "5450213213286189855",
  buildNum: 42,
  calendarId: "primary",
  eventId: "standup-2030",
  managedZone: "example-zone",
  project: "api",
  publisherId: "pub-1234567890123456",
  quotaId: "CPUS-per-project-region",
  responsePolicy: "overrides",
  service: "compute.googleapis.com",
  setting: "timezone",
  timeMax: "2030-01-08T00:00:00Z",
  timeMin: "2030-01-07T00:00:00Z",
  userKey: "all",
  username: "acme",
};

/** The `{{% examples %}}` block of a program, with `title`. */
export function examplesBlock(title: string, program: Program, schema: SchemaView, goModule: string): string {
  const blocks = LANGUAGES.map((language) => `\`\`\`${language}\n${render(program, language, schema, goModule)}\n\`\`\``);
  return ["{{% examples %}}", "## Example Usage", "", "{{% example %}}", `### ${title}`, "", ...blocks, "", "{{% /example %}}", "{{% /examples %}}"].join("\n");
}

interface MutableSchema extends SchemaView {
  readonly resources: Record<string, { description?: string } & SchemaView["resources"][string]>;
  readonly functions: Record<
    string,
    { description?: string; inputs?: { properties?: Record<string, never>; required?: readonly string[] } } & SchemaView["functions"][string]
  >;
}

/** A function's call with its required arguments. */
export function functionExample(schema: SchemaView, token: string): Program {
  const [, module = "", fn = ""] = /^[^:]+:([^/]+)\/([^:]+):/.exec(token) ?? [];
  const inputs = (schema.functions[token] as { inputs?: { properties?: Record<string, unknown>; required?: readonly string[] } } | undefined)?.inputs;
  const args = (inputs?.required ?? []).map((name): [string, Value] => {
    const spec = schema.functions[token]?.inputs?.properties?.[name];
    const shape = shapeOf(schema, spec);
    if (shape.kind === "enum") {
      const first = schema.types[(spec?.$ref ?? "").replace(/^#\/types\//, "")]?.enum?.[0]?.value;
      return [name, { kind: "string", value: String(first) }];
    }
    const example = ARGUMENT_EXAMPLES[name];
    if (example === undefined)
      throw new Error(`${token}: its required argument ${name} has no example value: add one to ARGUMENT_EXAMPLES (scripts/generator/examples/index.ts)`);
    return [name, typeof example === "number" ? { kind: "number", value: example } : { kind: "string", value: example }];
  });
  return functionProgram(module, fn, args);
}

/** Appends each resource's and function's examples to its description. */
export function addExamples(
  schema: MutableSchema,
  declarations: readonly ResourceDeclaration[],
  tokenOf: (declaration: ResourceDeclaration) => string,
  goModule: string,
): void {
  for (const declaration of declarations) {
    const resource = schema.resources[tokenOf(declaration)];
    if (resource === undefined) continue;
    resource.description = `${resource.description ?? ""}\n\n${examplesBlock(withArticle(declaration.name).replace(/^a/, "A"), resourceProgram(declaration, declarations), schema, goModule)}`;
  }
  for (const [token, fn] of Object.entries(schema.functions)) {
    fn.description = `${fn.description ?? ""}\n\n${examplesBlock("A call", functionExample(schema, token), schema, goModule)}`;
  }
}

/** Every example of `language` the schema's descriptions hold, by the token of its resource or function. */
export function examplesIn(
  schema: { resources: Record<string, { description?: string }>; functions: Record<string, { description?: string }> },
  language: string,
): Array<{ token: string; code: string }> {
  const found: Array<{ token: string; code: string }> = [];
  for (const [token, spec] of [...Object.entries(schema.resources), ...Object.entries(schema.functions)]) {
    const block = new RegExp("```" + language + "\\n([\\s\\S]*?)\\n```").exec(spec.description ?? "");
    if (block !== null) found.push({ token, code: block[1]! });
  }
  return found;
}
