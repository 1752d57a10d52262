/**
 * A request's query as it goes over the wire. A list is a repeated parameter: one `name=value`
 * occurrence per item, in order (`ignoreSafetyChecks=A&ignoreSafetyChecks=B`), as HTTP/JSON
 * transcoding reads a repeated field; never joined into one value. The call path sends these
 * pairs, and what prints or checks a query (svc-plan, the tests' plan logs) reads the same.
 */
export type QueryParameters = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

/** The query's occurrences, in order; an unset value and an empty list send nothing. */
export function queryPairs(query: QueryParameters | undefined): Array<[string, string]> {
  return Object.entries(query ?? {}).flatMap(([name, value]): Array<[string, string]> => {
    if (value === undefined) return [];
    return typeof value === "object" ? value.map((item) => [name, item]) : [[name, String(value)]];
  });
}

/** The query string of these parameters (`a=1&b=x&b=y`), empty when none is set. */
export function queryString(query: QueryParameters | undefined): string {
  return new URLSearchParams(queryPairs(query)).toString();
}
