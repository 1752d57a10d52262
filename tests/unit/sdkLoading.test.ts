/**
 * A program that imports the SDK loads none of the provider's query code
 * (zod, ky, bottleneck): the functions load it on their first call.
 */
it("loads no schema or HTTP library when a program imports the SDK", () => {
  jest.isolateModules(() => {
    for (const library of ["zod", "ky", "bottleneck"]) {
      jest.doMock(library, () => {
        throw new Error(`${library} was loaded with the SDK`);
      });
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the import under test, inside the isolated registry
    const sdk = require("../../sdk") as typeof import("../../sdk");
    expect(typeof sdk.dns.RecordSet).toBe("function");
    expect(sdk.reports.TOKEN_EVENT_NAMES).toContain("revoke");
    // The first call loads the provider's code, here refused by the mock above.
    expect(() => sdk.reports.parseActivity({})).toThrow("zod was loaded with the SDK");
  });
});
