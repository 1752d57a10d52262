/**
 * HTML built on the server: a tagged template that escapes every value it is given (markup
 * passes only as `Html`), and the one page layout every console page shares.
 */
import { CONSOLE_PREFIX } from "./paths";

export class Html {
  constructor(readonly text: string) {}
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let text = strings[0] ?? "";
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? "");
  });
  return new Html(text);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === undefined || value === null || value === false) return "";
  const text = typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? `${value}` : JSON.stringify(value);
  return escapeHtml(text);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** An object's JSON, indented, for a `<pre>`. */
export function json(value: unknown): string {
  return value === undefined ? "(no body)" : typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

export const link = (path: string): string => `${CONSOLE_PREFIX}${path}`;

const SECTIONS = [
  { path: "/objects", title: "Objects" },
  { path: "/requests", title: "Requests" },
  { path: "/controls", title: "Controls" },
] as const;

/** Every page: a skip link, the sections as navigation, one main landmark, the stylesheet and the script (a module: deferred). */
export function page(title: string, section: string, main: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · svc-emulator</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="${link("/assets/console.css")}" />
        <script type="module" src="${link("/assets/console.js")}"></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <span class="brand">svc-emulator</span>
          <nav aria-label="Sections">
            <ul>
              ${SECTIONS.map(
                (entry) => html`<li><a href="${link(entry.path)}" ${entry.path === section ? new Html(' aria-current="page"') : ""}>${entry.title}</a></li>`,
              )}
            </ul>
          </nav>
        </header>
        <main id="main" tabindex="-1">
          <h1>${title}</h1>
          ${main}
        </main>
      </body>
    </html> `;
}
