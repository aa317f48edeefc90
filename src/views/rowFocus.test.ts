// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { RowFocus } from './rowFocus';

afterEach(() => document.body.replaceChildren());

function list(): { el: HTMLElement; row: HTMLElement; focus: RowFocus } {
  const el = document.createElement('div');
  const row = document.createElement('button');
  el.append(row);
  document.body.append(el);
  const focus = new RowFocus(() => 5000);
  focus.attach(el);
  return { el, row, focus };
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
