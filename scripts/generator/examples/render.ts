/**
 * An example program (model.ts) written in each language of the registry's chooser, with the
 * names each generated SDK gives things (Python snake_case, Go and C# PascalCase, Go's typed
 * input wrappers, the nested types' `Args` classes, C#'s enum members), from the schema.
 * TypeScript is the package's own SDK (`pulumi-svc`), which has the same namespaces and classes.
 */
import type { Program, Statement } from "./model";
import type { SchemaView } from "./schemaTypes";
import type { Context } from "./common";
import { csharp } from "./csharp";
import { go } from "./go";
import { python, typescript, yaml } from "./scripting";

export { csharpEnumMember } from "./csharp";
export { goFunctionName } from "./go";

export const LANGUAGES = ["typescript", "python", "go", "csharp", "yaml"] as const;
export type Language = (typeof LANGUAGES)[number];
export function render(program: Program, language: Language, schema: SchemaView, goModule: string): string {
  const variables = new Map<string, Statement>();
  for (const statement of program.statements) {
    if (statement.kind === "resource" && statement.variable !== undefined) variables.set(statement.variable, statement);
    if (statement.kind === "invoke") variables.set(statement.variable, statement);
  }
  const context: Context = { schema, goModule, variables };
  switch (language) {
    case "typescript":
      return typescript(context, program);
    case "python":
      return python(context, program);
    case "go":
      return go(context, program);
    case "csharp":
      return csharp(context, program);
    case "yaml":
      return yaml(program);
  }
}
