/**
 * A name from the command line or a log in double quotes, with its quotes and
 * backslashes escaped so the quotes show where it begins and ends. Its control
 * and invisible characters are left for revealInvisibles to mark as
 * `⟨U+001B⟩`, as everywhere else in the output; JSON.stringify would write
 * `\u001b` instead.
 */
export function quoted(name: string): string {
  return `"${name.replace(/["\\]/g, '\\$&')}"`;
}
