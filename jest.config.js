// Unit and emulator tests run in parallel; the end-to-end suite (the real
// Pulumi engine) is its own project, run two files at a time by scripts/test.sh, and so are the
// browser tests of the web console.
const transform = {
  "^.+\\.ts$": ["ts-jest", { tsconfig: "tests/tsconfig.json" }],
};

module.exports = {
  projects: [
    { displayName: "unit", testMatch: ["<rootDir>/tests/unit/**/*.test.ts"], transform, testEnvironment: "node" },
    { displayName: "emulator", testMatch: ["<rootDir>/tests/emulator/**/*.test.ts"], transform, testEnvironment: "node" },
    { displayName: "e2e", testMatch: ["<rootDir>/tests/e2e/**/*.e2e.test.ts"], transform, testEnvironment: "node" },
    // The web console in headless Chromium (with the engine, as e2e); scripts/test.sh runs it after e2e.
    { displayName: "browser", testMatch: ["<rootDir>/tests/browser/**/*.browser.test.ts"], transform, testEnvironment: "node" },
  ],
};
