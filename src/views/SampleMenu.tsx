import { useId } from 'react';
import { openSample } from '../state/loader';
import { useStore } from '../state/store';
import { SampleList } from './SampleList';
import { usePopover } from './usePopover';

/** The bundled samples behind one button; the list closes on Escape, on a choice, or on a click elsewhere. */
export function SampleMenu() {
  const samples = useStore((s) => s.samples);
  const { open, setOpen, root, button, onKeyDown, onBlur } = usePopover();
  const id = useId();
  if (!samples || samples.length === 0) return null;
  return (
    <div className="sample-menu" ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Samples ▾
      </button>
      {open && (
        <div id={id} className="sample-popover">
          <SampleList
            samples={samples}
            onPick={(file) => {
              setOpen(false);
              void openSample(file);
            }}
          />
        </div>
      )}
    </div>
  );
}
