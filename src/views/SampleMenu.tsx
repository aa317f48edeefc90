import { useId } from 'react';
import { openSample } from '../state/loader';
import type { SampleEntry } from '../state/samples';
import { useStore } from '../state/store';
import { SampleList } from './SampleList';
import { usePopover } from './usePopover';

/**
 * Samples behind one button; the list closes on Escape, on a choice (focus back on the button for both), on a click
 * elsewhere or when focus moves on.
 * A button and a list, not a select: a closed select takes each arrow key as a choice, so stepping through the
 * samples from the keyboard opened (or compared with) the first one at once.
 */
export function SamplePicker({ label, name, samples, onPick, className = 'sample-menu', popoverClassName = 'sample-popover' }: {
  label: string;
  /** The list's accessible name. */
  name: string;
  samples: readonly SampleEntry[];
  onPick: (file: string) => void;
  className?: string;
  popoverClassName?: string;
}) {
  const { open, setOpen, root, button, onKeyDown, onBlur } = usePopover();
  const id = useId();
  return (
    <div className={className} ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && (
        <div id={id} className={popoverClassName} role="group" aria-label={name}>
          <SampleList
            samples={samples}
            onPick={(file) => {
              // The chosen button goes with the list: focus left on it fell to the page's body, and the next Tab started again at Open files.
              button.current?.focus();
              setOpen(false);
              onPick(file);
            }}
          />
        </div>
      )}
    </div>
  );
}

/** The bundled samples, each opened on its own. */
export function SampleMenu() {
  const samples = useStore((s) => s.samples);
  if (!samples || samples.length === 0) return null;
  return <SamplePicker label="Samples ▾" name="Samples" samples={samples} onPick={(file) => void openSample(file)} />;
}
