import type { z } from "zod";

/**
 * Validates a read function's arguments before any request, the way `check` validates a
 * resource's inputs: the error names the function and each bad argument with its accepted form.
 */
export function parseFunctionArgs<Schema extends z.ZodType>(schema: Schema, input: unknown, fn: string): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(arguments)"} ${issue.message}`);
  throw new Error(`svc.${fn}: ${problems.join("; ")}`);
}
