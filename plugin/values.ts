/**
 * Property values between the engine's wire form and the provider's plain values. The engine
 * marks a secret with a signature key (`4dabf181...`) around its value; the provider's code works
 * on plain values, so secrets are revealed on the way in and the same properties are marked again
 * on the way out: the engine then keeps them encrypted in the state and hidden in its output.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

/** The engine's signature key and the value that says "secret" (sdk/go/common/resource/sig). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export type Values = Record<string, unknown>;

function isSecret(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** The value without secret marks (anywhere inside), and whether it held one. Nulls are "not set": dropped. */
function revealValue(value: unknown): { plain: unknown; secret: boolean } {
  if (isSecret(value)) return { plain: revealValue(value.value).plain, secret: true };
  if (Array.isArray(value)) {
    const items = value.map(revealValue);
    return { plain: items.map((item) => item.plain), secret: items.some((item) => item.secret) };
  }
  if (typeof value === "object" && value !== null) {
    let secret = false;
    const plain: Values = {};
    for (const [key, member] of Object.entries(value)) {
      if (member === null) continue;
      const revealed = revealValue(member);
      secret ||= revealed.secret;
      plain[key] = revealed.plain;
    }
    return { plain, secret };
  }
  return { plain: value, secret: false };
}

/** The plain properties of a request's struct, and the top-level properties that were (or held) secrets. */
export function reveal(struct: Struct | undefined): { values: Values; secrets: Set<string> } {
  const values: Values = {};
  const secrets = new Set<string>();
  for (const [key, value] of Object.entries(struct?.toJavaScript() ?? {})) {
    if (value === null) continue;
    const revealed = revealValue(value);
    values[key] = revealed.plain;
    if (revealed.secret) secrets.add(key);
  }
  return { values, secrets };
}

/** A struct for the engine, with the named top-level properties marked secret; undefined values are left out. */
export function toStruct(values: Values, secrets: ReadonlySet<string> = new Set()): Struct {
  const plain = JSON.parse(JSON.stringify(values)) as Values;
  for (const key of secrets) if (plain[key] !== undefined) plain[key] = { [SIG_KEY]: SECRET_SIG, value: plain[key] };
  return Struct.fromJavaScript(plain as Parameters<typeof Struct.fromJavaScript>[0]);
}
