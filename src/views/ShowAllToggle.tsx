import { formatCount } from './format';

/**
 * The button under a list cut short (`Show all 5,000 fields`). Pressed, it
 * stays where it is and offers the first ones again, so keyboard focus
 * stays on it: a button that took itself away left focus on the page's body,
 * and the next Tab went back to *Open files* at the top of the page.
 */
export function ShowAllToggle({ all, onChange, showAll, showFirst, label, className = 'small' }: { all: boolean; onChange: (all: boolean) => void; showAll: string; showFirst: string; label?: string; className?: string }) {
  const text = all ? showFirst : showAll;
  return (
    <button type="button" className={className} aria-expanded={all} aria-label={label === undefined ? undefined : `${text}: ${label}`} onClick={() => onChange(!all)}>
      {text}
    </button>
  );
}

/**
 * Under a list of `total` cut to its `first` ones: how many more there are
 * and the toggle (`300 more fields. Show all 1,000 fields`).
 */
export function MoreToShow({ all, onChange, total, first, noun }: { all: boolean; onChange: (all: boolean) => void; total: number; first: number; noun: string }) {
  return (
    <p className="muted">
      {!all && `${formatCount(total - first)} more ${noun}. `}
      <ShowAllToggle all={all} onChange={onChange} showAll={`Show all ${formatCount(total)} ${noun}`} showFirst={`Show the first ${formatCount(first)} ${noun}`} />
    </p>
  );
}
