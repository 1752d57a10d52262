/**
 * The last guard of the console's output: every credential the emulator has seen (bearer tokens,
 * CI tokens, HTTP Basic user names and passwords, credential query parameters) and the tokens it
 * was started with are replaced by `[REDACTED]` in every page, JSON answer and event the console
 * sends, in the forms they can take there (as is, HTML-escaped, URL-encoded). Objects can hold
 * one: without `--calendar-users`, a calendar user is `<token>@example.test`. Credentials are kept
 * in memory only, and only those of at least `MIN_LENGTH` characters are replaced: a token of a
 * letter or two would blank the page.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { QueryParams } from "../api";
import { firstQueryValue } from "../api";
import { escapeHtml } from "./html";

const MIN_LENGTH = 8;
export const REDACTED = "[REDACTED]";

export class SecretScrubber {
  private readonly secrets = new Set<string>();
  private pattern: RegExp | undefined;

  constructor(initial: readonly string[] = []) {
    for (const secret of initial) this.add(secret);
  }

  /** Remembers the credentials a request carries. */
  see(headers: IncomingHttpHeaders, query: QueryParams): void {
    const authorization = headers.authorization;
    if (authorization !== undefined) {
      const [scheme = "", value = ""] = authorization.trim().split(/\s+/, 2);
      if (/^basic$/i.test(scheme)) {
        const decoded = Buffer.from(value, "base64").toString("utf8");
        for (const part of decoded.split(":")) this.add(part);
      } else this.add(value);
    }
    for (const header of [headers["ci-token"]].flat()) if (header !== undefined) this.add(header.trim());
    for (const name of ["access_token", "ci-token", "key"]) {
      const value = firstQueryValue(query, name);
      if (value !== undefined) this.add(value);
    }
  }

  add(secret: string): void {
    if (secret.length < MIN_LENGTH || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.pattern = undefined;
  }

  scrub(text: string): string {
    if (this.secrets.size === 0) return text;
    this.pattern ??= new RegExp(
      [...this.secrets]
        .flatMap((secret) => [secret, escapeHtml(secret), encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])
        .sort((a, b) => b.length - a.length)
        .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("|"),
      "g",
    );
    return text.replace(this.pattern, REDACTED);
  }
}
