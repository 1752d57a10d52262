// The test projects. `npm test` (scripts/test.sh) runs unit, emulator, e2e and browser in one jest
// run, on as many workers as the machine has cores, longest files first (tests/runner/sequencer.js)
// so that the workers end together; `npm run test:campaign` runs the campaign project (the full kill
// campaigns). Each project's time limit is set by its setup file (tests/support/limits/): a project
// option cannot set it, and the limits are generous on purpose (see those files).
const transform = {
  "^.+\\.ts$": ["ts-jest", { tsconfig: "tests/tsconfig.json" }],
};
// Every file also ends with the contracts check (tests/support/contractCheck.ts).
const limits = (kind) => [`<rootDir>/tests/support/limits/${kind}.ts`, "<rootDir>/tests/support/contractCheck.ts"];
// The built copy of the plugin's Node.js SDK (dist/sdks/nodejs) has the same package name as its
// source, and so have the test stacks' compiled copies of the examples (build/programs/): jest's
// module map would see two packages of one name.
const modulePathIgnorePatterns = ["<rootDir>/dist/sdks/", "<rootDir>/build/programs/"];
const project = (displayName, testMatch, limit) => ({
  displayName,
  testMatch,
  transform,
  modulePathIgnorePatterns,
  testEnvironment: "node",
  setupFilesAfterEnv: limits(limit),
});

module.exports = {
  testSequencer: "<rootDir>/tests/runner/sequencer.js",
  // Besides jest's own: each file's time (the sequencer's next order, the table at the end of
  // `npm test`) and the run's results in build/test-results.json (the failures printed again at the end).
  reporters: ["default", "<rootDir>/tests/runner/timesReporter.js", "<rootDir>/tests/runner/resultsReporter.js"],
  projects: [
    project("unit", ["<rootDir>/tests/unit/**/*.test.ts"], "unit"),
    project("emulator", ["<rootDir>/tests/emulator/**/*.test.ts"], "unit"),
    // The real Pulumi engine against the emulator.
    project("e2e", ["<rootDir>/tests/e2e/**/*.e2e.test.ts"], "engine"),
    // The web console in headless Chromium.
    project("browser", ["<rootDir>/tests/browser/**/*.browser.test.ts"], "engine"),
    // The long campaigns, apart from `npm test`: the same tests as e2e files at full size.
    project("campaign", ["<rootDir>/tests/campaign/**/*.campaign.test.ts"], "engine"),
  ],
};
