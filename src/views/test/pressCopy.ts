import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/** Presses a copy button and lets the clipboard's promise settle, so the button says what its copy did. */
export async function pressCopy(button: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}

/** Stands in for the browser's clipboard, writing through `write`; returns the mock to assert on. Undone by vi.unstubAllGlobals. */
export function stubClipboard(write: (text: string) => Promise<void> = () => Promise.resolve()) {
  const writeText = vi.fn(write);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  return writeText;
}
