/**
 * What keeps an acceptance run to its own settings (tests/acceptance/settings.ts, runs.ts): the
 * engine inherits the shell's environment, where a recording's per-API base URL or credential would
 * win over a replay's recorded address or parity's emulator; each is given to the engine empty. A
 * run against the emulator refuses a setting that points elsewhere, since its token is the
 * emulator's. With the engine: tests/e2e/acceptanceReplay.e2e.test.ts and acceptanceParity.e2e.test.ts.
 */
import { emulatorOnly } from "../acceptance/runs";
import { engineSettings } from "../acceptance/settings";

describe("the environment of a run", () => {
  it("gives the engine the run's settings, and the shell's other provider settings empty", () => {
    const shell = { SVC_DNS_BASE_URL: "https://dns.googleapis.com", GOOGLE_APPLICATION_CREDENTIALS: "/keys/real.json", SVC_PYTHON_VENV: "/venv", PATH: "/bin" };
    expect(engineSettings({ SVC_EMULATOR_URL: "http://127.0.0.1:9" }, shell)).toEqual({
      SVC_DNS_BASE_URL: "",
      GOOGLE_APPLICATION_CREDENTIALS: "",
      SVC_EMULATOR_URL: "http://127.0.0.1:9",
    });
  });

  it("refuses a run against the emulator whose settings send elsewhere, naming them", () => {
    const emulator = { SVC_EMULATOR_URL: "http://127.0.0.1:9" };
    expect(() =>
      emulatorOnly({ ...emulator, SVC_CALENDAR_BASE_URL: "http://127.0.0.1:9/calendar/v3", SVC_DNS_BASE_URL: "" }, "http://127.0.0.1:9/token"),
    ).not.toThrow();
    expect(() => emulatorOnly({ ...emulator, SVC_DNS_BASE_URL: "https://dns.googleapis.com" }, undefined)).toThrow(
      "acceptance: refused: the run against the emulator at http://127.0.0.1:9 would send requests with a token the emulator issued to https://dns.googleapis.com (SVC_DNS_BASE_URL).",
    );
    expect(() => emulatorOnly(emulator, "https://oauth2.googleapis.com/token")).toThrow(
      "https://oauth2.googleapis.com/token (the token_uri of GOOGLE_APPLICATION_CREDENTIALS)",
    );
  });
});
