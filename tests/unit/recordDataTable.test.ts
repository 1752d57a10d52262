/**
 * emulator/README.md's table "Record data as Cloud DNS answers it" is what the emulator does: each
 * row's examples, read from the table itself, are answered as the row says, or refused with the
 * message it quotes. A row whose claim the emulator does not hold (or a behaviour the table does not
 * describe) fails here, so the table and its sources cannot drift from the code.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { ApiError } from "../../emulator/errors";
import { normalizeRrdata } from "../../emulator/apis/dns/record-data";
import { checkRecordSet } from "../../emulator/apis/dns/record-rules";
import type { ManagedZone } from "../../emulator/apis/dns/resources";

const README = readFileSync(path.resolve(__dirname, "..", "..", "emulator", "README.md"), "utf8");

interface Row {
  readonly types: string[];
  readonly sent: string[];
  readonly answered: string;
}

/** The table's rows: its types, the code spans of the "sent" cell, and the "answered" cell. */
function tableRows(): Row[] {
  const section = README.slice(README.indexOf("### Record data as Cloud DNS answers it"));
  const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| type |")));
  return table
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| type |"))
    .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| /, "")))
    .map(([types = "", sent = "", answered = ""]) => ({ types: types.split(", "), sent: codeSpans(sent), answered }));
}

/** The code spans of a cell, with a `<N characters>` placeholder written out as N letters. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map(([, code = ""]) => code.replace(/<(\d+) characters>/g, (_all, count: string) => "a".repeat(Number(count))));
}

function refusal(type: string, value: string): string | undefined {
  const zone = { dnsName: "example.com." } as ManagedZone;
  try {
    checkRecordSet({ kind: "dns#resourceRecordSet", name: "data.example.com.", type, ttl: 300, rrdatas: [value] }, zone, "entity.change.additions[0]");
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? `${error.httpStatus} ${error.message} ${error.reason}` : String(error);
  }
}

const rows = tableRows();

it("reads the table's rows", () => {
  expect(rows.length).toBeGreaterThanOrEqual(6);
  expect(rows.every((row) => row.sent.length > 0)).toBe(true);
});

describe.each(rows.map((row) => [`${row.types.join(", ")} ${row.sent.join(", ")}`, row] as const))("%s", (_name, row) => {
  it.each(row.types)("%s: as the row says", (type) => {
    const answers = codeSpans(row.answered);
    if (row.answered.startsWith("refused")) {
      const [message = ""] = answers;
      for (const sent of row.sent) expect(refusal(type, sent)).toBe(`400 ${message.replace(/'\.\.\.'$/, `'${sent}'`)} invalid`);
      return;
    }
    // "the same": answered as sent; otherwise each sent example is answered as the answer in its place.
    const expected = row.answered.startsWith("the same") ? row.sent : answers.slice(0, row.sent.length);
    expect(row.sent.map((sent) => normalizeRrdata(type, sent))).toEqual(expected);
    for (const sent of row.sent) expect(refusal(type, sent)).toBeUndefined();
  });
});
