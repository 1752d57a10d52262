// An end-to-end test runs the engine many times: its limit is far above what a loaded machine needs
// (the kill tests take over 45 minutes when a second suite shares the two cores). An engine
// operation that stops making progress fails long before it, saying so (stacks.ts).
jest.setTimeout(120 * 60_000);
