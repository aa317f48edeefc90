import { act, fireEvent } from '@testing-library/react';

/** Presses a copy button and lets the clipboard's promise settle, so the button says what its copy did. */
export async function pressCopy(button: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}
