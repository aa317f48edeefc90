import { Activity } from 'react';
import { sessionOf } from '../state/selectors';
import { useStore } from '../state/store';
import { orderModelOf } from '../viz/sessionModel';
import { LinksView } from './LinksView';
import { OrderView } from './OrderView';
import { RawRecords } from './RawRecords';

/**
 * The order view, or in raw mode the session's records exactly in file order; the caption says which is shown.
 * Raw mode hides the derived views rather than removing them: at 10^6 records, taking them down and building
 * them again (the canvas and the links view's ~4,500 SVG elements) was most of each switch.
 */
export function OrderArea() {
  const raw = useStore((s) => s.recordOrder === 'raw');
  const session = useStore((s) => sessionOf(s.analysis, s.session));
  if (!session) return null;
  return (
    <>
      {/* Keyed: a window of rows kept from another session could start past this one's end. */}
      {raw && <RawRecords key={session.session} records={session.records} label={`Session ${session.session}`} session={session} />}
      <Activity mode={raw ? 'hidden' : 'visible'}>
        <p className="muted order-mode-caption">
          {orderModelOf(session).accCount > 0 ? (
            <>
              Derived: each record placed twice, by its position in the file (top) and by <code>accept_seq</code> (bottom).
            </>
          ) : (
            <>
              No record of this session is on the two axes (none is accepted with an <code>accept_seq</code>): each is drawn in its lane below, at its position in
              the file.
            </>
          )}
        </p>
        <OrderView />
      </Activity>
    </>
  );
}

/** References and write chains are resolved, a derived view: in raw mode the page says so instead of drawing them. */
export function LinksArea() {
  const raw = useStore((s) => s.recordOrder === 'raw');
  return (
    <>
      {raw && (
        <p className="panel muted raw-note">
          References and write chains are resolved from the records (a derived view) and are not drawn in raw file order; the table above lists every record
          as stored, with the ids it refers to in its raw text.
        </p>
      )}
      <Activity mode={raw ? 'hidden' : 'visible'}>
        <LinksView />
      </Activity>
    </>
  );
}
