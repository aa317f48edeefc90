/** `1 record`, `2 records`: the CLI's text is read by people. */
export function countText(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
