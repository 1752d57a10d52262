/**
 * Record data in generated spellings of the same values, for the spellings property test: each case
 * is a few record sets whose data is written as a user might (an IPv6 address in full, compressed or
 * in capitals; a mail host or a DS digest in any case; a TXT value quoted or not, whole or split
 * into strings, long enough to be split at 255; the values in any order), which Cloud DNS, and so
 * the emulator, answers in its own spelling.
 */
import fc from "fast-check";

export interface SpelledRecord {
  readonly name: string;
  readonly type: string;
  readonly ttl: number;
  readonly rrdatas: string[];
}

const hexGroup = fc.integer({ min: 0, max: 0xffff });

/** An IPv6 address (with a run of zeros, so it compresses) in one of its spellings. */
const ipv6 = fc
  .record({
    groups: fc.array(hexGroup, { minLength: 8, maxLength: 8 }),
    zerosAt: fc.integer({ min: 1, max: 5 }),
    zeros: fc.integer({ min: 2, max: 3 }),
    form: fc.constantFrom("full", "compressed", "unpadded"),
    upper: fc.boolean(),
  })
  .map(({ groups, zerosAt, zeros, form, upper }) => {
    const values = groups.map((group, index) => (index >= zerosAt && index < zerosAt + zeros ? 0 : group));
    values[0] = 0x2001;
    let text: string;
    if (form === "full") text = values.map((value) => value.toString(16).padStart(4, "0")).join(":");
    else if (form === "unpadded") text = values.map((value) => value.toString(16)).join(":");
    else
      text = `${values
        .slice(0, zerosAt)
        .map((value) => value.toString(16))
        .join(":")}::${values
        .slice(zerosAt + zeros)
        .map((value) => value.toString(16))
        .join(":")}`;
    return upper ? text.toUpperCase() : text;
  });

/** Each letter of `text` in upper or lower case, as `mask` says. */
const anyCase = (text: string): fc.Arbitrary<string> =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((mask) => [...text].map((char, index) => (mask[index] ? char.toUpperCase() : char.toLowerCase())).join(""));

const label = fc.stringMatching(/^[a-z][a-z0-9]{1,8}$/);

const mx = fc
  .tuple(fc.integer({ min: 0, max: 100 }), label, label)
  .chain(([preference, host, domain]) => anyCase(`${host}.${domain}.example.`).map((name) => `${preference} ${name}`));

const ds = fc
  .tuple(fc.integer({ min: 1, max: 65535 }), fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 64, maxLength: 64 }))
  .chain(([keyTag, nibbles]) => anyCase(nibbles.map((nibble) => nibble.toString(16)).join("")).map((digest) => `${keyTag} 8 2 ${digest}`));

/** TXT content: printable ASCII (spaces, quotes and backslashes among it), sometimes long enough to be split at 255. */
const txtContent = fc.oneof(fc.stringMatching(/^[a-zA-Z0-9=;:._~+/ "\\-]{1,40}$/), fc.stringMatching(/^[a-zA-Z0-9=;:._~+/-]{256,420}$/));

/** A character of a quoted string in one of its RFC 1035 spellings: itself (a quote or backslash escaped), `\DDD`, or `\X`. */
function spelled(char: string, how: number): string {
  if (how === 1) return `\\${String(char.charCodeAt(0)).padStart(3, "0")}`;
  if (how === 2 && !/\d/.test(char)) return `\\${char}`;
  return char === '"' || char === "\\" ? `\\${char}` : char;
}

/** Quoted strings of at most 255 characters each, cut at the given places, each character spelled as `hows` says. */
function quotedStrings(content: string, cuts: readonly number[], hows: readonly number[]): string {
  const parts: string[] = [];
  let rest = content;
  for (const cut of [...cuts, 255, 255]) {
    if (rest.length <= 1 || (cut >= 255 && rest.length <= 255)) break;
    const at = Math.min(cut, rest.length - 1);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  parts.push(rest);
  let at = 0;
  return parts.map((part) => `"${[...part].map((char) => spelled(char, hows[at++] ?? 0)).join("")}"`).join(" ");
}

/**
 * One TXT value: unquoted (no quotes in it: the provider refuses a stray one), quoted whole, or quoted
 * and split into strings at generated places; inside quotes a character is written as itself, as
 * `\DDD` or as `\X`, which the service reads as the same octet and answers in its one spelling.
 */
const txt = txtContent.chain((content) =>
  fc
    .tuple(
      fc.constantFrom("bare", "quoted", "split"),
      fc.array(fc.integer({ min: 1, max: 250 }), { minLength: 1, maxLength: 3 }),
      fc.array(fc.integer({ min: 0, max: 5 }), { minLength: content.length, maxLength: content.length }),
    )
    .map(([form, cuts, hows]) => {
      if (form === "bare") return content.replace(/"/g, "'").trim() || "bare";
      return quotedStrings(content, form === "quoted" ? [] : cuts, hows);
    }),
);

/** A case: record sets of every normalized type under `dnsName`, their values shuffled, names tagged by `tag`. */
export function spellingCase(dnsName: string, tag: string): fc.Arbitrary<SpelledRecord[]> {
  const set = (type: string, prefix: string, values: fc.Arbitrary<string>, max: number): fc.Arbitrary<SpelledRecord> =>
    fc
      .uniqueArray(values, { minLength: 1, maxLength: max, selector: (value) => value.toLowerCase().replace(/"/g, "") })
      .chain((rrdatas) => fc.shuffledSubarray(rrdatas, { minLength: rrdatas.length, maxLength: rrdatas.length }))
      .map((rrdatas) => ({ name: `${prefix}-${tag}.${dnsName}`, type, ttl: 300, rrdatas }));
  return fc.tuple(set("AAAA", "v6", ipv6, 3), set("MX", "mail", mx, 2), set("DS", "sub", ds, 1), set("TXT", "txt", txt, 2)).map((records) => records);
}

/** `count` cases from a fixed seed: the same spellings on every run, so a failure replays. */
export function spellingCases(dnsName: string, count: number, seed: number): SpelledRecord[][] {
  return fc
    .sample(
      fc.constant(null).chain(() => spellingCase(dnsName, "x")),
      { numRuns: count, seed },
    )
    .map((records, index) => records.map((record) => ({ ...record, name: record.name.replace("-x.", `-${index}.`) })));
}
