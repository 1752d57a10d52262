/**
 * A program of the registry's examples in no language: resources with literal inputs, references
 * to other resources' outputs, secrets from the stack's configuration, function calls and
 * exports. Read from what the declarations already hold (a resource's `docs.example`, the
 * TypeScript a program writes, parsed with the TypeScript compiler; a variable it uses but does
 * not declare comes from the example that declares it) or made for a function from its arguments;
 * render.ts writes it in each language.
 */
import ts from "typescript";
import type { ResourceDeclaration } from "../../../provider/engine/declaration/declaration";

export type Value =
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "array"; readonly items: readonly Value[] }
  | { readonly kind: "object"; readonly entries: ReadonlyArray<readonly [string, Value]> }
  /** An output of a resource of the program (`zone.name`). */
  | { readonly kind: "ref"; readonly variable: string; readonly property: string }
  /** A secret of the stack's configuration (`config.requireSecret("deployKey")`). */
  | { readonly kind: "secret"; readonly key: string };

export type Statement =
  | {
      readonly kind: "resource";
      /** The program's variable, when a later statement uses it. */
      readonly variable?: string;
      readonly name: string;
      readonly module: string;
      readonly type: string;
      readonly args: ReadonlyArray<readonly [string, Value]>;
    }
  | { readonly kind: "invoke"; readonly variable: string; readonly module: string; readonly fn: string; readonly args: ReadonlyArray<readonly [string, Value]> }
  | { readonly kind: "export"; readonly name: string; readonly value: Value };

export interface Program {
  readonly statements: readonly Statement[];
}

const fail = (where: string, node: ts.Node, why: string): never => {
  throw new Error(
    `${where}: the example's \`${node.getText()}\` ${why} (scripts/generator/examples/model.ts reads literals, other resources' outputs, config.requireSecret and arithmetic)`,
  );
};

function evaluate(node: ts.Expression, where: string): Value {
  if (ts.isParenthesizedExpression(node)) return evaluate(node.expression, where);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { kind: "string", value: node.text };
  if (ts.isNumericLiteral(node)) return { kind: "number", value: Number(node.text) };
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword)
    return { kind: "bool", value: node.kind === ts.SyntaxKind.TrueKeyword };
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const inner = evaluate(node.operand, where);
    if (inner.kind === "number") return { kind: "number", value: -inner.value };
  }
  if (ts.isBinaryExpression(node)) {
    const [left, right] = [evaluate(node.left, where), evaluate(node.right, where)];
    if (left.kind === "number" && right.kind === "number") {
      if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return { kind: "number", value: left.value * right.value };
      if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return { kind: "number", value: left.value + right.value };
    }
  }
  if (ts.isArrayLiteralExpression(node)) return { kind: "array", items: node.elements.map((item) => evaluate(item, where)) };
  if (ts.isObjectLiteralExpression(node)) {
    return {
      kind: "object",
      entries: node.properties.map((property): [string, Value] => {
        if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
          return fail(where, property, "is not a plain property");
        return [property.name.text, evaluate(property.initializer, where)];
      }),
    };
  }
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) return { kind: "ref", variable: node.expression.text, property: node.name.text };
  if (ts.isCallExpression(node) && node.getText().startsWith("config.requireSecret(") && node.arguments.length === 1) {
    const key = node.arguments[0]!;
    if (ts.isStringLiteral(key)) return { kind: "secret", key: key.text };
  }
  return fail(where, node, "is not a value an example can hold");
}

/** `new svc.<module>.<Type>("name", { ... })` */
function resourceOf(node: ts.Expression, where: string, variable?: string): Statement {
  if (!ts.isNewExpression(node)) return fail(where, node, "is not `new svc.<module>.<Type>(name, args)`");
  const callee = node.expression.getText().split(".");
  const [name, args] = node.arguments ?? [];
  if (callee.length !== 3 || callee[0] !== "svc" || name === undefined || !ts.isStringLiteral(name) || args === undefined) {
    return fail(where, node, "is not `new svc.<module>.<Type>(name, args)`");
  }
  const value = evaluate(args, where);
  if (value.kind !== "object") return fail(where, args, "is not an object of arguments");
  return { kind: "resource", ...(variable !== undefined && { variable }), name: name.text, module: callee[1]!, type: callee[2]!, args: value.entries };
}

/** The statements of one TypeScript example. */
export function parseExample(text: string, where: string): Statement[] {
  const file = ts.createSourceFile("example.ts", text, ts.ScriptTarget.ES2022, true);
  return file.statements.flatMap((statement): Statement[] => {
    if (ts.isExpressionStatement(statement)) return [resourceOf(statement.expression, where)];
    if (ts.isVariableStatement(statement)) {
      const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) === true;
      return statement.declarationList.declarations.map((declaration): Statement => {
        if (!ts.isIdentifier(declaration.name) || declaration.initializer === undefined) return fail(where, declaration, "is not `const name = ...`");
        if (exported) return { kind: "export", name: declaration.name.text, value: evaluate(declaration.initializer, where) };
        return resourceOf(declaration.initializer, where, declaration.name.text);
      });
    }
    return fail(where, statement, "is not a statement an example can hold");
  });
}

const refsOf = (value: Value): string[] =>
  value.kind === "ref"
    ? [value.variable]
    : value.kind === "array"
      ? value.items.flatMap(refsOf)
      : value.kind === "object"
        ? value.entries.flatMap(([, item]) => refsOf(item))
        : [];

const usesOf = (statement: Statement): string[] =>
  statement.kind === "export" ? refsOf(statement.value) : statement.args.flatMap(([, value]) => refsOf(value));

/** The variable each example declares, and the declaration of its example. */
function declarers(all: readonly ResourceDeclaration[]): Map<string, ResourceDeclaration> {
  const found = new Map<string, ResourceDeclaration>();
  for (const declaration of all) {
    for (const statement of parseExample(declaration.docs.example, `svc.${declaration.module}.${declaration.name}`)) {
      if (statement.kind === "resource" && statement.variable !== undefined) found.set(statement.variable, declaration);
    }
  }
  return found;
}

/**
 * The declaration's example as a whole program: the resources of other examples it uses first
 * (their exports left out), then its own; a variable no later statement uses is dropped.
 */
export function resourceProgram(declaration: ResourceDeclaration, all: readonly ResourceDeclaration[]): Program {
  const where = `svc.${declaration.module}.${declaration.name}`;
  const byVariable = declarers(all);
  const own = parseExample(declaration.docs.example, where);
  const statements: Statement[] = [];
  const declared = new Set<string>();
  const include = (list: readonly Statement[], chain: readonly string[]): void => {
    for (const statement of list) {
      for (const variable of usesOf(statement)) {
        if (declared.has(variable)) continue;
        const source = byVariable.get(variable);
        if (source === undefined || chain.includes(variable))
          throw new Error(`${where}: its example uses \`${variable}\`, which no resource's example declares`);
        const theirs = parseExample(source.docs.example, `svc.${source.module}.${source.name}`).filter(
          (candidate) => candidate.kind === "resource" && candidate.variable === variable,
        );
        include(theirs, [...chain, variable]);
      }
      if (statement.kind === "resource" && statement.variable !== undefined) declared.add(statement.variable);
      statements.push(statement);
    }
  };
  include(own, []);
  const used = new Set(statements.flatMap(usesOf));
  return {
    statements: statements.map((statement) =>
      statement.kind === "resource" && statement.variable !== undefined && !used.has(statement.variable)
        ? { kind: "resource", name: statement.name, module: statement.module, type: statement.type, args: statement.args }
        : statement,
    ),
  };
}

/** A function's example: a call with its required arguments, its result exported. */
export function functionProgram(module: string, fn: string, args: ReadonlyArray<readonly [string, Value]>): Program {
  return {
    statements: [
      { kind: "invoke", variable: "result", module, fn, args },
      { kind: "export", name: "result", value: { kind: "ref", variable: "result", property: "" } },
    ],
  };
}
