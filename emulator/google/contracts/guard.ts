/**
 * The emulator's refusals from Google's contracts, on every route of an API that names them: a query
 * parameter the method does not document, a body field its schema does not have, and a value of the
 * wrong JSON type are refused with 400 before the handler runs, in the API's error family, worded as
 * Google's front end words them (the request's proto path, snake_case, as in "Unknown name" errors).
 */
import type { QueryParams } from "../../api";
import { ApiError } from "../../errors";
import { invalidValue, unknownField } from "../errors";
import type { Contract, ContractProblem, DiscoveryMethod, SchemaNode } from "./contract";

/** The method a route's `operation` names, in the first of the contracts that has it. */
export function contractMethod(contracts: readonly Contract[], operation: string): { contract: Contract; method: DiscoveryMethod } | undefined {
  for (const contract of contracts) {
    const method = contract.method(operation);
    if (method !== undefined) return { contract, method };
  }
  return undefined;
}

/**
 * Throws the 400 Google answers for the first problem of the request: unknown names before types, the
 * query before the body. A request within the contract is given back with each field by its JSON name
 * (a transcoded API's proto names read as Google's front end binds them), what the handler reads.
 */
export function refuseOutsideContract(
  contract: Contract,
  method: DiscoveryMethod,
  query: QueryParams,
  body: unknown,
  entities: Readonly<Record<string, string>> = {},
): { query: QueryParams; body: unknown } {
  const problems = contract.checkRequest(method, query, body);
  const first = problems.find((problem) => problem.kind === "unknown") ?? problems[0];
  if (first !== undefined) throw refusal(first, entityName(method.request, entities));
  return contract.inJsonNames(method, query, body);
}

function refusal(problem: ContractProblem, entity: string): ApiError {
  if (problem.where.startsWith("query.")) {
    const name = problem.where.slice("query.".length);
    if (problem.kind === "unknown") {
      return new ApiError({
        httpStatus: 400,
        reason: "invalid",
        message: `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
        location: name,
        locationType: "parameter",
      });
    }
    return new ApiError({
      httpStatus: 400,
      reason: "invalidParameter",
      message: `Invalid value '${String(problem.value)}' for parameter '${name}': ${problem.problem}.`,
      location: name,
      locationType: "parameter",
    });
  }
  const fieldPath = problem.where.replace(/^body\.?/, "");
  if (problem.kind === "unknown") {
    if (problem.where === "body") return unknownField("", snakeCase(entity));
    const cut = fieldPath.lastIndexOf(".");
    const name = cut < 0 ? fieldPath : fieldPath.slice(cut + 1);
    // Google names where an unknown name is only when it is nested, by its proto path.
    return unknownField(name.replace(/\[\d+\]$/, ""), cut < 0 ? "" : protoPath(entity, fieldPath.slice(0, cut)));
  }
  return invalidValue([entity === "" ? "" : `entity.${entity}`, fieldPath].filter((part) => part !== "").join("."), problem.value);
}

/**
 * The name Google's messages give the body: the request message's body field, which a discovery
 * document does not name: the plug-in's name for the schema, else the schema's in lowerCamel case
 * (`managedZone`), or nothing when the body is the request message itself (`...Request`: its
 * fields are named by themselves).
 */
function entityName(request: SchemaNode | undefined, entities: Readonly<Record<string, string>>): string {
  const name = request?.$ref;
  if (name === undefined || name.endsWith("Request")) return "";
  return entities[name] ?? name.charAt(0).toLowerCase() + name.slice(1);
}

function protoPath(entity: string, fieldPath: string): string {
  return [entity, fieldPath]
    .filter((part) => part !== "")
    .join(".")
    .split(".")
    .map(snakeCase)
    .join(".");
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
