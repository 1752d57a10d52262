/**
 * What went over the wire, held to Google's contracts: given to `createEmulator({ contracts })` (the
 * tests do, for every emulator they start), it checks each request an API with contracts receives
 * (a documented method for its HTTP method and path, only documented query parameters, a body of
 * documented fields with values of the right JSON types and enums) and each successful answer it
 * gives (fields, types: int64/uint64 as strings; enums; fixed kinds), independently of the route
 * that served it, counts them per API and method, and keeps every violation, naming the field and
 * the contract.
 */
import type { QueryParams } from "../../api";
import type { Contract } from "./contract";

export interface ContractViolation {
  readonly api: string;
  /** The contract's document, e.g. `dns.v1.json`. */
  readonly contract: string;
  /** The documented method, when the request is one. */
  readonly method?: string;
  readonly side: "request" | "answer";
  /** `POST /dns/v1/projects/p/managedZones`. */
  readonly request: string;
  /** `body.dnsName`, `query.foo`, `answer.rrdatas[0]`. */
  readonly where: string;
  readonly problem: string;
}

export interface MethodCounts {
  requests: number;
  /** Requests with a JSON body checked against the method's request schema. */
  bodies: number;
  answers: number;
}

export interface ApiCounts extends MethodCounts {
  readonly methods: Record<string, MethodCounts>;
}

export interface Exchange {
  readonly api: string;
  readonly contracts: readonly Contract[];
  readonly httpMethod: string;
  readonly path: string;
  readonly query: QueryParams;
  readonly body: unknown;
  readonly status: number;
  /** The answer as sent; `undefined` when it was replaced (a lost or broken response) or not JSON. */
  readonly answer: string | undefined;
}

export class ContractLedger {
  readonly counts: Record<string, ApiCounts> = {};
  readonly violations: ContractViolation[] = [];

  record(exchange: Exchange): void {
    const { api, contracts, httpMethod, path, query, body, status, answer } = exchange;
    const request = `${httpMethod} ${path}`;
    const counts = (this.counts[api] ??= { requests: 0, bodies: 0, answers: 0, methods: {} });
    const found = contracts.map((contract) => ({ contract, ...contract.match(httpMethod, path) })).find((candidate) => candidate.method !== undefined);
    if (found?.method === undefined) {
      const files = contracts.map((contract) => contract.file).join(", ");
      this.violations.push({ api, contract: files, side: "request", request, where: "path", problem: `no documented method is ${request}` });
      counts.requests += 1;
      return;
    }
    const { contract, method } = found;
    const perMethod = (counts.methods[method.id] ??= { requests: 0, bodies: 0, answers: 0 });
    counts.requests += 1;
    perMethod.requests += 1;
    if (body !== undefined && method.request !== undefined) {
      counts.bodies += 1;
      perMethod.bodies += 1;
    }
    const violation = (side: "request" | "answer", where: string, problem: string): ContractViolation => ({
      api,
      contract: contract.file,
      method: method.id,
      side,
      request,
      where,
      problem,
    });
    for (const problem of contract.checkRequest(method, query, body)) this.violations.push(violation("request", problem.where, problem.problem));
    if (status < 200 || status >= 300 || answer === undefined || answer === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer);
    } catch {
      this.violations.push(violation("answer", "answer", "not JSON"));
      return;
    }
    counts.answers += 1;
    perMethod.answers += 1;
    const enumsAsNumbers = [query["$alt"]].flat().some((value) => value?.includes("enum-encoding=int") === true);
    for (const problem of contract.checkAnswer(method, parsed, enumsAsNumbers)) this.violations.push(violation("answer", problem.where, problem.problem));
  }
}

/** One line per violation: the request, the field, what is wrong, the method and the contract. */
export function describeViolation(violation: ContractViolation): string {
  const method = violation.method === undefined ? "" : `${violation.method}, `;
  return `${violation.side} of ${violation.request}: ${violation.where}: ${violation.problem} (${method}contract ${violation.contract})`;
}
