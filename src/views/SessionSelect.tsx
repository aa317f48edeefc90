import { countOf } from './format';
import { useMemo } from 'react';
import { useStore } from '../state/store';
import { chooseSession } from './sessionChoice';
import { sessionNameText } from './sessionName';

/** The native select, for as many sessions as it lays out within a frame (see SessionPicker). */
export function SessionSelect({ id }: { id: string }) {
  const sessions = useStore((s) => s.analysis?.sessions);
  const session = useStore((s) => s.session);
  // Built once per analysis: with 50,000 sessions, making every option again took a second at each change of session.
  const options = useMemo(
    () =>
      sessions?.map((s) => (
        <option key={s.session} value={s.session}>
          {sessionNameText(s.session)} ({countOf(s.records.length, 'record')})
        </option>
      )),
    [sessions],
  );
  return (
    <select id={id} value={session ?? ''} onChange={(e) => chooseSession(e.currentTarget.value)}>
      {options}
    </select>
  );
}
