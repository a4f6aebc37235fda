/** A line that redraws itself on a terminal, and is printed every few seconds elsewhere. */
export function progressPrinter(): (text: string) => void {
  let last = 0;
  return (text) => {
    const now = Date.now();
    if (process.stderr.isTTY) process.stderr.write(`\r${text}`);
    else if (now - last > 2000) {
      process.stderr.write(`${text}\n`);
      last = now;
    }
  };
}
