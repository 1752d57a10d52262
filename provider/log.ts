/**
 * Messages for the person running `pulumi up`: why it waits, what was
 * reconciled. The dynamic provider's stderr reaches the engine's output.
 */
export function report(message: string): void {
  process.stderr.write(`${message}\n`);
}
