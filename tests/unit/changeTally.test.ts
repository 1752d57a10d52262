/** What may join one DNS change (provider/apis/dns/recordSets/changeWrites.ts): the per-change limits, counted as writes join. */
import { fitsInChange, tallyOf, type RecordWrite } from "../../provider/apis/dns/recordSets/changeWrites";

const set = (host: string, rrdatas = ["192.0.2.1"]) => ({ name: `${host}.example.`, type: "A", ttl: 300, rrdatas });
const create = (host: string, rrdatas?: string[]): RecordWrite => ({ kind: "create", addition: set(host, rrdatas) });
const update = (host: string): RecordWrite => ({ kind: "update", deletion: set(host), addition: set(host, ["192.0.2.2"]) });
const remove = (host: string): RecordWrite => ({ kind: "delete", deletion: set(host) });
const limits = { additions: 2, deletions: 2, rrdataBytes: 40 };
const own = (write: RecordWrite): RecordWrite => write;

it("refuses a second write of the same record set (any case) and writes past each limit", () => {
  const batch = [create("a"), remove("b")];
  const tally = tallyOf(batch, own);
  expect(fitsInChange(tally, create("A"), limits)).toBe(false);
  expect(fitsInChange(tally, create("c"), limits)).toBe(true);
  expect(fitsInChange(tally, remove("c"), limits)).toBe(true);
  expect(fitsInChange(tallyOf([...batch, create("c")], own), create("d"), limits)).toBe(false); // a third addition
  expect(fitsInChange(tallyOf([...batch, remove("c")], own), update("d"), limits)).toBe(false); // a third deletion
  expect(fitsInChange(tally, create("e", ["x".repeat(23)]), limits)).toBe(false); // 9 + 9 + 23 bytes: over 40
  expect(fitsInChange(tally, create("e", ["x".repeat(22)]), limits)).toBe(true); // 9 + 9 + 22: at the limit
});

it("counts only the writes that joined since the last call, to the same sums as counting afresh", () => {
  const batch: RecordWrite[] = [create("a"), update("b")];
  const kept = tallyOf(batch, own);
  batch.push(remove("c"), create("d"));
  const caughtUp = tallyOf(batch, own, kept);
  const afresh = tallyOf(batch, own);
  expect(caughtUp).toBe(kept);
  expect({ ...caughtUp, keys: [...caughtUp.keys] }).toEqual({ ...afresh, keys: [...afresh.keys] });
  expect(afresh).toMatchObject({ additions: 3, deletions: 2, counted: 4 });
});
