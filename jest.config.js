// Unit and emulator tests run in parallel; the end-to-end suite (the real Pulumi engine) is its
// own project, run two files at a time by scripts/test.sh, and so are the browser tests of the web
// console. Each project's time limit is set by its setup file (tests/support/limits/): a project
// option cannot set it, and the limits are generous on purpose (see those files).
const transform = {
  "^.+\\.ts$": ["ts-jest", { tsconfig: "tests/tsconfig.json" }],
};
const limits = (kind) => [`<rootDir>/tests/support/limits/${kind}.ts`];

module.exports = {
  projects: [
    { displayName: "unit", testMatch: ["<rootDir>/tests/unit/**/*.test.ts"], transform, testEnvironment: "node", setupFilesAfterEnv: limits("unit") },
    { displayName: "emulator", testMatch: ["<rootDir>/tests/emulator/**/*.test.ts"], transform, testEnvironment: "node", setupFilesAfterEnv: limits("unit") },
    { displayName: "e2e", testMatch: ["<rootDir>/tests/e2e/**/*.e2e.test.ts"], transform, testEnvironment: "node", setupFilesAfterEnv: limits("engine") },
    // The web console in headless Chromium (with the engine, as e2e); scripts/test.sh runs it after e2e.
    {
      displayName: "browser",
      testMatch: ["<rootDir>/tests/browser/**/*.browser.test.ts"],
      transform,
      testEnvironment: "node",
      setupFilesAfterEnv: limits("engine"),
    },
  ],
};
