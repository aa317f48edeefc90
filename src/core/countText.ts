/**
 * A count as a reader sees it: `199,994 more`, `1,048,576 bytes`. Digits are
 * grouped in threes with commas, always, whatever the machine's locale: the
 * CLI, the reports and the page must write a count the same way, and goldens
 * must not depend on the ICU data a runtime ships. Only counts ("how many")
 * are grouped; positions and identifiers ("which one": line 12345,
 * accept_seq 12345, an id) are written as they are.
 */
export function formatCount(n: number): string {
  return groupWhole(String(n));
}

/** A quantity to `digits` decimals, its whole part grouped as a count's: `1,031.2` MiB where toFixed writes 1031.2. */
export function formatFixed(n: number, digits: number): string {
  return groupWhole(n.toFixed(digits));
}

/** Bytes in a mebibyte. */
export const MiB = 1024 * 1024;

/** `1,031.2`: bytes as mebibytes to a tenth, grouped as a count (a gzip file can hold over a thousand); the number of `1,031.2 MiB`. */
export function mibNumber(bytes: number): string {
  return formatFixed(bytes / MiB, 1);
}

/** `12.3 MiB`: a size of a mebibyte or more as a person reads it. */
export function formatMiB(bytes: number): string {
  return `${mibNumber(bytes)} MiB`;
}

/**
 * The tail of a list that shows the first `shown` of `total` items: ` and
 * 1,234 more`, or '' when it shows them all. The leading space is part of it,
 * so it can follow the last item as it stands; what goes before the "and"
 * (`...` on a terminal, `…` in Markdown) and after "more" is the caller's.
 */
export function andMore(total: number, shown: number): string {
  return total > shown ? ` and ${formatCount(total - shown)} more` : '';
}

/** Groups the whole part of a decimal as JavaScript writes it; NaN, ±Infinity and exponent forms (1e+21, 5e-7) are left as written. */
function groupWhole(text: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!m || m[2]!.length <= 3) return text;
  return m[1]! + groupDigits(m[2]!) + (m[3] ?? '');
}

/** `1234567` → `1,234,567`; a loop, not a regular expression with lookahead, since a render formats thousands of counts. */
function groupDigits(digits: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return out;
}

/** "1 record", "2,000 records". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
