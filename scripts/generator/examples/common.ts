/** What the language renderers share: the program's variables and the schema, and small text helpers. */
import type { Program, Statement } from "./model";
import { functionKey, resourceKey, type SchemaView } from "./schemaTypes";

export interface Context {
  readonly schema: SchemaView;
  readonly goModule: string;
  /** The statement that declares each variable. */
  readonly variables: ReadonlyMap<string, Statement>;
}

export const ownerOf = (statement: Statement): { resource: string } | { fn: string } =>
  statement.kind === "resource"
    ? { resource: resourceKey(statement.module, statement.type) }
    : { fn: functionKey(statement.kind === "invoke" ? statement.module : "", statement.kind === "invoke" ? statement.fn : "") };

export const str = (text: string): string => JSON.stringify(text);
export const indent = (text: string, by: string): string => text.replace(/\n/g, `\n${by}`);
export const secretsOf = (program: Program): boolean => JSON.stringify(program).includes('"kind":"secret"');
