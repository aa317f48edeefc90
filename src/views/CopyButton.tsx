import { useEffect, useState } from 'react';

type Said = 'copied' | 'failed' | null;

/** How long the button says what its copy did: a failure says what to do instead, a longer read. */
const SAID_MS: Record<Exclude<Said, null>, number> = { copied: 2000, failed: 4000 };

/**
 * A button that puts `text()` on the clipboard and says, for a moment, that
 * it did (`copied`) or could not (`failed`) before reading `label` again.
 * The text is taken when pressed, so it is the one shown then. Without a
 * clipboard (a page served over plain http from another machine) it says it
 * could not, rather than nothing; its words are announced as they change.
 */
export function CopyButton({
  text,
  label,
  copied,
  failed,
  className,
  title,
  ariaLabel,
  disabled,
}: {
  text: () => string;
  label: string;
  copied: string;
  failed: string;
  className?: string;
  title?: string;
  ariaLabel?: string;
  disabled?: boolean;
}) {
  // A new object each press: the same word said again restarts its time, where the same value would not.
  const [said, setSaid] = useState<{ what: Said }>({ what: null });
  useEffect(() => {
    if (said.what === null) return;
    const timer = window.setTimeout(() => setSaid({ what: null }), SAID_MS[said.what]);
    return () => window.clearTimeout(timer);
  }, [said]);
  const say = (what: Exclude<Said, null>) => setSaid({ what });
  const copy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return say('failed');
    clipboard.writeText(text()).then(
      () => say('copied'),
      () => say('failed'),
    );
  };
  return (
    <button type="button" className={className} title={title} aria-label={ariaLabel} onClick={copy} aria-live="polite" disabled={disabled}>
      {said.what === 'copied' ? copied : said.what === 'failed' ? failed : label}
    </button>
  );
}
