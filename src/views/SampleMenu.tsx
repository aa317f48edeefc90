import { useEffect, useId, useRef, useState } from 'react';
import { openSample } from '../state/loader';
import { useStore } from '../state/store';
import { SampleList } from './SampleList';

/** The bundled samples behind one button; the list closes on Escape, on a choice, or on a click elsewhere. */
export function SampleMenu() {
  const samples = useStore((s) => s.samples);
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  if (!samples || samples.length === 0) return null;
  return (
    <div
      className="sample-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
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
