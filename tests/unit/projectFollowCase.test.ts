/**
 * The CI service matches owner and project names without regard to case, so a
 * follow of `ACME/MonoRepo` is the follow of `acme/monorepo`: it must read back
 * as followed, not as gone (which would make every refresh drop it).
 */
import { projectFollow } from "../../provider/apis/ci/projectFollow";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { providerEmulator } from "../support/providerEmulator";

const running = providerEmulator("case-token-5521", { instantRetries: true });

it("reads a follow named in another case as followed, and unfollows it", async () => {
  const provider = dynamicProvider(projectFollow, running.runtime);
  const checked = await provider.check({}, { vcsType: "vcs-a", username: "ACME", project: "MonoRepo" });
  expect(checked.failures).toBeUndefined();
  const created = await provider.create(checked.inputs ?? {});
  const follows = async (): Promise<unknown[]> => ((await running.current.objects()) as { ci: { follows: unknown[] } }).ci.follows;
  expect(await follows()).toHaveLength(1);
  const read = await provider.read(created.id, created.outs);
  expect(read).toMatchObject({ id: "vcs-a/ACME/MonoRepo", props: { followed: true } });
  await provider.delete(created.id, created.outs);
  expect(await follows()).toEqual([]);
});
