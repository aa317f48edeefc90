import { fnv1aHex } from '../io/textDigest';
import { nextTask } from '../worker/nextTask';

/** Saves text or a blob as a file through an object URL: same-origin, nothing leaves the tab. */
export function download(name: string, content: Blob | string, type = 'text/plain;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Text made safe for a file name: anything a file system dislikes replaced, no leading dot, at most `max` characters. */
function fileNamePart(text: string, max: number): string {
  return text.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '').slice(0, max);
}

/** A file-name stem from the first input's name: its extension and anything a file system dislikes removed. */
export function stemOf(name: string | undefined): string {
  const base = (name ?? 'seqscope').replace(/\.(gz)$/i, '').replace(/\.[^.]*$/, '');
  return fileNamePart(base, 60) || 'seqscope';
}

/**
 * A session's name as part of a file name. A name the file system would not
 * take as it is gets a hash of the real name too: `a/b` and `a:b` (or
 * `run 1` and `run_1`) both sanitise to one text, and their exports would
 * overwrite each other in a downloads folder.
 */
function sessionFilePart(session: string): string {
  const safe = fileNamePart(session, 40) || '_';
  return safe === session ? safe : `${safe}-${fnv1aHex(session)}`;
}

/**
 * The name an export is saved under. One made for one session says so
 * (`run.session-o1.findings.json`): it holds less than the export of every
 * session, and under the same name the two were told apart only by the
 * browser's " (1)".
 */
export function exportFileName(stem: string, suffix: string, onlySession: string | null): string {
  const scope = onlySession === null ? '' : `.session-${sessionFilePart(onlySession)}`;
  return `${stem}${scope}${suffix}`;
}

/** The name a session's order view is saved under, as SVG or PNG. */
export function orderFileName(stem: string, session: string, ext: 'svg' | 'png'): string {
  return `${stem}.order-${sessionFilePart(session)}.${ext}`;
}

/** Draws an SVG document on a canvas at the given scale and returns it as PNG. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    // Decoding ends in the task that parsed the SVG (about 40 ms for a million records' order view): drawing waits for the next.
    await nextTask();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas in this browser');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas could not be encoded as PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
