/**
 * The controls page: each form and button sends its request to the internal endpoint it names,
 * shows the outcome in the status line and what is now in effect. A new service account's key and
 * a scope's credentials are saved as files, never put in the page.
 */
type Settings = Record<string, unknown> & { apis?: Record<string, Record<string, number>> };

function numbers(form: HTMLFormElement, names: readonly string[]): Record<string, number> {
  const values: Record<string, number> = {};
  for (const name of names) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.value !== "") values[name] = Number(field.value);
  }
  return values;
}

function text(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value.trim() : "";
}

function faultsBody(form: HTMLFormElement): unknown {
  const methods = text(form, "methods")
    .split(",")
    .map((method) => method.trim())
    .filter((method) => method !== "");
  const prefix = text(form, "api");
  return {
    ...numbers(form, ["rate429", "rate5xx", "lostResponseRate", "brokenResponseRate", "staleEtagRate", "refusedRate", "retryAfterSeconds", "count"]),
    status5xx: Number(text(form, "status5xx")),
    ...(prefix !== "" && { pathPrefix: prefix }),
    ...(methods.length > 0 && { methods }),
  };
}

function speedBody(form: HTMLFormElement, now: Settings): unknown {
  const fields = numbers(form, ["latencyMs", "jitterMs", "changePropagationMs"]);
  const api = text(form, "api");
  if (api === "") return { ...fields, ...(now.apis !== undefined && { apis: now.apis }) };
  return { ...now, apis: { ...now.apis, [api]: fields } };
}

/** As the server renders it (controls-page.ts `inEffect`): "none" when nothing is set (null, `{}`), else the JSON. */
function inEffect(value: unknown): string {
  const none = (item: unknown): boolean =>
    item === null || item === undefined || (typeof item === "object" && !Array.isArray(item) && Object.values(item).every(none));
  return none(value) ? "none" : JSON.stringify(value, null, 2);
}

function download(name: string, content: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(content, null, 2)], { type: "application/json" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = `${name}.json`;
  anchor.click();
  URL.revokeObjectURL(url);
}

export function startControls(doc: Document): void {
  const status = doc.getElementById("control-status");
  if (status === null) return;
  const say = (message: string): void => {
    status.textContent = message;
  };

  async function refresh(): Promise<void> {
    for (const [id, endpoint, field] of [
      ["faults-now", "/_emulator/faults", "faults"],
      ["speed-now", "/_emulator/speed", "speed"],
    ] as const) {
      const shown = doc.getElementById(id);
      const answer = await fetch(endpoint);
      const value = ((await answer.json()) as Record<string, unknown>)[field];
      if (shown === null) continue;
      shown.textContent = inEffect(value);
      if (field === "speed") shown.dataset["speed"] = JSON.stringify(value);
    }
  }

  async function send(method: string, endpoint: string, body: unknown, done: (answer: unknown) => string): Promise<void> {
    const answer = await fetch(endpoint, {
      method,
      ...(body !== undefined && { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const content = answer.status === 204 ? undefined : ((await answer.json()) as unknown);
    if (!answer.ok) {
      say(`Refused (${answer.status}): ${JSON.stringify(content)}`);
      return;
    }
    say(done(content));
    await refresh();
  }

  for (const form of doc.querySelectorAll<HTMLFormElement>("form[data-endpoint]")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const endpoint = form.dataset["endpoint"] ?? "";
      const kind = form.dataset["kind"];
      if (kind === "faults") void send("POST", endpoint, faultsBody(form), () => "Faults in effect.");
      else if (kind === "speed") {
        const now = JSON.parse(doc.getElementById("speed-now")?.dataset["speed"] ?? "{}") as Settings;
        void send("POST", endpoint, speedBody(form, now), () => "Speed in effect.");
      } else if (kind === "download") {
        const file = text(form, form.dataset["file"] ?? "name");
        const scopes = text(form, "scopes")
          .split(/[\s,]+/)
          .filter((scope) => scope !== "");
        const body = form.dataset["file"] === "email" ? { email: file, ...(scopes.length > 0 && { scopes }) } : { name: file };
        void send("POST", endpoint, body, (answer) => {
          download(file, answer);
          return `Saved ${file}.json: keep it safe, it is a credential.`;
        });
      }
    });
  }
  for (const button of doc.querySelectorAll<HTMLButtonElement>("button[data-endpoint]")) {
    button.addEventListener("click", () => {
      const question = button.dataset["confirm"];
      if (question !== undefined && !confirm(question)) return;
      void send(button.dataset["method"] ?? "POST", button.dataset["endpoint"] ?? "", undefined, () => `${button.textContent ?? "Done"}: done.`);
    });
  }
}
