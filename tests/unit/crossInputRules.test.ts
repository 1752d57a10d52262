/**
 * Cross-input rules have one form: a declaration's `crossCheck`. A refinement of the whole `args`
 * object would break check, which leaves inputs not yet known out of the schema (zod refuses to
 * omit from a refined object), so every declaration's args must stay omittable.
 */
import { z } from "zod";
import { declarations } from "../../provider/registry";

it.each(declarations.map((declaration) => [`${declaration.module}.${declaration.name}`, declaration] as const))(
  "%s: its args are a plain object (rules across inputs are its crossCheck)",
  (_name, declaration) => {
    const [first] = Object.keys(declaration.args.shape);
    expect(first).toBeDefined();
    expect(() => declaration.args.omit({ [first!]: true })).not.toThrow();
  },
);

it("a refined args object would fail check's omission of unknown inputs (why the rule holds)", () => {
  const refined = z.object({ a: z.string(), b: z.string() }).superRefine(() => undefined);
  expect(() => refined.omit({ a: true })).toThrow(/refinements/);
});
