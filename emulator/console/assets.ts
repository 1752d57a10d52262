/**
 * The console's static files: the stylesheet (`assets/`, beside this module, copied into dist/ by
 * the build) and the browser script, compiled from `client/` by its own tsconfig into
 * `dist/emulator/console/client/`. Run from the sources (the tests), the script is taken from
 * dist/, so it needs `npm run build`; a missing one is said on the page, not skipped.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";

const TYPES: Record<string, string> = { ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

/** The folders a file may come from, in order: beside the module (dist/), then the built ones (sources). */
function folders(): string[] {
  const built = path.resolve(__dirname, "..", "..", "dist", "emulator", "console");
  return [path.join(__dirname, "assets"), path.join(__dirname, "client"), path.join(built, "assets"), path.join(built, "client")];
}

export interface Asset {
  contentType: string;
  body: string;
}

const cache = new Map<string, Asset>();

/** A file of the console by name (`console.css`, `console.js`); undefined when there is none. */
export function asset(name: string): Asset | undefined {
  const extension = path.extname(name);
  const contentType = TYPES[extension];
  if (contentType === undefined || !/^[a-z-]+\.(css|js)$/.test(name)) return undefined;
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  for (const folder of folders()) {
    const file = path.join(folder, name);
    if (!existsSync(file)) continue;
    const found = { contentType, body: readFileSync(file, "utf8") };
    // From dist/ the files never change; from the sources they are read again (a rebuild shows at once).
    if (__filename.endsWith(".js")) cache.set(name, found);
    return found;
  }
  return undefined;
}
