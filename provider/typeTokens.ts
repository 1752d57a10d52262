/**
 * The type tokens of the provider plugin's schema, from a declaration's module and name: what a
 * program in another language names (`svc:dns/recordSet:RecordSet`) and what the engine hands the
 * plugin back in every URN. The schema generator and the plugin both name types here.
 */

/** The package's name: the prefix of every type token and config key (`svc:dnsToken`). */
export const PACKAGE = "svc";

/** `svc:<module>/<camelName>:<Name>`, the token form of resources, types and functions. */
export function token(module: string, name: string): string {
  return `${PACKAGE}:${module}/${name.charAt(0).toLowerCase()}${name.slice(1)}:${name}`;
}

/** `svc:dns/recordSet:RecordSet`. */
export function resourceToken(declaration: { readonly module: string; readonly name: string }): string {
  return token(declaration.module, declaration.name);
}

/** `svc:dns/getManagedZone:getManagedZone`. */
export function functionToken(api: string, name: string): string {
  return `${PACKAGE}:${api}/${name}:${name}`;
}

/** The resource's name and type token of a URN (`urn:pulumi:<stack>::<project>::<parent$>type::<name>`). */
export function parseUrn(urn: string): { readonly type: string; readonly name: string } {
  const parts = urn.split("::");
  const qualified = parts[2] ?? "";
  return { type: qualified.slice(qualified.lastIndexOf("$") + 1), name: parts.slice(3).join("::") };
}
