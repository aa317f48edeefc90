/**
 * JSON.parse messages name a position in the whole string; a person wants
 * the column in the line.
 */
export function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const m = /^(.*?)(?: in JSON)? at position (\d+)(?: \(line \d+ column (\d+)\))?/s.exec(message);
  if (m) {
    const column = m[3] ?? String(Number(m[2]) + 1);
    return `not valid JSON (${m[1]!.trim()} at column ${column})`;
  }
  return `not valid JSON (${message.replace(/ in JSON$/, '')})`;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return 'an object';
  }
}
