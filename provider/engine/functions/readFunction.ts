/**
 * Read functions as declarations: each is its arguments (a zod schema whose fields carry their
 * docs), its request and its result. One declaration gives the provider's query, which validates
 * the arguments before any request and names the function in every error, and, through
 * `scripts/generate.ts`, the SDK's `getX`/`getXOutput` pair with its TSDoc and the README's list.
 *
 * Three request forms: `get` (one GET whose answer is the result), `list` (a Google listing read
 * to its end, whose items are the result) and `custom` (the one custom-code point: a query that
 * is more than one GET or one listing, e.g. it pages by offset or folds pages into a summary).
 */
import { z } from "zod";
import type { ApiName, Settings } from "../../config";
import type { ProviderRuntime } from "../../runtime";
import { parseFunctionArgs } from "../../functionArgs";
import { listingRequest, type Paging } from "../../google/listing";
import { Budget, type BudgetOwner } from "../../http/retry";
import { FUNCTION_BUDGET } from "../../http/retryTable";
import { report } from "../../log";
import { fillTemplate } from "../declaration/template";
import { sendPlanned, type RunContext } from "../executor/context";
import type { Paging as PlannedPaging, PlannedRequest } from "../kinds";

type Values = Record<string, unknown>;
type Input<S> = S extends z.ZodType ? z.input<S> : Record<string, never>;
type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** What the generator and the README read of a declaration. */
export interface ReadFunctionInfo {
  readonly api: ApiName;
  readonly name: string;
  /** One or two sentences: the SDK's TSDoc summary and the README's line. */
  readonly doc: string;
  /** Lines of code showing a call, for the SDK's TSDoc. */
  readonly example?: readonly string[];
  readonly args?: z.ZodObject;
  /** The request in words (`GET {path}`, `every page of GET {path}`), for the README. */
  readonly request: string;
  /** What it resolves to, when declared (always for `get` and `list`): the provider plugin's schema types its invoke by it. */
  readonly result?: z.ZodType;
}

type Call<S, R> = Record<string, never> extends Input<S> ? (input?: Input<S>) => Promise<R> : (input: Input<S>) => Promise<R>;

/**
 * A query: takes its arguments (none, or all optional, may be left out), resolves to its result,
 * in the process's one runtime (provider/index.ts: the environment's settings, or a program's stack
 * configuration once its SDK gave it; its clients and token sources, shared by every call);
 * `on(runtime)` is the same query in a given runtime (a plugin's, a test's).
 */
export type ReadFunction<S, R> = Call<S, R> & {
  readonly declaration: ReadFunctionInfo;
  readonly on: (runtime: ProviderRuntime) => Call<S, R>;
};

interface Common<S extends z.ZodObject | undefined> {
  readonly name: string;
  readonly doc: string;
  /** Lines of code showing a call, for the SDK's TSDoc (`svc` is the package). */
  readonly example?: readonly string[];
  /** The arguments; absent when the function takes none. Cross-argument rules are refinements with a `path`. */
  readonly args?: S;
}

interface Request<S extends z.ZodObject | undefined, P> {
  /** Below the API's base address; `{x}` is filled (encoded) from the arguments, after the API's `prepare`. */
  readonly path: string;
  /** Arguments sent as query parameters under their own names. */
  readonly query?: ReadonlyArray<keyof (Output<S> & P) & string>;
}

export interface ReadFunctionsOptions<P extends Values> {
  /**
   * Values the API's paths need besides the arguments, worked out from them (a default project,
   * a parent's resource name), from the settings; may throw, naming the argument or setting and the fix.
   */
  readonly prepare?: (args: Values, fn: string, settings: Settings) => P;
}

/**
 * How a read function sends a request: planned as data, through the executor's one sender, on the
 * call's budget; its answer parsed once by the schema, in the call path. A listing (`paging`) is
 * read page by page by the executor and resolves to its items, each parsed by the schema (or, with
 * `wholePages`, to its pages, each parsed whole by it).
 */
export interface FunctionSend {
  <T>(request: PlannedRequest & { readonly schema: z.ZodType<T>; readonly paging: PlannedPaging }): Promise<T[]>;
  <T>(request: PlannedRequest & { readonly schema: z.ZodType<T> }): Promise<T>;
}

/**
 * A call's context outside any step (a read function's, a tool's listing): the process's client of
 * the API and its engine, one budget for the call (FUNCTION_BUDGET: a listing's every page and
 * their retries), owned by what it reads.
 */
export function callContext(runtime: ProviderRuntime, api: ApiName, owner: BudgetOwner, log: (message: string) => void = report): RunContext {
  return { client: runtime.clientFor(api), identity: {}, log, budget: new Budget(owner, FUNCTION_BUDGET.requests), process: runtime.engine };
}

/** A call's sender, on its context. */
function sender(api: ApiName, name: string, runtime: ProviderRuntime): FunctionSend {
  const context = callContext(runtime, api, { step: "call", resource: `svc.${api}.${name}` });
  return ((request: PlannedRequest) => sendPlanned(request, context)) as FunctionSend;
}

/**
 * The process's one runtime, held by its root (provider/index.ts), required at a direct call: a
 * module of functions loads none of the providers' machinery the root does (the plugin, which
 * loads every API's functions and keeps a runtime of its own, never calls them directly).
 */
function processRuntime(): ProviderRuntime {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at the first direct call (see above)
  return (require("../../index") as typeof import("../../index")).processRuntime();
}

/** The declaring functions of one API's read functions. */
export function readFunctionsOf<P extends Values = Record<never, never>>(api: ApiName, options: ReadFunctionsOptions<P> = {}) {
  function parse(args: z.ZodObject | undefined, input: unknown, name: string, runtime: ProviderRuntime): Values {
    const parsed = args === undefined ? {} : (parseFunctionArgs(args, input ?? {}, `${api}.${name}`) as Values);
    return { ...parsed, ...options.prepare?.(parsed, name, runtime.settings) };
  }

  function declared<S, R>(info: ReadFunctionInfo, run: (input: unknown, runtime: ProviderRuntime) => Promise<R>): ReadFunction<S, R> {
    return Object.assign((input?: unknown) => run(input, processRuntime()), {
      declaration: info,
      on: (runtime: ProviderRuntime) => (input?: unknown) => run(input, runtime),
    });
  }

  const infoOf = (decl: Common<z.ZodObject | undefined>, request: string, result?: z.ZodType): ReadFunctionInfo => ({
    api,
    name: decl.name,
    doc: decl.doc,
    ...(decl.example && { example: decl.example }),
    ...(decl.args && { args: decl.args }),
    request,
    ...(result && { result }),
  });
  const queryOf = (values: Values, names: readonly string[] = []) =>
    Object.fromEntries(names.map((key) => [key, values[key] as string | number | boolean | undefined]));
  const pathOf = (template: string, values: Values) =>
    fillTemplate(
      template,
      Object.fromEntries(
        Object.entries(values).flatMap(([key, value]) => (typeof value === "string" || typeof value === "number" ? [[key, String(value)]] : [])),
      ),
    );

  return {
    /** One GET; the checked answer is the result. */
    get: <S extends z.ZodObject | undefined, R>(decl: Common<S> & Request<S, P> & { readonly result: z.ZodType<R> }): ReadFunction<S, R> => {
      const info = infoOf(decl, `GET ${decl.path}`, decl.result);
      return declared(info, async (input, runtime) => {
        const values = parse(decl.args, input, decl.name, runtime);
        return sender(
          api,
          decl.name,
          runtime,
        )({
          method: "GET",
          path: pathOf(decl.path, values),
          endpoint: `GET ${decl.path}`,
          query: queryOf(values, decl.query),
          schema: decl.result,
        });
      });
    },

    /** A listing read page after page to its end; the checked items are the result. */
    list: <S extends z.ZodObject | undefined, R>(
      decl: Common<S> &
        Request<S, P> & {
          /** The answer's field holding the items. */
          readonly field: string;
          readonly result: z.ZodType<R>;
          readonly paging?: Omit<Paging, "pageSize" | "query">;
          /** The argument giving items per request (the API's page size); every page is read regardless. */
          readonly pageSizeArg?: keyof Output<S> & string;
        },
    ): ReadFunction<S, R[]> => {
      const info = infoOf(decl, `GET ${decl.path}, every page`, z.array(decl.result));
      return declared(info, async (input, runtime) => {
        const values = parse(decl.args, input, decl.name, runtime);
        const pageSize = decl.pageSizeArg === undefined ? undefined : (values[decl.pageSizeArg] as number | undefined);
        const query = Object.fromEntries(
          Object.entries(queryOf(values, decl.query)).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
        );
        // Each page's items are checked by the result's schema once, in the call path.
        const listing = listingRequest(pathOf(decl.path, values), decl.field, { ...decl.paging, pageSize, query });
        return sender(api, decl.name, runtime)({ ...listing, paging: listing.paging ?? {}, schema: decl.result });
      });
    },

    /** A query that is more than one GET or one listing: its own code, given the checked, prepared arguments. */
    custom: <S extends z.ZodObject | undefined, R>(
      decl: Common<S> & {
        /** The requests in words, for the README. */
        readonly request: string;
        /** `send` sends each of its requests, planned as data, on the call's budget. */
        readonly run: (args: Output<S> & P, send: FunctionSend) => Promise<R>;
        /** What `run` resolves to, as a schema: other languages' SDKs get its types (without it, an untyped value). */
        readonly result?: z.ZodType<R>;
      },
    ): ReadFunction<S, R> => {
      const info = infoOf(decl, decl.request, decl.result);
      return declared(info, async (input, runtime) => decl.run(parse(decl.args, input, decl.name, runtime) as Output<S> & P, sender(api, decl.name, runtime)));
    },
  };
}

/** The declared read functions among a module's exports, in the order written. */
export function declaredFunctions(module: Record<string, unknown>): Array<ReadFunctionInfo & { readonly exportName: string }> {
  return Object.entries(module).flatMap(([exportName, value]) =>
    typeof value === "function" && "declaration" in value ? [{ ...(value.declaration as ReadFunctionInfo), exportName }] : [],
  );
}
