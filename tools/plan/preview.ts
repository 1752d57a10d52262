/**
 * The input: what `pulumi preview --json` prints, read from a file, stdin, or a run of
 * `pulumi preview --json` for the current stack. Only what the report needs is validated.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { z } from "zod";

const resourceState = z.looseObject({
  urn: z.string(),
  type: z.string(),
  id: z.string().optional(),
  custom: z.boolean().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});
export type ResourceState = z.infer<typeof resourceState>;

const step = z.looseObject({
  op: z.string(),
  urn: z.string(),
  oldState: resourceState.optional(),
  newState: resourceState.optional(),
  replaceReasons: z.array(z.string()).nullish(),
});
export type PreviewStep = z.infer<typeof step>;

export const previewJson = z.looseObject({
  steps: z.array(step).default([]),
  changeSummary: z.record(z.string(), z.number()).optional(),
  diagnostics: z.array(z.looseObject({ message: z.string().optional(), severity: z.string().optional() })).optional(),
});
export type PreviewJson = z.infer<typeof previewJson>;

/** Parses the preview's JSON text, saying what is wrong with it in words. */
export function parsePreview(text: string, source: string): PreviewJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON (${error instanceof Error ? error.message : String(error)}); give the output of \`pulumi preview --json\``);
  }
  const parsed = previewJson.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source} is not the output of \`pulumi preview --json\`: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim());
  }
  return parsed.data;
}

export function readPreviewFile(file: string): PreviewJson {
  if (file === "-") return parsePreview(readFileSync(0, "utf8"), "stdin");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : error instanceof Error ? error.message : String(error);
    throw new Error(`--file ${file}: cannot read it (${reason}); give the output of \`pulumi preview --json\`, or - for standard input`);
  }
  return parsePreview(text, file);
}

export interface RunOptions {
  readonly stack?: string | undefined;
  readonly cwd?: string | undefined;
  /** List the resources left as they are too (`--show-sames`): a share limit counts the record sets among them. */
  readonly showSames?: boolean | undefined;
  /** The `pulumi` command; `PULUMI_COMMAND` or `pulumi` on PATH. */
  readonly pulumi?: string | undefined;
}

/**
 * Runs `pulumi preview --json` for the current stack. A preview that fails (bad input, a program
 * error) still prints its JSON with diagnostics; the failure is reported with them.
 */
export function runPreview({ stack, cwd, showSames = false, pulumi = process.env["PULUMI_COMMAND"] ?? "pulumi" }: RunOptions): Promise<PreviewJson> {
  const args = [
    "preview",
    "--json",
    "--non-interactive",
    ...(showSames ? ["--show-sames"] : []),
    ...(stack === undefined ? [] : ["--stack", stack]),
    ...(cwd === undefined ? [] : ["--cwd", cwd]),
  ];
  return new Promise((resolve, reject) => {
    execFile(pulumi, args, { maxBuffer: 512 * 1024 * 1024, env: process.env }, (error, stdout, stderr) => {
      if (error !== null && stdout.trim() === "") {
        reject(new Error(`\`${pulumi} ${args.join(" ")}\` failed: ${stderr.trim() || error.message}`));
        return;
      }
      try {
        const preview = parsePreview(stdout, `the output of \`${pulumi} ${args.join(" ")}\``);
        if (error !== null) {
          const messages = (preview.diagnostics ?? []).filter((d) => d.severity === "error").map((d) => d.message?.trim() ?? "");
          reject(new Error(`\`${pulumi} preview\` failed:\n${messages.join("\n") || stderr.trim() || error.message}`));
          return;
        }
        resolve(preview);
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
      }
    });
  });
}
