/** The examples in Go: the generated SDK's typed input wrappers, its `New<Type>` and `<Function>Output` functions. */
import type { Program, Statement, Value } from "./model";
import { argumentSpec, functionKey, pascal, resourceKey, shapeOf, type SchemaView, type Spec } from "./schemaTypes";
import { indent, ownerOf, secretsOf, str, type Context } from "./common";

// ---------------------------------------------------------------- Go

/** Go's name of a function: `Lookup...` where `Get...` would clash with a resource's or a type's (the Go generator's rule). */
export function goFunctionName(schema: SchemaView, module: string, fn: string): string {
  const name = pascal(fn);
  const rest = name.replace(/^Get/, "");
  const clash =
    Object.keys(schema.resources).includes(resourceKey(module, rest)) ||
    Object.keys(schema.types).some(
      (token) => token.startsWith(`svc:${module}/`) && [name, `${name}Args`, `${name}Result`].includes(token.slice(token.lastIndexOf(":") + 1)),
    );
  return clash && name.startsWith("Get") ? `Lookup${rest}` : name;
}

const GO_SCALARS: Readonly<Record<string, string>> = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" };

function goValue(context: Context, value: Value, spec: Spec | undefined): string {
  const shape = shapeOf(context.schema, spec);
  switch (value.kind) {
    case "string":
      return shape.kind === "enum" ? `${shape.module}.${shape.name}(${str(value.value)})` : `pulumi.String(${str(value.value)})`;
    case "number":
      return shape.kind === "scalar" && shape.type === "number" ? `pulumi.Float64(${value.value})` : `pulumi.Int(${value.value})`;
    case "bool":
      return `pulumi.Bool(${value.value})`;
    case "array": {
      const items = shape.kind === "array" ? shape.items : undefined;
      const itemShape = shapeOf(context.schema, items);
      const type =
        itemShape.kind === "object" || itemShape.kind === "enum"
          ? `${itemShape.module}.${itemShape.name}Array`
          : `pulumi.${GO_SCALARS[itemShape.kind === "scalar" ? itemShape.type : "string"] ?? "String"}Array`;
      return `${type}{${value.items.map((item) => goValue(context, item, items)).join(", ")}}`;
    }
    case "object":
      if (shape.kind === "object")
        return `&${shape.module}.${shape.name}Args{${value.entries.map(([key, item]) => `${pascal(key)}: ${goValue(context, item, shape.properties[key])}`).join(", ")}}`;
      return `pulumi.StringMap{${value.entries.map(([key, item]) => `${str(key)}: ${goValue(context, item, undefined)}`).join(", ")}}`;
    case "ref": {
      if (value.property === "") return value.variable;
      const declared = context.variables.get(value.variable);
      const required = declared?.kind === "resource" ? (context.schema.resources[resourceKey(declared.module, declared.type)]?.required ?? []) : [];
      return `${value.variable}.${pascal(value.property)}${required.includes(value.property) ? "" : ".Elem()"}`;
    }
    case "secret":
      return `cfg.RequireSecret(${str(value.key)})`;
  }
}

export function go(context: Context, program: Program): string {
  const modules = [...new Set(program.statements.flatMap((statement) => (statement.kind === "export" ? [] : [statement.module])))].sort();
  const body: string[] = [];
  if (secretsOf(program)) body.push('cfg := config.New(ctx, "")');
  let errDeclared = false;
  const fields = (statement: Statement & { args: ReadonlyArray<readonly [string, Value]> }): string =>
    statement.args.map(([key, value]) => `\n\t${pascal(key)}: ${goValue(context, value, argumentSpec(context.schema, ownerOf(statement), key))},`).join("") +
    (statement.args.length > 0 ? "\n" : "");
  for (const statement of program.statements) {
    if (statement.kind === "export") body.push(`ctx.Export(${str(statement.name)}, ${goValue(context, statement.value, undefined)})`);
    else if (statement.kind === "invoke") {
      const name = goFunctionName(context.schema, statement.module, statement.fn);
      const hasInputs = context.schema.functions[functionKey(statement.module, statement.fn)]?.inputs !== undefined;
      body.push(
        `${statement.variable} := ${statement.module}.${name}Output(ctx${hasInputs ? `, ${statement.module}.${name}OutputArgs{${indent(fields(statement), "")}}` : ""})`,
      );
    } else {
      const target = statement.variable ?? "_";
      const assign = errDeclared && target === "_" ? "=" : ":=";
      errDeclared = true;
      body.push(
        `${target}, err ${assign} ${statement.module}.New${statement.type}(ctx, ${str(statement.name)}, &${statement.module}.${statement.type}Args{${fields(statement)}})`,
      );
      body.push("if err != nil {\n\treturn err\n}");
    }
  }
  body.push("return nil");
  const imports = ['"github.com/pulumi/pulumi/sdk/v3/go/pulumi"', ...(secretsOf(program) ? ['"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : [])];
  return [
    "package main",
    "",
    "import (",
    ...imports.map((line) => `\t${line}`),
    "",
    ...modules.map((module) => `\t"${context.goModule}/${module}"`),
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...body.map((line) => `\t\t${indent(line, "\t\t")}`),
    "\t})",
    "}",
  ].join("\n");
}
