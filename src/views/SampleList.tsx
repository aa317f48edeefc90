import type { SampleEntry } from '../state/samples';

const FAMILY_LABELS: Record<string, string> = {
  ordering: 'Acceptance vs storage order',
  references: 'Clears and references',
  writers: 'Two writers',
  commands: 'Task commands',
  evals: 'Eval records',
  mixed: 'Mixed',
  compare: 'Two runs to compare',
};

/** Samples grouped by failure family, each with its one-line description. */
export function SampleList({ samples, onPick }: { samples: readonly SampleEntry[]; onPick: (file: string) => void }) {
  const families = [...new Set(samples.map((s) => s.family))];
  return (
    <div className="sample-list">
      {families.map((family) => (
        <section key={family} aria-label={FAMILY_LABELS[family] ?? family}>
          <h3>{FAMILY_LABELS[family] ?? family}</h3>
          <ul>
            {samples
              .filter((s) => s.family === family)
              .map((s) => (
                <li key={s.file}>
                  <button type="button" className="sample-item" onClick={() => onPick(s.file)}>
                    <span className="sample-title">{s.title}</span>
                    <span className="sample-desc">{s.description}</span>
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
