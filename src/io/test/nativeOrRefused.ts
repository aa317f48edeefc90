import { parseNative, type ParsedBody } from '../parseNative';
import { UnknownDocumentError } from '../unknownDocument';

/** parseNative of a text, or null when the text is one JSON document in no format (loadInput refuses it as unreadable). */
export function nativeOrRefused(text: string): ParsedBody | null {
  try {
    return parseNative(text, 'f', 0);
  } catch (e) {
    if (e instanceof UnknownDocumentError) return null;
    throw e;
  }
}
