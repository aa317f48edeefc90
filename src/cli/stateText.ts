import { isUndetermined, jsonText, plural as count, type KeyState, type SessionAnalysis, type StateValue } from '../core/index';
import { formatCount } from '../core/countText';
import { clip } from '../core/markdownText';
import { DEFAULT_REPORT_LIMITS } from '../core/markdownReportOptions';
import { shownName } from './names';

/**
 * Values are cut as the Markdown report cuts them (its valueChars limit): a
 * state value can be megabytes, and each replay line would print it whole.
 * --json keeps it whole.
 */
const VALUE_CHARS = DEFAULT_REPORT_LIMITS.valueChars;

export function fmtValue(v: StateValue | undefined): string {
  const { text, omitted } = clip(jsonText(v), VALUE_CHARS);
  return omitted > 0 ? `${text}… (${count(omitted, 'more character')})` : text;
}

/**
 * Keys named on one state line; the rest are counted. A session's state can
 * hold thousands of keys, and each replay line named them all (310,000
 * characters for 20,000 keys), as the page's state panel did before it too
 * listed the first ones.
 */
export const LISTED_KEYS = 20;

/** `keys` of `state` with its undetermined keys said bare (`key=unknown`): a decided value, the string "unknown" included, is JSON (`key="unknown"`). */
function fmtKeys(state: KeyState, keys: readonly string[], undetermined: ReadonlySet<string>): string {
  return keys.length ? keys.map((k) => `${shownName(k)}=${undetermined.has(k) ? 'unknown' : fmtValue(state[k])}`).join(', ') : '(no keys)';
}

/**
 * The storage and acceptance replay lines of a session. Of more keys than
 * are listed, those whose two replays differ (or that are undetermined) are
 * listed first, then the others, in key order on both lines alike.
 */
export function replayLines(s: SessionAnalysis, limit = LISTED_KEYS): string[] {
  const all = s.replays.keys;
  const differs = (k: (typeof all)[number]) => isUndetermined(k) || jsonText(k.storage) !== jsonText(k.acceptance);
  let listed = all;
  let more = '';
  if (all.length > limit) {
    const differing = all.filter(differs);
    const shown = new Set(differing.slice(0, limit).map((k) => k.key));
    for (const k of all) if (shown.size < limit) shown.add(k.key);
    listed = all.filter((k) => shown.has(k.key));
    const unlisted = differing.length - differing.filter((k) => shown.has(k.key)).length;
    more = ` and ${count(all.length - limit, 'more key')} (${unlisted ? `${formatCount(unlisted)} of them differ` : 'the same in both'}; see --all or --json)`;
  }
  const keys = listed.map((k) => k.key);
  const undetermined = new Set(listed.filter(isUndetermined).map((k) => k.key));
  return [
    `    storage replay:    ${fmtKeys(s.replays.storage, keys, NONE)}${more}`,
    `    acceptance replay: ${fmtKeys(s.replays.acceptance, keys, undetermined)}${more}`,
  ];
}

/** A session's state as of its cutoff: its first keys, in key order. */
export function cutoffStateText(state: KeyState, unknownKeys: readonly string[], limit = LISTED_KEYS): string {
  const keys = Object.keys(state);
  const more = keys.length > limit ? ` and ${count(keys.length - limit, 'more key')} (see --all or --json)` : '';
  return `${fmtKeys(state, keys.slice(0, limit), new Set(unknownKeys))}${more}`;
}

const NONE: ReadonlySet<string> = new Set();
