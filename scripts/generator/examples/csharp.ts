/** The examples in C#: object initializers of the generated classes, their nested `Inputs` types and enum members. */
import type { Program, Statement, Value } from "./model";
import { argumentSpec, functionKey, pascal, shapeOf, type Spec } from "./schemaTypes";
import { indent, ownerOf, secretsOf, str, type Context } from "./common";

// ---------------------------------------------------------------- C#

const CSHARP_KEYWORDS = new Set([
  "default",
  "group",
  "public",
  "private",
  "internal",
  "protected",
  "static",
  "class",
  "event",
  "object",
  "string",
  "base",
  "new",
  "operator",
]);

/** The member the .NET generator names for an enum value: its words (split at anything but letters and digits) each capitalised; `@` before a C# keyword. */
export const csharpEnumMember = (value: string): string => {
  const name = value
    .split(/[^A-Za-z0-9]+/)
    .map((word) => pascal(word))
    .join("");
  return CSHARP_KEYWORDS.has(name.toLowerCase()) ? `@${name}` : name;
};

function csValue(context: Context, value: Value, spec: Spec | undefined): string {
  const shape = shapeOf(context.schema, spec);
  switch (value.kind) {
    case "string":
      return shape.kind === "enum" ? `Svc.${pascal(shape.module)}.${shape.name}.${csharpEnumMember(value.value)}` : str(value.value);
    case "number":
    case "bool":
      return String(value.value);
    case "array": {
      const items = shape.kind === "array" ? shape.items : undefined;
      return `new[]\n{\n${value.items.map((item) => `    ${indent(csValue(context, item, items), "    ")},`).join("\n")}\n}`;
    }
    case "object":
      if (shape.kind === "object")
        return `new Svc.${pascal(shape.module)}.Inputs.${shape.name}Args\n{\n${value.entries
          .map(([key, item]) => `    ${pascal(key)} = ${indent(csValue(context, item, shape.properties[key]), "    ")},`.replace(/ = \n/, " =\n"))
          .join("\n")}\n}`;
      return `\n{\n${value.entries.map(([key, item]) => `    { ${str(key)}, ${csValue(context, item, undefined)} },`).join("\n")}\n}`;
    case "ref":
      return value.property === "" ? value.variable : `${value.variable}.${pascal(value.property)}`;
    case "secret":
      return `config.RequireSecret(${str(value.key)})`;
  }
}

export function csharp(context: Context, program: Program): string {
  const body: string[] = [];
  if (secretsOf(program)) body.push("var config = new Config();");
  const exports: string[] = [];
  const args = (statement: Statement & { args: ReadonlyArray<readonly [string, Value]> }): string =>
    `new()\n{\n${statement.args
      .map(([key, value]) =>
        `    ${pascal(key)} = ${indent(csValue(context, value, argumentSpec(context.schema, ownerOf(statement), key)), "    ")},`.replace(/ = \n/, " =\n"),
      )
      .join("\n")}\n}`;
  for (const statement of program.statements) {
    if (statement.kind === "export") exports.push(`[${str(statement.name)}] = ${csValue(context, statement.value, undefined)},`);
    else if (statement.kind === "invoke") {
      const hasInputs = context.schema.functions[functionKey(statement.module, statement.fn)]?.inputs !== undefined;
      body.push(`var ${statement.variable} = Svc.${pascal(statement.module)}.${pascal(statement.fn)}.Invoke(${hasInputs ? args(statement) : ""});`);
    } else {
      const variable = statement.variable ?? statement.name.replace(/[^A-Za-z0-9]+(.)/g, (_, next: string) => next.toUpperCase());
      body.push(`var ${variable} = new Svc.${pascal(statement.module)}.${statement.type}(${str(statement.name)}, ${args(statement)});`);
    }
  }
  body.push(
    exports.length === 0
      ? "return new Dictionary<string, object?>();"
      : `return new Dictionary<string, object?>\n{\n${exports.map((line) => `    ${line}`).join("\n")}\n};`,
  );
  return [
    "using System.Collections.Generic;",
    "using Pulumi;",
    "using Svc = Pulumi.Svc;",
    "",
    "return await Deployment.RunAsync(() =>",
    "{",
    ...body.map((line) => `    ${indent(line, "    ")}`),
    "});",
  ].join("\n");
}
