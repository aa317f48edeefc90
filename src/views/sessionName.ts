import { marked } from './Marked';

/**
 * A session may be named "" (the native format takes any string): written
 * bare it would read as no session chosen, an empty input showing its
 * placeholder. Every picker writes it so.
 */
export const EMPTY_SESSION_NAME = '“” (empty name)';

/** A session's name as the pickers write it in plain text: marked, and "" made visible. */
export const sessionNameText = (name: string): string => (name === '' ? EMPTY_SESSION_NAME : marked(name));
