/** The contracts of the APIs an emulator serves: each route's guard, and the record of each exchange in a ledger. */
import type { ApiModule, ApiRoute, QueryParams } from "../../api";
import type { ApiRequestState } from "../../request-state";
import { contractOf, type Contract } from "./contract";
import { contractMethod, refuseOutsideContract } from "./guard";
import type { ContractLedger } from "./ledger";

export class ApiContracts {
  private readonly byApi: Map<string, Contract[]>;

  constructor(apis: readonly ApiModule[]) {
    this.byApi = new Map(apis.map((api) => [api.name, (api.contracts ?? []).map((document) => contractOf(document))]));
  }

  /**
   * What refuses a request of this route outside its method's contract and otherwise gives it as the
   * handler reads it (each field by its JSON name); `undefined` for an API with none.
   */
  guardOf(api: ApiModule, route: ApiRoute): ((query: QueryParams, body: unknown) => { query: QueryParams; body: unknown }) | undefined {
    const contracts = this.byApi.get(api.name) ?? [];
    if (contracts.length === 0) return undefined;
    const documented = contractMethod(contracts, route.operation);
    if (documented === undefined) throw new Error(`${api.name}: route ${route.operation} is no method of its contracts`);
    const entities = api.contracts?.find((document) => document.file === documented.contract.file)?.entities;
    return (query, body) => refuseOutsideContract(documented.contract, documented.method, query, body, entities);
  }

  /** Records an answered request of an API with contracts in the ledger. */
  record(ledger: ContractLedger | undefined, state: ApiRequestState | null, exchange: { method: string; query: unknown; body: unknown; status: number }): void {
    if (ledger === undefined || state === null || state.api === undefined) return;
    const contracts = this.byApi.get(state.api.name) ?? [];
    if (contracts.length === 0) return;
    ledger.record({
      api: state.api.name,
      contracts,
      httpMethod: exchange.method,
      path: state.record.path,
      query: exchange.query as QueryParams,
      body: exchange.body,
      status: exchange.status,
      // A lost or broken answer is the fault injector's, not the API's.
      answer: state.loseResponse || state.breakResponse !== undefined ? undefined : state.responsePayload,
    });
  }
}
