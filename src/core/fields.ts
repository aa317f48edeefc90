import { plural } from './countText';
import { clip, LABEL_CHARS } from './markdownText';
import type { JsonValue, SeqRecord } from './model';
import { WideNumber, type Quantity } from './wideNumber';

/**
 * Typed reads of a record's fields; a field of the wrong type reads as absent.
 * Hot checks read the field where they stand (`asId(r.data.resource)`): each
 * such read has its own inline cache and sees the few shapes of the kinds it
 * handles, where a read inside one shared `field()` sees every shape of every
 * kind and goes megamorphic (a fifth of a second at a million records).
 */

/**
 * Callers pass the spec's field names only, none of which is a property of
 * Object.prototype, so a plain read cannot pick up an inherited value; this
 * is the hottest function of the engine.
 */
export function field(record: SeqRecord, name: string): JsonValue | undefined {
  return record.data[name];
}

export function stringField(record: SeqRecord, name: string): string | undefined {
  return asString(field(record, name));
}

/** Ids may be strings or numbers; references compare by their text. */
export function idField(record: SeqRecord, name: string): string | undefined {
  return asId(field(record, name));
}

export function idKey(record: SeqRecord): string {
  return String(record.id);
}

/**
 * The most of an id a finding's message quotes, in UTF-16 units: as the page
 * cuts an id that only labels something (LABEL_CHARS: its tooltip and chips). In a message
 * an id names a record, it is not the evidence — that is the record, and the
 * finding's `records` keep the id whole — and a message names up to six
 * records, so six 10,000-character ids made a 60,000-character sentence.
 */
export const MESSAGE_ID_CHARS = LABEL_CHARS;

/**
 * An id as a message quotes it: whole up to MESSAGE_ID_CHARS, else its start
 * (never half an emoji or tag character, which would then be marked as an
 * unpaired surrogate), an ellipsis and how much was left out.
 */
export function shownId(id: string): string {
  const { text, omitted } = clippedId(id);
  return omitted > 0 ? `${text}… (${plural(omitted, 'more character')})` : text;
}

/** The start of an id as a message shows it, and how many of its UTF-16 units were left out (0 when whole). */
export function clippedId(id: string): { text: string; omitted: number } {
  return clip(id, MESSAGE_ID_CHARS);
}

export function asString(v: JsonValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A string, or a number as its text (a wide one with every digit it was written with). */
export function asId(v: JsonValue | undefined): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return v instanceof WideNumber ? v.text : undefined;
}

/** A number, a wide one kept exact; compare with compareQuantities. */
export function asQuantity(v: JsonValue | undefined): Quantity | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return v instanceof WideNumber ? v : undefined;
}

export function asBoolean(v: JsonValue | undefined): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}
