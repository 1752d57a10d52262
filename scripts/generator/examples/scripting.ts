/** The examples in TypeScript, Python and YAML. */
import type { Program, Statement, Value } from "./model";
import { argumentSpec, functionKey, resourceKey, shapeOf, snake, type Spec } from "./schemaTypes";
import { ownerOf, secretsOf, str, type Context } from "./common";

// ---------------------------------------------------------------- TypeScript

function tsValue(value: Value): string {
  switch (value.kind) {
    case "string":
      return str(value.value);
    case "number":
    case "bool":
      return String(value.value);
    case "array":
      return `[${value.items.map(tsValue).join(", ")}]`;
    case "object":
      return value.entries.length === 0 ? "{}" : `{ ${value.entries.map(([key, item]) => `${key}: ${tsValue(item)}`).join(", ")} }`;
    case "ref":
      return value.property === "" ? value.variable : `${value.variable}.${value.property}`;
    case "secret":
      return `config.requireSecret(${str(value.key)})`;
  }
}

export function typescript(context: Context, program: Program): string {
  const lines = [...(secretsOf(program) ? ['import * as pulumi from "@pulumi/pulumi";'] : []), 'import * as svc from "pulumi-svc";', ""];
  if (secretsOf(program)) lines.push("const config = new pulumi.Config();");
  // A call whose result is exported under its own name is exported as it is made (TypeScript has one name for both).
  const exportedAs = new Set(
    program.statements.flatMap((statement) =>
      statement.kind === "export" && statement.value.kind === "ref" && statement.value.property === "" && statement.value.variable === statement.name
        ? [statement.name]
        : [],
    ),
  );
  for (const statement of program.statements) {
    if (statement.kind === "export") {
      if (!exportedAs.has(statement.name)) lines.push(`export const ${statement.name} = ${tsValue(statement.value)};`);
    } else if (statement.kind === "invoke") {
      const takesArgs = context.schema.functions[functionKey(statement.module, statement.fn)]?.inputs !== undefined;
      const args = takesArgs ? tsValue({ kind: "object", entries: statement.args }) : "";
      lines.push(`${exportedAs.has(statement.variable) ? "export " : ""}const ${statement.variable} = svc.${statement.module}.${statement.fn}Output(${args});`);
    } else
      lines.push(
        `${statement.variable === undefined ? "" : `const ${statement.variable} = `}new svc.${statement.module}.${statement.type}(${str(statement.name)}, ${tsValue({ kind: "object", entries: statement.args })});`,
      );
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------- Python

function pyValue(context: Context, value: Value, spec: Spec | undefined): string {
  const shape = shapeOf(context.schema, spec);
  switch (value.kind) {
    case "string":
      return str(value.value);
    case "number":
      return String(value.value);
    case "bool":
      return value.value ? "True" : "False";
    case "array":
      return `[${value.items.map((item) => pyValue(context, item, shape.kind === "array" ? shape.items : undefined)).join(", ")}]`;
    case "object":
      if (shape.kind === "object")
        return `svc.${shape.module}.${shape.name}Args(${value.entries.map(([key, item]) => `${snake(key)}=${pyValue(context, item, shape.properties[key])}`).join(", ")})`;
      return `{${value.entries.map(([key, item]) => `${str(key)}: ${pyValue(context, item, shape.kind === "map" ? shape.values : undefined)}`).join(", ")}}`;
    case "ref":
      return value.property === "" ? value.variable : `${snake(value.variable)}.${snake(value.property)}`;
    case "secret":
      return `config.require_secret(${str(value.key)})`;
  }
}

export function python(context: Context, program: Program): string {
  const lines = ["import pulumi", "import pulumi_svc as svc", ""];
  if (secretsOf(program)) lines.push("config = pulumi.Config()");
  const args = (statement: Statement & { args: ReadonlyArray<readonly [string, Value]> }): string =>
    statement.args.map(([key, value]) => `${snake(key)}=${pyValue(context, value, argumentSpec(context.schema, ownerOf(statement), key))}`).join(", ");
  for (const statement of program.statements) {
    if (statement.kind === "export") lines.push(`pulumi.export(${str(statement.name)}, ${pyValue(context, statement.value, undefined)})`);
    else if (statement.kind === "invoke") lines.push(`${statement.variable} = svc.${statement.module}.${snake(statement.fn)}_output(${args(statement)})`);
    else {
      const call = `svc.${statement.module}.${statement.type}(${[str(statement.name), ...(statement.args.length > 0 ? [args(statement)] : [])].join(", ")})`;
      lines.push(statement.variable === undefined ? call : `${snake(statement.variable)} = ${call}`);
    }
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------- YAML

const yamlScalar = (text: string): string =>
  /^[A-Za-z][A-Za-z0-9_./@-]*$/.test(text) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(text) ? text : str(text);

function yamlValue(value: Value, names: ReadonlyMap<string, string>, depth: number): string {
  const pad = "  ".repeat(depth);
  switch (value.kind) {
    case "string":
      return yamlScalar(value.value);
    case "number":
    case "bool":
      return String(value.value);
    case "array":
      return value.items.every((item) => item.kind === "string" || item.kind === "number" || item.kind === "bool")
        ? `[${value.items.map((item) => (item.kind === "string" ? str(item.value) : String((item as { value: unknown }).value))).join(", ")}]`
        : value.items.map((item) => `\n${pad}- ${yamlValue(item, names, depth + 1).replace(/^\n\s*/, "")}`).join("");
    case "object":
      return value.entries.map(([key, item]) => `\n${pad}${key}: ${yamlValue(item, names, depth + 1)}`.replace(/: \n/, ":\n")).join("");
    case "ref":
      return `\${${names.get(value.variable) ?? value.variable}${value.property === "" ? "" : `.${value.property}`}}`;
    case "secret":
      return `\${${value.key}}`;
  }
}

export function yaml(program: Program): string {
  // A YAML program names a resource by its key: the variable of the TypeScript is its logical name there.
  const names = new Map<string, string>();
  for (const statement of program.statements)
    if (statement.kind === "resource" && statement.variable !== undefined) names.set(statement.variable, statement.name);
  const secrets = [...new Set([...JSON.stringify(program).matchAll(/"kind":"secret","key":"([^"]+)"/g)].map((match) => match[1]!))];
  const sections: string[] = [];
  if (secrets.length > 0) sections.push(`config:${secrets.map((key) => `\n  ${key}:\n    type: string\n    secret: true`).join("")}`);
  const resources = program.statements.flatMap((statement) =>
    statement.kind === "resource"
      ? [
          `\n  ${statement.name}:\n    type: ${resourceKey(statement.module, statement.type)}${statement.args.length > 0 ? `\n    properties:${yamlValue({ kind: "object", entries: statement.args }, names, 3)}` : ""}`,
        ]
      : [],
  );
  if (resources.length > 0) sections.push(`resources:${resources.join("")}`);
  const invokes = program.statements.flatMap((statement) =>
    statement.kind === "invoke"
      ? [
          `\n  ${statement.variable}:\n    fn::invoke:\n      function: ${functionKey(statement.module, statement.fn)}${statement.args.length > 0 ? `\n      arguments:${yamlValue({ kind: "object", entries: statement.args }, names, 4)}` : ""}`,
        ]
      : [],
  );
  if (invokes.length > 0) sections.push(`variables:${invokes.join("")}`);
  const outputs = program.statements.flatMap((statement) =>
    statement.kind === "export" ? [`\n  ${statement.name}: ${yamlValue(statement.value, names, 2)}`] : [],
  );
  if (outputs.length > 0) sections.push(`outputs:${outputs.join("")}`);
  return sections.join("\n");
}

/** The program in `language`. */
