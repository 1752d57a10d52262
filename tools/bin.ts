/**
 * How each of the package's tools runs as a bin: its `main` gets the arguments and returns the exit
 * status; a failure it did not turn into one is said in one line under the tool's name (`usage`
 * after it, for a tool whose failures are most often a wrong argument).
 */
export function runAsBin(
  name: string,
  main: (argv: readonly string[]) => Promise<number>,
  usage?: string,
  argv: readonly string[] = process.argv.slice(2),
): void {
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n${usage === undefined ? "" : `${usage}\n`}`);
      process.exitCode = 1;
    },
  );
}
