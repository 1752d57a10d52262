/** What may join one DNS change (provider/apis/dns/recordSets/wire.ts): the per-change limits, counted as writes join. */
import { admitWrite, type ChangeTally, type RecordWrite } from "../../provider/apis/dns/recordSets/wire";

const set = (host: string, rrdatas = ["192.0.2.1"]) => ({ name: `${host}.example.`, type: "A", ttl: 300, rrdatas });
const create = (host: string, rrdatas?: string[]): RecordWrite => ({ kind: "create", addition: set(host, rrdatas) });
const update = (host: string): RecordWrite => ({ kind: "update", deletion: set(host), addition: set(host, ["192.0.2.2"]) });
const remove = (host: string): RecordWrite => ({ kind: "delete", deletion: set(host) });
const limits = { additions: 2, deletions: 2, rrdataBytes: 40 };

/** The tally of `writes` admitted one after another; throws when one does not fit. */
function tallyOf(writes: readonly RecordWrite[]): ChangeTally {
  let tally: ChangeTally | undefined;
  for (const write of writes) {
    tally = admitWrite(tally, write, limits);
    if (tally === undefined) throw new Error("a write of the batch did not fit");
  }
  if (tally === undefined) throw new Error("an empty batch");
  return tally;
}

it("refuses a second write of the same record set (any case) and writes past each limit", () => {
  const tally = tallyOf([create("a"), remove("b")]);
  expect(admitWrite(tally, create("A"), limits)).toBeUndefined();
  expect(admitWrite(tally, create("c"), limits)).toBeDefined();
  expect(admitWrite(tally, remove("c"), limits)).toBeDefined();
  expect(admitWrite(tallyOf([create("a"), remove("b"), create("c")]), create("d"), limits)).toBeUndefined(); // a third addition
  expect(admitWrite(tallyOf([create("a"), remove("b"), remove("c")]), update("d"), limits)).toBeUndefined(); // a third deletion
  expect(admitWrite(tally, create("e", ["x".repeat(23)]), limits)).toBeUndefined(); // 9 + 9 + 23 bytes: over 40
  expect(admitWrite(tally, create("e", ["x".repeat(22)]), limits)).toBeDefined(); // 9 + 9 + 22: at the limit
});

it("adds up each write once, and leaves the tally it was given as it was (a window's state is never changed in place)", () => {
  const first = tallyOf([create("a"), update("b")]);
  const kept = { ...first, keys: [...first.keys] };
  const next = admitWrite(first, remove("c"), { additions: 9, deletions: 9, rrdataBytes: 999 });
  expect({ ...first, keys: [...first.keys] }).toEqual(kept);
  expect(next).toMatchObject({ additions: 2, deletions: 2, bytes: 9 + 9 + 9 + 9 });
  expect([...(next?.keys ?? [])]).toEqual(["a.example. A", "b.example. A", "c.example. A"]);
});
