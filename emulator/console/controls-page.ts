/**
 * The controls: faults, speed, tokens and reset. Each form is sent by the console's script to the
 * internal endpoint it names (`data-endpoint`), so the console changes nothing the endpoints do
 * not; the page shows what is in effect now. Tokens are never shown: a new service account's key
 * and a scope's credentials are offered as files to save.
 */
import type { FaultConfig } from "../faults";
import type { TokenStats } from "../google/tokens/authority";
import type { ServiceAccount } from "../google/tokens/authority";
import type { SpeedSettings } from "../speed";
import { Html, html, json, page } from "./html";

export interface ControlsState {
  apis: readonly { name: string; pathPrefix: string }[];
  faults: FaultConfig | null;
  speed: SpeedSettings;
  tokenLifetimeSeconds: number;
  serviceAccounts: readonly ServiceAccount[];
  tokenStats: TokenStats;
}

/** Nothing set: no fault configuration, or speed settings that hold no number (`{}`, an API's `{}`). */
const isNone = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === "object" && !Array.isArray(value) && Object.values(value).every(isNone));

/** What is in effect as the page shows it: "none", or the settings' JSON (the script shows a change the same way). */
const inEffect = (value: unknown): string => (isNone(value) ? "none" : json(value));

const number = (name: string, label: string, attributes: { min: number; max?: number; step?: string }): Html =>
  html`<label
    >${label}
    <input
      type="number"
      name="${name}"
      min="${attributes.min}"
      ${attributes.max !== undefined ? new Html(` max="${attributes.max}"`) : ""}
      step="${attributes.step ?? "1"}"
  /></label>`;

function apiSelect(state: ControlsState, valueOf: (api: { name: string; pathPrefix: string }) => string): Html {
  return html`<label
    >API
    <select name="api">
      <option value="">all APIs</option>
      ${state.apis.map((api) => html`<option value="${valueOf(api)}">${api.name}</option>`)}
    </select></label
  >`;
}

function faultsSection(state: ControlsState): Html {
  return html`<section aria-labelledby="faults-title" class="control">
    <h2 id="faults-title">Faults</h2>
    <p>In effect:</p>
    <pre class="json" id="faults-now" tabindex="0">${inEffect(state.faults)}</pre>
    <form data-endpoint="/_emulator/faults" data-method="POST" data-kind="faults" aria-labelledby="faults-title">
      ${apiSelect(state, (api) => api.pathPrefix)}
      <label>Methods <input type="text" name="methods" placeholder="e.g. POST,PATCH (all when empty)" /></label>
      ${number("rate429", "429 rate (0 to 1)", { min: 0, max: 1, step: "0.05" })} ${number("rate5xx", "5xx rate", { min: 0, max: 1, step: "0.05" })}
      <label
        >5xx status
        <select name="status5xx">
          <option>503</option>
          <option>500</option>
          <option>502</option>
        </select></label
      >
      ${number("lostResponseRate", "lost response rate", { min: 0, max: 1, step: "0.05" })}
      ${number("brokenResponseRate", "broken response rate", { min: 0, max: 1, step: "0.05" })}
      ${number("staleEtagRate", "stale etag rate (writes naming one)", { min: 0, max: 1, step: "0.05" })}
      ${number("refusedRate", "refused as invalid rate", { min: 0, max: 1, step: "0.05" })} ${number("retryAfterSeconds", "Retry-After (s)", { min: 0 })}
      ${number("count", "only the next N requests", { min: 1 })}
      <div class="buttons">
        <button type="submit">Inject</button> <button type="button" data-endpoint="/_emulator/faults" data-method="DELETE">Clear faults</button>
      </div>
    </form>
  </section>`;
}

function speedSection(state: ControlsState): Html {
  return html`<section aria-labelledby="speed-title" class="control">
    <h2 id="speed-title">Speed</h2>
    <p>In effect:</p>
    <pre class="json" id="speed-now" tabindex="0" data-speed="${JSON.stringify(state.speed)}">${inEffect(state.speed)}</pre>
    <form data-endpoint="/_emulator/speed" data-method="POST" data-kind="speed" aria-labelledby="speed-title">
      ${apiSelect(state, (api) => api.name)} ${number("latencyMs", "latency (ms)", { min: 0 })} ${number("jitterMs", "jitter (ms)", { min: 0 })}
      ${number("changePropagationMs", "propagation (ms)", { min: 0 })}
      <div class="buttons">
        <button type="submit">Set speed</button> <button type="button" data-endpoint="/_emulator/speed" data-method="DELETE">Back to the start speed</button>
      </div>
    </form>
  </section>`;
}

function tokensSection(state: ControlsState): Html {
  return html`<section aria-labelledby="tokens-title" class="control">
    <h2 id="tokens-title">Tokens</h2>
    <p>Issued tokens live ${state.tokenLifetimeSeconds} s (<code>--token-lifetime</code>). The console never shows a token.</p>
    <table>
      <caption>
        Service accounts
      </caption>
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Key id</th>
          <th scope="col">Delegation</th>
          <th scope="col">Impersonators</th>
        </tr>
      </thead>
      <tbody>
        ${state.serviceAccounts.map(
          (account) =>
            html`<tr>
              <td>${account.email}</td>
              <td>${account.keyId === "" ? "(no key)" : account.keyId.slice(0, 12)}</td>
              <td>${account.delegation.join(", ")}</td>
              <td>${account.impersonators.join(", ")}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <table>
      <caption>
        Issued tokens (${state.tokenStats.issued.length}; ${state.tokenStats.expiredUses} uses after expiry, ${state.tokenStats.scopeRefusals} scope refusals)
      </caption>
      <thead>
        <tr>
          <th scope="col">Grant</th>
          <th scope="col">Account</th>
          <th scope="col">Scopes</th>
          <th scope="col">Expires</th>
        </tr>
      </thead>
      <tbody>
        ${state.tokenStats.issued
          .slice(-20)
          .reverse()
          .map(
            (issued) =>
              html`<tr>
                <td>${issued.grant}</td>
                <td>${issued.subject ?? issued.principal}</td>
                <td>${issued.scopes.join(" ")}</td>
                <td><time datetime="${issued.expiresAt}">${issued.expiresAt}</time></td>
              </tr>`,
          )}
      </tbody>
    </table>
    <form data-endpoint="/_emulator/tokens/service-accounts" data-method="POST" data-kind="download" data-file="name" aria-labelledby="sa-title">
      <h3 id="sa-title">New service account</h3>
      <label>Name <input type="text" name="name" required pattern="[a-z][a-z0-9-]{4,28}[a-z0-9]" placeholder="deployer" /></label>
      <button type="submit">Create and save its key</button>
    </form>
    <form data-endpoint="/_emulator/tokens/authorized-users" data-method="POST" data-kind="download" data-file="email" aria-labelledby="scope-title">
      <h3 id="scope-title">Credentials for a scope</h3>
      <label>User e-mail <input type="email" name="email" required placeholder="dev@example.com" /></label>
      <label>Scopes <input type="text" name="scopes" placeholder="https://www.googleapis.com/auth/cloud-platform" /></label>
      <button type="submit">Issue and save the credentials file</button>
    </form>
  </section>`;
}

export function controlsPage(state: ControlsState): Html {
  return page(
    "Controls",
    "/controls",
    html`<p id="control-status" class="status-line" role="status" aria-live="polite"></p>
      <div class="controls">
        ${faultsSection(state)}${speedSection(state)}${tokensSection(state)}
        <section aria-labelledby="reset-title" class="control">
          <h2 id="reset-title">Reset</h2>
          <p>Clears every API's objects, the request log and the faults; the speed goes back to its start settings.</p>
          <button type="button" data-endpoint="/_emulator/reset" data-method="POST" data-confirm="Reset the emulator: every object and the request log go.">
            Reset the emulator
          </button>
        </section>
      </div>`,
  );
}
