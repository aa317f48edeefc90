import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** A menu that closes on Escape (focus back on its button), on a click elsewhere, when focus moves out of it, or when told to. */
export function usePopover() {
  const [open, setOpen] = useState(false);
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
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };
  // Tabbed past, an open menu covered the controls focus went on to. Focus leaving for nowhere (another window, a click on
  // something that takes no focus) keeps it open: the click closes it on its own, and the window may come back.
  const onBlur = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null;
    if (open && to && !root.current?.contains(to)) setOpen(false);
  };
  return { open, setOpen, root, button, onKeyDown, onBlur };
}
