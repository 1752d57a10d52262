// Unit and emulator tests run in parallel; the end-to-end suite (the real
// Pulumi engine) is its own project, run two files at a time by scripts/test.sh.
const transform = {
  "^.+\\.ts$": ["ts-jest", { tsconfig: "tests/tsconfig.json" }],
};

// A test's time limit is generous on purpose: a two-core machine running a second suite beside
// this one (or CI's other jobs) slows a test down many times, and a slow test is no failed test.
// A test that hangs still fails, and a step that waits says so in its own message.
const testTimeout = 120_000;

module.exports = {
  projects: [
    { displayName: "unit", testMatch: ["<rootDir>/tests/unit/**/*.test.ts"], transform, testEnvironment: "node", testTimeout },
    { displayName: "emulator", testMatch: ["<rootDir>/tests/emulator/**/*.test.ts"], transform, testEnvironment: "node", testTimeout },
    // An end-to-end test runs the engine many times: its limit is far above what a loaded machine needs;
    // an engine operation that stops making progress fails long before it (tests/support/stacks.ts).
    { displayName: "e2e", testMatch: ["<rootDir>/tests/e2e/**/*.e2e.test.ts"], transform, testEnvironment: "node", testTimeout: 45 * 60_000 },
  ],
};
