import { describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { sessionOf } from '../state/selectors';
import { buildOrderModel } from './orderModel';
import { MAX_MARKS, orderSvgDocument, orderSvgSteps } from './orderSvgExport';
import { orderRows } from './orderScene';
import { xmlText } from './orderSvgParts';
import { orderLegendEntries } from './orderLegendEntries';
import { placeBoundaries } from './orderBoundaries';
import { analyze } from '../core/analyze';
import { fixturesDir, loadFile } from '../io/test/samples';

/** A strict little XML check: tags balance, attribute values are quoted, text and attributes hold only escaped markup and XML characters. */
function wellFormed(xml: string): string | null {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 cannot hold
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(body)) return 'a character XML cannot hold';
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(body)) return 'an unpaired surrogate';
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    if (m[6]) return `a stray < at ${m.index}`;
    const text = m[5] ?? m[3] ?? '';
    if (/&(?!(amp|lt|gt|quot|#\d+);)/.test(text)) return `an unescaped & at ${m.index}`;
    if (m[5]) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return `</${m[2]}> closes nothing open`;
    } else if (!m[4]) stack.push(m[2]!);
  }
  return stack.length === 0 ? null : `<${stack.at(-1)}> is never closed`;
}

const hostile = '</text><script>alert(1)</script>&x"\'\u202e\u0007\ud800\uffff';

describe('order view as SVG', () => {
  it('escapes everything a log can say and stays well-formed XML', () => {
    expect(xmlText(hostile)).toBe('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;x&quot;&#39;⟨U+202E⟩⟨U+0007⟩⟨U+D800⟩⟨U+FFFF⟩');
    expect(wellFormed('<a><b x="1"/>t &amp; u</a>')).toBeNull();
    expect(wellFormed('<a>1 < 2</a>')).not.toBeNull();
  });

  it('draws every record of an O1 session with the cutoff, the leak and the selection', async () => {
    const a = await analysisOf({
      name: `log ${hostile}.jsonl`,
      lines: [
        { kind: 'input', id: hostile, op: 'revoke', session: 'o1', accept_seq: 2 },
        { kind: 'input', id: 'm1', op: 'allow', session: 'o1', accept_seq: 1 },
        { kind: 'input', id: 'late', op: 'allow', session: 'o1', accepted: false },
      ],
    });
    const model = buildOrderModel(sessionOf(a, 'o1')!);
    const { svg, width, height } = orderSvgDocument({
      model,
      session: `o1 ${hostile}`,
      inputs: a.inputs,
      n: 1,
      cutRank: 1,
      leaks: new Set([0]),
      prefixLast: 1,
      selected: [1],
    });
    expect(wellFormed(svg)).toBeNull();
    expect(svg).not.toContain('<script');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg.match(/<g class="mark">/g)).toHaveLength(3);
    expect(svg).toContain('future leak');
    expect(svg).toContain('N = 1');
    expect(svg).toContain('class="selected"');
    expect(svg).toContain(`width="${width}" height="${height}"`);
    expect(svg).not.toMatch(/var\(|url\(|href/);
  });

  it('labels marks as the page does: an id with invisible characters in the warning colour, a long one cut in its tooltip, an emoji never halved', async () => {
    const long = 'L'.repeat(10_000);
    const a = await analysisOf({
      name: 'ids.jsonl',
      lines: [
        { kind: 'input', id: '\u00a0b', op: 'allow', session: 's', accept_seq: 1 },
        { kind: 'input', id: 'ok', op: 'allow', session: 's', accept_seq: 2 },
        { kind: 'input', id: long, op: 'allow', session: 's', accept_seq: 3 },
        { kind: 'input', id: 'ab\u{1F600}\u{1F600}\u{1F600}', op: 'allow', session: 's', accept_seq: 4 },
        // Enough marks that a label holds four characters: the emoji id is cut where a pair begins.
        ...Array.from({ length: 36 }, (_, k) => ({ kind: 'input', id: `f${k}`, op: 'allow', session: 's', accept_seq: 5 + k })),
      ],
    });
    const { svg } = orderSvgDocument({ model: buildOrderModel(sessionOf(a, 's')!), session: 's', inputs: a.inputs, n: null, cutRank: 0, leaks: new Set(), prefixLast: -1, selected: [] });
    const labelFill = (text: string) => svg.match(new RegExp(`fill="(#[0-9a-f]+)">${text}</text>`))?.[1];
    expect(labelFill('⟨U\\+00A0⟩b')).toBe('#9a6700');
    expect(labelFill('ok')).toBe('#59636e');
    const title = svg.match(/<title>input (L+…) · line 3 · accept_seq 3<\/title>/);
    expect(title?.[1]).toHaveLength(80);
    expect(svg).toContain('>ab…</text>');
    expect(svg).not.toContain('⟨U+D83D⟩');
    expect(wellFormed(svg)).toBeNull();
  });

  it('names a record of a JSON document by its item, one of JSON Lines by its line', async () => {
    const lines = [{ kind: 'input', id: 'm1', op: 'allow', session: 'o1', accept_seq: 1 }];
    const titleOf = async (itemized: boolean) => {
      const a = await analysisOf({ name: 'o.json', lines });
      const svg = orderSvgDocument({ model: buildOrderModel(sessionOf(a, 'o1')!), session: 'o1', inputs: a.inputs.map((i) => ({ ...i, itemized })), n: null, cutRank: 0, leaks: new Set(), prefixLast: -1, selected: [] }).svg;
      return [svg.match(/<title>input m1 · (\w+ \d+)/)?.[1], svg.match(/position in file, (\w+ \d+)</)?.[1]];
    };
    expect(await titleOf(true)).toEqual(['item 1', 'item 1']);
    expect(await titleOf(false)).toEqual(['line 1', 'line 1']);
  });

  it('names each end of a session stored across files by its file, and each mark by file and line', async () => {
    const a = await analysisOf(
      { name: 'fa.jsonl', lines: [{ kind: 'input', id: 'A1', op: 'allow', session: 's', accept_seq: 2 }] },
      { name: 'f<b>.jsonl', lines: [{ kind: 'input', id: 'B1', op: 'revoke', session: 's', accept_seq: 1 }] },
    );
    const { svg } = orderSvgDocument({ model: buildOrderModel(sessionOf(a, 's')!), session: 's', inputs: a.inputs, n: null, cutRank: 0, leaks: new Set(), prefixLast: -1, selected: [] });
    expect(wellFormed(svg)).toBeNull();
    expect(svg).toContain('position in files, taken in the order given: fa.jsonl:1 to f&lt;b&gt;.jsonl:1');
    expect(svg).toContain('<title>input B1 · f&lt;b&gt;.jsonl:1');
  });

  it('counts a long session per pixel column instead of drawing a mark per record, and stays small', async () => {
    const lines = Array.from({ length: MAX_MARKS + 1000 }, (_, k) => ({ kind: 'input', id: `i${k}`, op: k % 2 ? 'allow' : 'revoke', session: 's', accept_seq: k % 50 === 0 ? k + 3 : k }));
    const a = await analysisOf({ name: 'long.jsonl', lines });
    const model = buildOrderModel(sessionOf(a, 's')!);
    const { svg } = orderSvgDocument({ model, session: 's', inputs: a.inputs, n: 100, cutRank: 100, leaks: new Set([0]), prefixLast: 100, selected: [] });
    expect(wellFormed(svg)).toBeNull();
    expect(svg).not.toContain('<g class="mark">');
    expect(svg).toContain('<g class="bins">');
    // Binned, no record gets its diamond, so the legend names none, though numbers are shared.
    expect(model.duplicate.includes(1)).toBe(true);
    expect(svg.match(/<g class="legend">(.*?)<\/g>/)![1]!).not.toContain('shared accept_seq');
    // Shared numbers, none stored after a later-accepted record: no inversion lines to account for.
    expect(svg).toContain('>5,000 records, counted per pixel column.</text>');
    expect(svg.length).toBeLessThan(600_000);
  });

  it('makes a binned figure in pieces, the same document as at once, with each lane counted on its own row', async () => {
    const lines = Array.from({ length: MAX_MARKS + 1000 }, (_, k) =>
      k % 7 === 0 ? { kind: 'input', id: `u${k}`, op: 'allow', session: 's', accepted: false } : k % 11 === 0 ? { kind: 'note', id: `n${k}`, session: 's' } : { kind: 'input', id: `i${k}`, op: 'allow', session: 's', accept_seq: k % 3 ? k : k + 40 },
    );
    const a = await analysisOf({ name: 'lanes.jsonl', lines });
    const model = buildOrderModel(sessionOf(a, 's')!);
    const params = { model, session: 's', inputs: a.inputs, n: 2000, cutRank: 1500, leaks: new Set<number>(), prefixLast: -1, selected: [] };
    const steps = orderSvgSteps(params);
    let pieces = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pieces++;
    expect(pieces).toBeGreaterThanOrEqual(3);
    expect(step.value).toEqual(orderSvgDocument(params));
    const rows = orderRows(model);
    expect(rows.lanes.length).toBe(2);
    const drawnAt = new Set([...step.value.svg.match(/<g class="bins">(.*?)<\/g>/)![1]!.matchAll(/M[\d.]+ ([\d.]+)h/g)].map((m) => Number(m[1]) + 5));
    expect([...drawnAt].sort((x, y) => x - y)).toEqual([rows.top, rows.bottom, ...rows.lanes.map((l) => l.y)]);
  });

  it('dims the columns of a binned figure whose records all come after the cutoff, as the page does', async () => {
    const n = MAX_MARKS + 1000;
    const lines = Array.from({ length: n }, (_, k) => ({ kind: 'input', id: `i${k}`, op: 'allow', session: 's', accept_seq: k + 1 }));
    const a = await analysisOf({ name: 'long.jsonl', lines });
    const model = buildOrderModel(sessionOf(a, 's')!);
    const opacities = (cutRank: number) => {
      const { svg } = orderSvgDocument({ model, session: 's', inputs: a.inputs, n: cutRank, cutRank, leaks: new Set(), prefixLast: cutRank - 1, selected: [] });
      const bins = svg.match(/<g class="bins">(.*?)<\/g>/)![1]!;
      return new Set([...bins.matchAll(/opacity="([\d.]+)"/g)].map((m) => Number(m[1])));
    };
    // A column of one record is drawn at 0.35 at least; dimmed, at a quarter of that.
    expect(Math.min(...opacities(n))).toBeGreaterThanOrEqual(0.35);
    const cut = [...opacities(1000)];
    expect(cut.some((o) => o >= 0.35) && cut.some((o) => o < 0.35)).toBe(true);
  });

  it('marks every future leak and counts them in the header, labelling each only where labels do not run together', async () => {
    // The first half is accepted after the second: at N = half, every record of the first half is a future leak.
    const figure = async (n: number) => {
      const half = n / 2;
      const lines = Array.from({ length: n }, (_, k) => ({ kind: 'input', id: `r${k}`, op: 'allow', session: 's', accept_seq: k < half ? half + 1 + k : k - half + 1 }));
      const a = await analysisOf({ name: 'leaky.jsonl', lines });
      const model = buildOrderModel(sessionOf(a, 's')!);
      const leaks = new Set(Array.from({ length: half }, (_, k) => k));
      return orderSvgDocument({ model, session: 's', inputs: a.inputs, n: half, cutRank: half, leaks, prefixLast: n - 1, selected: [] }).svg;
    };
    const labels = (svg: string) => (svg.match(/>future leak<\/text>/g) ?? []).length - (svg.includes('<g class="legend">') ? 1 : 0);

    const few = await figure(8);
    expect(few).toContain('cutoff N = 4, 4 future leaks');
    expect(few).toMatch(/>leaky\.jsonl \(SHA-256 [0-9a-f]{12}…\) · cutoff N = 4, 4 future leaks<\/text>/);
    expect(labels(few)).toBe(4);

    const many = await figure(2000);
    expect(many).toContain('cutoff N = 1000, 1,000 future leaks');
    expect(many.match(/<g class="leak">/g)).toHaveLength(1000);
    expect(labels(many)).toBe(0);

    const binned = await figure(MAX_MARKS + 2000);
    expect(binned).toContain('cutoff N = 3000, 3,000 future leaks');
    expect(binned).not.toContain('<g class="leak">');
    expect(binned).toMatch(/<path class="leaks" d="(M[\d.]+ [\d.]+h2v6h-2z)+"/);
    expect(labels(binned)).toBe(0);
    expect(wellFormed(binned)).toBeNull();
  });

  it('cuts long file names in the header, never the cutoff it is drawn at', async () => {
    const name = `${'rollout-2026-02-23T13-19-38-'.repeat(4)}.jsonl`;
    const a = await analysisOf({
      name,
      lines: [
        { kind: 'input', id: 'm2', op: 'revoke', session: 'o1', accept_seq: 2 },
        { kind: 'input', id: 'm1', op: 'allow', session: 'o1', accept_seq: 1 },
      ],
    });
    const { svg } = orderSvgDocument({ model: buildOrderModel(sessionOf(a, 'o1')!), session: 'o1', inputs: a.inputs, n: 1, cutRank: 1, leaks: new Set([0]), prefixLast: 1, selected: [] });
    expect(svg).toMatch(/>rollout-[^<]*… · cutoff N = 1, 1 future leak<\/text>/);
  });

  it('says in words which of the inversion lines a binned figure draws', async () => {
    const n = MAX_MARKS + 1000;
    const lines = Array.from({ length: n }, (_, k) => ({ kind: 'input', id: `i${k}`, op: 'allow', session: 's', accept_seq: n - k }));
    const a = await analysisOf({ name: 'reversed.jsonl', lines });
    const { svg } = orderSvgDocument({ model: buildOrderModel(sessionOf(a, 's')!), session: 's', inputs: a.inputs, n: null, cutRank: 0, leaks: new Set(), prefixLast: -1, selected: [] });
    expect(svg).toMatch(/lines drawn for \d{1,3}(,\d{3})* of 4,999 displaced records \(one in every 3\)\./);
  });

  it('says nothing of inversion lines in a binned figure of a session where no record is displaced', async () => {
    const n = MAX_MARKS + 1000;
    const lines = Array.from({ length: n }, (_, k) => ({ kind: 'input', id: `i${k}`, op: 'allow', session: 's', accept_seq: k + 1 }));
    const a = await analysisOf({ name: 'ordered.jsonl', lines });
    const model = buildOrderModel(sessionOf(a, 's')!);
    expect(model.displaced.includes(1)).toBe(false);
    const { svg } = orderSvgDocument({ model, session: 's', inputs: a.inputs, n: null, cutRank: 0, leaks: new Set(), prefixLast: -1, selected: [] });
    expect(wellFormed(svg)).toBeNull();
    expect(svg).toContain('>5,000 records, counted per pixel column.</text>');
    expect(svg).not.toContain('displaced');
  });

  it("draws a rollout's boundaries as the page does: labelled rules, a band over what the rollback covers, turn ticks", async () => {
    const input = await loadFile(`${fixturesDir}/codex-paginated-boundaries.jsonl`, 0, 'b.jsonl');
    const session = analyze([input]).sessions.find((s) => s.session === '0199cccc-0000-7000-8000-000000000003')!;
    const model = buildOrderModel(session);
    const boundaries = placeBoundaries(model.records, [input], session.session);
    const { svg } = orderSvgDocument({ model, session: session.session, inputs: [input], n: null, cutRank: 0, leaks: new Set(), prefixLast: -1, selected: [], boundaries });
    expect(wellFormed(svg)).toBeNull();
    expect(svg.match(/<g class="boundary">/g)).toHaveLength(4);
    expect([...svg.matchAll(/<g class="boundary">.*?<\/g>/g)].map((m) => m[0].match(/<text[^>]*>([^<]*)<\/text>/)?.[1] ?? null)).toEqual(['rollback +2', null, null, 'compaction']);
    expect(svg).toContain('<title>thread rolled back 1 turn · line 11 · takes lines 8–10 out of the effective history (kept and shown)</title>');
    expect(svg.match(/class="boundary-band"/g)).toHaveLength(1);
    expect(svg.match(/class="turn-tick"/g)).toHaveLength(3);
    expect(svg).toContain('effective history changes</text>');
  });
  it("lists every mark the page's legend lists, wrapped into rows that fit the figure, which grows to hold them", async () => {
    const kinds = ['read', 'write', 'notice', 'response', 'request', 'clear', 'task', 'command', 'other'];
    const lines = [
      { kind: 'input', id: 'm2', op: 'revoke', session: 's', accept_seq: 2 },
      { kind: 'input', id: 'm1', op: 'allow', session: 's', accept_seq: 1 },
      { kind: 'input', id: 'm3', op: 'set', session: 's', accept_seq: 1 },
      ...kinds.map((kind, k) => ({ kind, id: `k${k}`, session: 's', accept_seq: 10 + k })),
      { kind: 'input', id: 'x', op: 'allow', session: 's', accept_seq: 31 },
      { kind: 'input', id: 'y', op: 'allow', session: 's', accept_seq: 30 },
    ];
    const a = await analysisOf({ name: 'all.jsonl', lines });
    const model = buildOrderModel(sessionOf(a, 's')!);
    const { svg, width, height } = orderSvgDocument({ model, session: 's', inputs: a.inputs, n: 31, cutRank: model.accCount, leaks: new Set(), prefixLast: -1, selected: [] });
    expect(wellFormed(svg)).toBeNull();
    const legend = svg.match(/<g class="legend">(.*?)<\/g>/)![1]!;
    // Made without a cutoff, the figure draws no leak ring, so its legend names none.
    const uncut = orderSvgDocument({ model, session: 's', inputs: a.inputs, n: null, cutRank: model.accCount, leaks: new Set(), prefixLast: -1, selected: [] }).svg;
    expect(uncut.match(/<g class="legend">(.*?)<\/g>/)![1]!).not.toContain('future leak');
    const texts = [...legend.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), label: m[3]! }));
    expect(texts.map((t) => t.label)).toEqual(orderLegendEntries(model).map((e) => e.label));
    expect(texts.map((t) => t.label)).toEqual(expect.arrayContaining(['stored after a later-accepted record', 'shared accept_seq', 'future leak']));
    const rowsOf = new Set(texts.map((t) => t.y));
    expect(rowsOf.size).toBeGreaterThan(1);
    // Each label ends inside the figure: none is clipped at its right edge.
    for (const t of texts) expect(t.x + t.label.length * 6.4).toBeLessThanOrEqual(width);
    expect(Math.max(...rowsOf)).toBeLessThan(height);
    const oneRow = orderSvgDocument({ model: buildOrderModel(sessionOf(await analysisOf({ name: 'o.jsonl', lines: lines.slice(0, 2) }), 's')!), session: 's', inputs: a.inputs, n: null, cutRank: 0, leaks: new Set(), prefixLast: -1, selected: [] });
    expect(height).toBeGreaterThan(oneRow.height);
  });
});

describe('binned order view, byte for byte', () => {
  it('is the figure made before its bins were typed arrays, for a session of every lane and many kinds (golden)', async () => {
    const kinds = [
      (k: number) => ({ kind: 'input', id: `i${k}`, op: ['allow', 'revoke', 'set'][k % 3], key: 'k', value: k, session: 's', accept_seq: k % 5 ? k : k + 37 }),
      (k: number) => ({ kind: 'write', id: `w${k}`, resource: 'r', session: 's', accept_seq: k }),
      (k: number) => ({ kind: 'read', id: `r${k}`, resource: 'r', session: 's', accept_seq: k % 9 ? k : k - 20 }),
      (k: number) => ({ kind: 'response', id: `p${k}`, response_id: `resp_${k}`, session: 's', accept_seq: k }),
      (k: number) => ({ kind: 'input', id: `u${k}`, op: 'allow', key: 'k', session: 's', accepted: false }),
      (k: number) => ({ kind: 'note', id: `n${k}`, session: 's' }),
    ];
    const lines = Array.from({ length: MAX_MARKS + 3000 }, (_, k) => kinds[(k * 7) % kinds.length]!(k + 1));
    const a = await analysisOf({ name: 'golden.jsonl', lines });
    const model = buildOrderModel(sessionOf(a, 's')!);
    const { svg } = orderSvgDocument({ model, session: 's', inputs: a.inputs, n: 4000, cutRank: 3900, leaks: new Set([10, 20]), prefixLast: 3999, selected: [] });
    expect(svg).toContain('<g class="bins">');
    await expect(svg).toMatchFileSnapshot('./__golden__/binned-figure.svg');
  });
});
