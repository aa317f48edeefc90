// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowFocus } from './rowFocus';

afterEach(() => document.body.replaceChildren());

let moves = 0;

function list(): { el: HTMLElement; row: HTMLElement; focus: RowFocus } {
  const el = document.createElement('div');
  const row = document.createElement('button');
  el.append(row);
  document.body.append(el);
  moves = 0;
  const focus = new RowFocus(
    () => 5000,
    () => moves++,
  );
  focus.attach(el);
  return { el, row, focus };
}

/** A row of the list, holding a button, as the list's own rows do. */
function rowIn(el: HTMLElement, index: number): HTMLButtonElement {
  const li = document.createElement('li');
  li.setAttribute('data-index', String(index));
  const button = document.createElement('button');
  li.append(button);
  el.append(li);
  return button;
}

/** The browser removes the focused row in a commit: it blurs it and lays the list out short, cutting the scroll back. */
function removeFocused(el: HTMLElement, row: HTMLElement) {
  row.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  row.remove();
  el.scrollTop = 40;
}

describe('focus in a window\'s rows', () => {
  it('puts back the offset rendered for when a commit removed the focused row and the scroll was cut back', () => {
    const { el, row, focus } = list();
    focus.rendered();
    removeFocused(el, row);
    expect(focus.committed()).toBe(5000);
    expect(focus.committed()).toBeNull();
  });

  it('leaves the scroll alone for focus lost outside a commit, or a row still in the page, or once detached', () => {
    const { el, row, focus } = list();
    removeFocused(el, row);
    focus.rendered();
    expect(focus.committed()).toBeNull();
    const kept = document.createElement('button');
    el.append(kept);
    focus.rendered();
    kept.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(focus.committed()).toBeNull();
    focus.detach();
    focus.rendered();
    el.append(row);
    removeFocused(el, row);
    expect(focus.committed()).toBeNull();
  });
});

describe('the row holding focus', () => {
  it('is the row focus went into, told once each time it changes, and none once focus leaves the list', () => {
    const { el, focus } = list();
    const outside = document.createElement('button');
    document.body.append(outside);
    const [a, b] = [rowIn(el, 7), rowIn(el, 3012)];
    a.focus();
    expect([focus.focused, moves]).toEqual([7, 1]);
    b.focus();
    expect([focus.focused, moves]).toEqual([3012, 2]);
    // From one element of the row to another: the same row.
    b.parentElement!.append(document.createElement('input'));
    b.parentElement!.querySelector('input')!.focus();
    expect([focus.focused, moves]).toEqual([3012, 2]);
    outside.focus();
    expect([focus.focused, moves]).toEqual([-1, 3]);
  });

  it('is none for the scroller itself, or a row of a list the scroller sits in, and forgotten once detached', () => {
    const outer = document.createElement('div');
    outer.setAttribute('data-index', '4');
    document.body.append(outer);
    const { el, focus } = list();
    outer.append(el);
    el.tabIndex = 0;
    el.focus();
    expect(focus.focused).toBe(-1);
    rowIn(el, 9).focus();
    expect(focus.focused).toBe(9);
    focus.detach();
    expect(focus.focused).toBe(-1);
  });
});

describe('the row holding focus, as the page loses focus', () => {
  it('stays kept while another tab or window holds focus, the element keeping it to get it back on return', () => {
    const { el, focus } = list();
    const b = rowIn(el, 3012);
    b.focus();
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    // The browser blurs the focused element as the page loses focus, and leaves it the document's active element.
    b.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect([focus.focused, moves]).toEqual([3012, 1]);
    hasFocus.mockRestore();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    expect(focus.focused).toBe(-1);
  });
});
