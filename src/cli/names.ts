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

/**
 * A session name or key as the text output shows it: bare, unless bare it
 * would not be seen as itself. Empty, it leaves nothing (`  : 1 record`,
 * `=1`); edged with whitespace, it reads as indentation or is not seen at
 * all; starting with a quote, it would read as one of these quoted names;
 * holding `=` or `, `, it splits where a state line (`a=1, b=2`) or a list
 * of names (`sessions are: a, b`) does, and reads as two keys or a value;
 * holding `: `, it ends early where a name heads a line (`a: 3 records`).
 */
export function shownName(name: string): string {
  return name === '' || /^\s|\s$|^"|=|, |: /.test(name) ? quoted(name) : name;
}

/**
 * A name that stands beside another, separated by a space (a compared
 * decision's `session key: …`): holding whitespace, it would read as the
 * two names split elsewhere.
 */
export function shownWord(name: string): string {
  return /\s/.test(name) ? quoted(name) : shownName(name);
}
