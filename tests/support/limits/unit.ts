// A unit or emulator test's time limit: generous, since a two-core machine running a second suite
// beside this one slows a test down many times, and a slow test is no failed test. A test that hangs
// still fails, and a step that waits says so in its own message.
jest.setTimeout(300_000);
