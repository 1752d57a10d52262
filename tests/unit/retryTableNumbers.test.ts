/**
 * Every number in the one table (provider/http/retryTable.ts): no file of provider/http/ or the
 * engine's rooms that retry, wait or budget (batching/, kinds/, executor/, plan/) but the table
 * holds a number of a timing kind. Flagged: a number (other
 * than 0) given to a name of time (`…Ms`, `…_MS`, a timeout, delay, interval, wait, pause or
 * patience), and any number of 10 or more; neither when it is an HTTP status compared with or
 * given as a status, or a unit's factor converting a value read from elsewhere (`ms / 1000`,
 * `60 * minuteMs`); nor when it is on the short allow-list below, with its reason.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { REPO_ROOT } from "../support/toolchain";

const FOLDERS = ["provider/http", "provider/engine/batching", "provider/engine/kinds", "provider/engine/executor", "provider/engine/plan"];
const TABLE = "provider/http/retryTable.ts";

/** Numbers that are not times nor bounds of a retry or a wait: file, the number's text, and why. */
const ALLOWED: readonly { readonly file: string; readonly text: string; readonly why: string }[] = [
  { file: "provider/http/answer.ts", text: "EXCERPT_LENGTH = 80", why: "characters of an unreadable answer quoted in its error" },
  { file: "provider/http/answer.ts", text: "slice(0, 500)", why: "characters of a text error body kept as its message" },
];

/** A name of time: what a number given to it means is a duration. */
const TIME_NAME = /(ms|timeout|delay|interval|wait|pause|patience)$/i;
/** The factors between units of time (a second, a minute, an hour), and an hour's minutes. */
const UNIT_FACTORS: ReadonlySet<number> = new Set([60, 1000, 60_000, 3_600_000]);

interface Found {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

function nameOf(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteral(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

/** The name a number is given to: the variable, property or parameter it initializes, or the option it defaults (`options.xMs ?? 3000`). */
function boundName(literal: ts.Node): string | undefined {
  let node: ts.Node = literal;
  for (let parent = node.parent; parent !== undefined; node = parent, parent = parent.parent) {
    if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isParameter(parent)) {
      return parent.initializer === node ? nameOf(parent.name) : undefined;
    }
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken && parent.right === node) {
      const option = nameOf(parent.left);
      if (option !== undefined && TIME_NAME.test(option)) return option;
    }
    if (!(ts.isBinaryExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isPrefixUnaryExpression(parent) || ts.isAsExpression(parent))) {
      return undefined;
    }
  }
  return undefined;
}

const COMPARISONS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/** An HTTP status: compared with a status, given as one (`status: 429`), or listed in a set of statuses. */
function isStatus(literal: ts.NumericLiteral, value: number): boolean {
  if (!Number.isInteger(value) || value < 100 || value > 599) return false;
  const parent = literal.parent;
  if (ts.isBinaryExpression(parent) && COMPARISONS.has(parent.operatorToken.kind)) {
    const other = parent.left === literal ? parent.right : parent.left;
    return /status/i.test(other.getText());
  }
  if (ts.isPropertyAssignment(parent)) return /status/i.test(parent.name.getText());
  if (ts.isArrayLiteralExpression(parent)) {
    for (let node: ts.Node = parent; node.parent !== undefined; node = node.parent) {
      if (ts.isVariableDeclaration(node)) return /status/i.test(node.name.getText());
    }
  }
  return false;
}

/** A unit's factor converting a value read from elsewhere: `ms / 1000`, `seconds * 1000`, `60 * limits.minuteMs` (not `5 * 60_000`). */
function isUnitFactor(literal: ts.NumericLiteral, value: number): boolean {
  if (!UNIT_FACTORS.has(value)) return false;
  const parent = literal.parent;
  if (!ts.isBinaryExpression(parent)) return false;
  if (parent.operatorToken.kind !== ts.SyntaxKind.AsteriskToken && parent.operatorToken.kind !== ts.SyntaxKind.SlashToken) return false;
  const other = parent.left === literal ? parent.right : parent.left;
  return !ts.isNumericLiteral(other);
}

/** The numbers of a timing kind in `text` (of `file`), the allowed ones left out. */
function timingNumbers(file: string, text: string, allowed: typeof ALLOWED = ALLOWED): Found[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNumericLiteral(node)) {
      const value = Number(node.text.replace(/_/g, ""));
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lineText = (text.split("\n")[line] ?? "").trim();
      const name = boundName(node);
      const why =
        value === 0 || isStatus(node, value) || isUnitFactor(node, value)
          ? undefined
          : name !== undefined && TIME_NAME.test(name)
            ? `a number given to ${name}`
            : value >= 10
              ? "a number of 10 or more"
              : undefined;
      if (why !== undefined && !allowed.some((entry) => entry.file === file && lineText.includes(entry.text))) {
        found.push({ file, line: line + 1, text: lineText, why });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(REPO_ROOT, folder))
    .filter((entry) => entry.endsWith(".ts") && !entry.endsWith(".d.ts"))
    .map((entry) => `${folder}/${entry}`),
).filter((file) => file !== TABLE);
const read = (file: string): string => readFileSync(path.join(REPO_ROOT, file), "utf8");

describe("every number in the one table", () => {
  it("finds the files it checks", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "provider/http/client.ts",
        "provider/engine/batching/relay.ts",
        "provider/engine/batching/windowsReducer.ts",
        "provider/engine/kinds/request.ts",
        "provider/engine/executor/polls.ts",
        "provider/engine/plan/worstCase.ts",
      ]),
    );
  });

  it("no file of provider/http/ or the engine's batching, kinds, executor or plan but the retry table holds a timing number", () => {
    const found = files.flatMap((file) => timingNumbers(file, read(file)));
    expect(found.map(({ file, line, text, why }) => `${file}:${line}: ${why}: ${text}`)).toEqual([]);
  });

  it("every entry of the allow-list is still there", () => {
    for (const entry of ALLOWED) expect(read(entry.file)).toContain(entry.text);
  });

  it("flags what it is for, and not statuses, indices or units", () => {
    const flagged = (text: string): string[] => timingNumbers("x.ts", text, []).map((found) => found.why);
    // Timings: named, defaulted, literal.
    expect(flagged("const IDLE_PROBE_MS = 10;")).toEqual(["a number given to IDLE_PROBE_MS"]);
    expect(flagged("const policy = { minQuietMs: 2 };")).toEqual(["a number given to minQuietMs"]);
    expect(flagged("const t = options.logWaitsOverMs ?? 3000;")).toEqual(["a number given to logWaitsOverMs"]);
    expect(flagged("ky.create({ timeout: options.timeoutMs ?? 30_000 });")).toEqual(["a number given to timeoutMs"]);
    expect(flagged("if (waited > 3000) log();")).toEqual(["a number of 10 or more"]);
    expect(flagged("const maxTotal = 5 * 60_000;")).toEqual(["a number of 10 or more"]);
    expect(flagged("setTimeout(run, 25);")).toEqual(["a number of 10 or more"]);
    // Not timings: statuses, small numbers, counters from 0, unit conversions of values read elsewhere.
    expect(flagged("if (result.status === 429 || status >= 500) retry();")).toEqual([]);
    expect(flagged("const back = { kind: 'status', status: 429 };")).toEqual([]);
    expect(flagged("const TRANSIENT_STATUSES = new Set([408, 500, 502]);")).toEqual([]);
    expect(flagged("let waitedMs = 0; const first = items[0]; const half = n / 2;")).toEqual([]);
    expect(flagged("log(`${Math.round(waitMs / 1000)}s`); const ms = seconds * 1000; const hour = 60 * limits.minuteMs;")).toEqual([]);
  });
});
