// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasteDialog } from './PasteDialog';

describe('the paste box', () => {
  afterEach(cleanup);

  it('says beside Open text, in a live region the button is described by, why whitespace alone cannot be opened', () => {
    render(<PasteDialog onClose={() => {}} />);
    const open = screen.getByRole('button', { name: 'Open text', hidden: true }) as HTMLButtonElement;
    const why = screen.getByRole('status', { hidden: true });
    expect(open.getAttribute('aria-describedby')).toBe(why.id);
    expect(open.disabled).toBe(true);
    expect(why.textContent).toBe('');
    fireEvent.change(screen.getByLabelText('Log text'), { target: { value: ' \n\t\n' } });
    expect(open.disabled).toBe(true);
    expect(why.textContent).toBe('Nothing to open: the text is only whitespace.');
    expect(screen.getByRole('status', { hidden: true })).toBe(why);
    fireEvent.change(screen.getByLabelText('Log text'), { target: { value: ' {"kind":"input"}\n' } });
    expect(open.disabled).toBe(false);
    expect(why.textContent).toBe('');
  });
});
