import type { ApiClient } from "../http/client";
export interface Paging {
    readonly pageParam?: string;
    readonly pageSizeParam?: string;
    readonly pageSize?: number;
    readonly maxPageSize?: number;
    readonly query?: Readonly<Record<string, string | undefined>>;
    readonly omitsEmptyList?: boolean;
    readonly until?: (items: ReadonlyArray<Record<string, unknown>>) => boolean;
}
export declare const DNS_PAGING: Paging;
export declare function listAll(client: ApiClient, path: string, field: string, { pageParam, pageSizeParam, pageSize, maxPageSize, query, omitsEmptyList, until }?: Paging): Promise<Array<Record<string, unknown>>>;
