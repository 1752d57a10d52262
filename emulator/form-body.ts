/**
 * `application/x-www-form-urlencoded` request bodies, for the APIs that take
 * them (the CI API: its documented examples post forms, e.g.
 * `curl -d build_parameters[RUN_EXTRA]=true .../tree/main`, and common HTTP
 * clients send a form content type with an empty body on plain POSTs).
 *
 * Read the way Ring's nested-params middleware reads them: `a=1` is a field,
 * `a[b]=1` a field of the object `a`, a repeated name a list. An empty body is
 * no body, as an empty JSON body is.
 */
export function parseFormBody(text: string): Record<string, unknown> | undefined {
  if (text.trim() === "") return undefined;
  const body: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const nested = /^([^[\]]+)\[([^[\]]*)\]$/.exec(name);
    if (nested?.[1] !== undefined && nested[2] !== undefined) {
      const parent = body[nested[1]];
      const object = isPlainObject(parent) ? parent : {};
      addValue(object, nested[2], value);
      body[nested[1]] = object;
    } else {
      addValue(body, name, value);
    }
  }
  return body;
}

function addValue(into: Record<string, unknown>, name: string, value: string): void {
  // `__proto__` must not reach the prototype, as the JSON reader drops it too.
  if (name === "__proto__") return;
  const existing = into[name];
  if (existing === undefined) into[name] = value;
  else into[name] = Array.isArray(existing) ? [...(existing as unknown[]), value] : [existing, value];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
