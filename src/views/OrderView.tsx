import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '../state/store';
import { boundaryLegend, boundarySummary } from '../viz/orderBoundaries';
import type { OrderModel } from '../viz/orderModel';
import { IDENTITY, hitTest, isDense, orderRows, revealTransform, type XTransform } from '../viz/orderScene';
import { ChosenRecordLink } from './ChosenRecordLink';
import { countOf, formatCount } from './format';
import { rememberOrderWidth } from './orderViewAhead';
import { OrderCanvas } from './OrderCanvas';
import { OrderLegend } from './OrderLegend';
import { OrderSvg } from './OrderSvg';
import { OrderTooltip } from './OrderTooltip';
import { useOrderData } from './useOrderData';
import { useWidth } from './useWidth';

/**
 * Storage order on top, acceptance order below, each record joined across so
 * every crossing is an inversion. d3-zoom owns only the transform of this
 * React-owned element; React draws everything from it.
 */
export function OrderView() {
  const data = useOrderData();
  // A long session's new width is drawn at low priority: on a first load nothing could be binned ahead for a width not yet known.
  const [el, ref, width] = useWidth<HTMLDivElement>(data?.model.n);
  // The zoom belongs to the model it was made on: a model shown anew (another session, or this one again) is drawn unzoomed from its first render, not binned once more at an old zoom.
  const [zoomed, setZoomed] = useState<{ model: OrderModel | undefined; t: XTransform }>({ model: undefined, t: IDENTITY });
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const zoomRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const setHover = useStore((s) => s.setHover);
  const selectRecord = useStore((s) => s.selectRecord);
  const revealToken = useStore((s) => s.revealToken);
  const descId = useId();
  const model = data?.model;
  const rows = useMemo(() => (model ? orderRows(model) : null), [model]);
  const height = rows?.height ?? 200;
  // Set while rendering, so React renders again at once before drawing anything at the zoom of the model shown before.
  if (zoomed.model !== model) setZoomed({ model, t: IDENTITY });
  const t = zoomed.model === model ? zoomed.t : IDENTITY;

  useEffect(() => rememberOrderWidth(width), [width]);

  useEffect(() => {
    if (!el || !model || width === 0) return;
    const behavior = zoom<HTMLDivElement, unknown>()
      .scaleExtent([1, Math.max(1, model.n / 6)])
      .extent([
        [0, 0],
        [width, height],
      ])
      .translateExtent([
        [0, 0],
        [width, height],
      ])
      // A plain wheel keeps scrolling the page; with a modifier it zooms.
      .filter((e: Event) => (e.type === 'wheel' ? (e as WheelEvent).ctrlKey || (e as WheelEvent).metaKey || (e as WheelEvent).shiftKey : !(e as MouseEvent).button))
      .on('zoom', (e: { transform: { k: number; x: number } }) => {
        const { k, x } = e.transform;
        // The zoom set up on a new model is the identity already drawn: no second render and repaint for it.
        setZoomed((z) => (z.model === model && z.t.k === k && z.t.x === x ? z : { model, t: { k, x } }));
      });
    const sel = select(el).call(behavior).call(behavior.transform, zoomIdentity);
    zoomRef.current = behavior;
    return () => {
      sel.on('.zoom', null);
      zoomRef.current = null;
    };
  }, [el, model, width, height]);

  const applyTransform = (next: XTransform) => {
    if (el && zoomRef.current) select(el).call(zoomRef.current.transform, zoomIdentity.translate(next.x, 0).scale(next.k));
  };

  useEffect(() => {
    if (!data || data.focus === null || width === 0) return;
    const next = revealTransform(data.model, data.focus, width, t);
    if (next) applyTransform(next);
    // Only a new reveal request moves the view; zooming by hand must not snap back, so t is not a dependency.
  }, [revealToken, width]);

  const dense = useMemo(() => (model ? isDense(model, width, t) : false), [model, width, t]);
  if (!data || !rows || !model) return null;
  const pick = (e: { clientX: number; clientY: number }) => {
    const box = el!.getBoundingClientRect();
    const x = e.clientX - box.left;
    const y = e.clientY - box.top;
    return { x, y, i: hitTest(model, rows, width, t, x, y) };
  };
  const zoomBy = (factor: number) => {
    const k = Math.min(Math.max(1, model.n / 6), Math.max(1, t.k * factor));
    const centre = width / 2;
    applyTransform({ k, x: Math.min(0, Math.max(width - width * k, centre - ((centre - t.x) / t.k) * k)) });
  };
  const step = (delta: number) => {
    const from = data.focus ?? (delta > 0 ? -1 : model.n);
    const next = Math.min(model.n - 1, Math.max(0, from + delta));
    selectRecord(data.toGlobal(next));
  };

  return (
    <div className="order-view">
      <div
        ref={ref}
        className="order-figure"
        role="img"
        aria-label="Acceptance order vs storage order"
        aria-describedby={descId}
        tabIndex={0}
        style={{ height }}
        onPointerMove={(e) => {
          const p = pick(e);
          setPointer(p.i === null ? null : { x: p.x, y: p.y });
          const g = p.i === null ? null : data.toGlobal(p.i);
          if (g !== useStore.getState().hover) setHover(g);
        }}
        onPointerLeave={() => {
          setPointer(null);
          setHover(null);
        }}
        onClick={(e) => {
          const p = pick(e);
          if (p.i !== null) selectRecord(data.toGlobal(p.i));
        }}
        onKeyDown={(e) => {
          const keys: Record<string, () => void> = {
            ArrowRight: () => step(1),
            ArrowLeft: () => step(-1),
            '+': () => zoomBy(2),
            '=': () => zoomBy(2),
            '-': () => zoomBy(0.5),
            '0': () => applyTransform(IDENTITY),
            Escape: () => selectRecord(null),
          };
          const action = keys[e.key];
          if (action) {
            e.preventDefault();
            action();
          }
        }}
      >
        {width > 0 && dense && <OrderCanvas data={data} rows={rows} width={width} t={t} />}
        {width > 0 && <OrderSvg data={data} rows={rows} width={width} t={t} dense={dense} />}
        {pointer && data.hover !== null && <OrderTooltip data={data} x={pointer.x} y={pointer.y} width={width} height={height} />}
      </div>
      <ChosenRecordLink data={data} />
      <p id={descId} className="visually-hidden">
        {countOf(model.n, 'record')} in storage order joined to their acceptance positions; {formatCount(model.accCount)} on the acceptance axis. Use the arrow keys to step through
        records, plus and minus to zoom. {boundarySummary(data.boundaries)}
      </p>
      <div className="order-toolbar">
        <OrderLegend model={model} {...boundaryLegend(data.boundaries)} dense={dense} />
        <div className="zoom-controls">
          <span className="muted hint">Drag to pan · Ctrl+wheel or +/− to zoom</span>
          <button type="button" className="small" onClick={() => zoomBy(2)} aria-label="Zoom in">
            +
          </button>
          <button type="button" className="small" onClick={() => zoomBy(0.5)} aria-label="Zoom out" disabled={t.k <= 1}>
            −
          </button>
          <button type="button" className="small" onClick={() => applyTransform(IDENTITY)} disabled={t.k <= 1}>
            Reset
          </button>
        </div>
      </div>
    </div>
  );
}
