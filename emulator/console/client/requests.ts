/**
 * The live request log: rows arrive as server-sent events and fill the table's fixed slots
 * (newest first; the rows' text changes, the table does not move); filters refetch the page and
 * reconnect the stream; `j`/`k` (or the arrows) move between rows, Enter opens one in the detail
 * pane, `/` goes to the text filter, `p` pauses. While paused, or while the keyboard is in the
 * table, new requests wait and the status line counts them.
 */
const PREFIX = "/_ui";

interface Row {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number | null;
  durationMs: number | null;
  api: string;
  account: string;
  fault: string;
}

export function startRequests(doc: Document): void {
  const layout = doc.querySelector<HTMLElement>(".log-layout");
  const body = doc.getElementById("rows");
  const form = doc.getElementById("filters");
  const status = doc.getElementById("live-status");
  const pause = doc.getElementById("pause");
  const detail = doc.getElementById("detail");
  if (layout === null || body === null || !(form instanceof HTMLFormElement) || status === null || detail === null) return;
  const slots = [...body.querySelectorAll<HTMLTableRowElement>("tr")];
  const live = layout.dataset["live"] === "on";
  let query = layout.dataset["query"] ?? "";
  let rows: Row[] = [];
  let waiting = 0;
  let paused = false;
  let selected = Number(new URLSearchParams(location.search).get("selected") ?? "0");
  let source: EventSource | undefined;

  const say = (text: string): void => {
    if (status.textContent !== text) status.textContent = text;
  };
  const holding = (): boolean => paused || body.contains(doc.activeElement);
  const liveText = (): string =>
    waiting > 0
      ? `${waiting} new request${waiting === 1 ? "" : "s"} waiting (${paused ? "paused" : "shown when you leave the table"}).`
      : "Live: new requests appear at the top.";

  function fill(slot: HTMLTableRowElement, row: Row | undefined): void {
    const cells = [...slot.cells];
    if (row === undefined) {
      slot.className = "empty";
      delete slot.dataset["id"];
      slot.removeAttribute("aria-selected");
      for (const cell of cells) cell.textContent = "";
      return;
    }
    slot.className = "";
    slot.dataset["id"] = String(row.id);
    slot.setAttribute("aria-selected", String(row.id === selected));
    const [time, method, path, state, duration, api, account] = cells;
    if (time !== undefined) time.innerHTML = `<time datetime="${row.at}">${row.at.slice(11, 23)}</time>`;
    if (method !== undefined) method.textContent = row.method;
    if (path !== undefined) {
      path.className = "path";
      const anchor = doc.createElement("a");
      anchor.href = `${PREFIX}/requests?selected=${row.id}`;
      anchor.dataset["id"] = String(row.id);
      anchor.textContent = row.path;
      path.replaceChildren(anchor);
    }
    if (state !== undefined) {
      const code = row.status === null ? "…" : String(row.status);
      const badge = doc.createElement("span");
      badge.className = `status s${code.charAt(0)}`;
      badge.textContent = code;
      state.replaceChildren(badge);
      if (row.fault !== "") state.append(` ${row.fault}`);
    }
    if (duration !== undefined) duration.textContent = row.durationMs === null ? "" : String(row.durationMs);
    if (api !== undefined) api.textContent = row.api;
    if (account !== undefined) account.textContent = row.account;
  }

  const render = (): void => slots.forEach((slot, index) => fill(slot, rows[index]));

  async function load(): Promise<void> {
    const answer = await fetch(`${PREFIX}/data/requests?${query}`);
    rows = ((await answer.json()) as { rows: Row[] }).rows;
    waiting = 0;
    render();
    if (live) say(liveText());
  }

  function connect(): void {
    source?.close();
    if (!live) return;
    source = new EventSource(`${PREFIX}/events?${query}`);
    source.addEventListener("request", (event) => {
      const row = JSON.parse((event as MessageEvent<string>).data) as Row;
      if (holding()) {
        waiting += 1;
        say(liveText());
        return;
      }
      rows = [row, ...rows].slice(0, slots.length);
      render();
    });
  }

  async function open(id: number): Promise<void> {
    selected = id;
    for (const slot of slots) if (slot.dataset["id"] !== undefined) slot.setAttribute("aria-selected", String(slot.dataset["id"] === String(id)));
    const answer = await fetch(`${PREFIX}/data/requests/${id}`);
    if (!answer.ok) return;
    const data = (await answer.json()) as { html: string };
    // Rendered and escaped by the server, as the page's first rendering is.
    detail!.innerHTML = data.html;
    const title = doc.getElementById("detail-title");
    if (title !== null) title.textContent = `Request ${id}`;
    const params = new URLSearchParams(query);
    params.set("selected", String(id));
    history.replaceState(null, "", `${PREFIX}/requests?${params.toString()}`);
  }

  function refilter(): void {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form as HTMLFormElement)) if (typeof value === "string" && value !== "") params.set(name, value);
    query = params.toString();
    history.replaceState(null, "", `${PREFIX}/requests?${query}`);
    void load();
    connect();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    refilter();
  });
  form.addEventListener("change", refilter);
  body.addEventListener("click", (event) => {
    const anchor = (event.target as Element).closest<HTMLAnchorElement>("a[data-id]");
    if (anchor === null) return;
    event.preventDefault();
    void open(Number(anchor.dataset["id"]));
  });
  body.addEventListener("focusout", () => {
    // After focus settles: leaving the table shows what waited.
    setTimeout(() => {
      if (!holding() && waiting > 0) void load();
    }, 0);
  });
  pause?.addEventListener("click", () => {
    paused = !paused;
    pause.setAttribute("aria-pressed", String(paused));
    pause.textContent = paused ? "Resume" : "Pause";
    if (!paused) void load();
    else say(liveText());
  });
  doc.addEventListener("keydown", (event) => {
    const target = event.target as Element;
    if (event.altKey || event.ctrlKey || event.metaKey || target.closest("input, select, textarea") !== null) return;
    const links = slots.flatMap((slot) => [...slot.querySelectorAll<HTMLAnchorElement>("a[data-id]")]);
    const current = links.indexOf(doc.activeElement as HTMLAnchorElement);
    const move = (to: number): void => {
      const link = links[Math.max(0, Math.min(links.length - 1, to))];
      if (link === undefined) return;
      event.preventDefault();
      link.focus();
    };
    if (event.key === "j" || event.key === "ArrowDown") move(current + 1);
    else if (event.key === "k" || event.key === "ArrowUp") move(current - 1);
    else if (event.key === "/") {
      event.preventDefault();
      form.querySelector<HTMLInputElement>("input[name=q]")?.focus();
    } else if (event.key === "p") pause?.click();
  });

  void load();
  connect();
}
