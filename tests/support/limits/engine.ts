// An end-to-end test runs the engine many times: its limit is far above what a loaded machine needs.
// An engine operation that stops making progress fails long before it, saying so (stacks.ts).
jest.setTimeout(45 * 60_000);
