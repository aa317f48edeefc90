import type { Analysis } from '../core/analyze';
import type { ParsedInput } from '../core/model';

/**
 * In the page: the inputs of the last analysis the client delivered, by the
 * file each was read from (readKeyOf), so a later request's answer need not
 * carry again the records and text of files the worker kept read. They are
 * held through the analysis' own list of inputs, weakly: once the page lets
 * that analysis go (Close all), they go too, and nothing is reused.
 */
export class HeldInputs {
  private last: { readonly keys: readonly (string | null)[]; readonly inputs: WeakRef<readonly ParsedInput[]> } | null = null;

  /** The analysis delivered, and the read key (readKeyOf) of the file of each of its inputs. */
  keep(keys: readonly (string | null)[], analysis: Analysis): void {
    this.last = keys.length === analysis.inputs.length ? { keys, inputs: new WeakRef(analysis.inputs) } : null;
  }

  /** Close all: nothing is reused, even while the analysis shown last is still reachable. */
  forget(): void {
    this.last = null;
  }

  /** The inputs held now, by file, for one request: held strongly until it is done with them. */
  take(): ReadonlyMap<string, ParsedInput> {
    const inputs = this.last?.inputs.deref();
    const out = new Map<string, ParsedInput>();
    if (!inputs) return out;
    for (const [j, key] of this.last!.keys.entries()) if (key !== null) out.set(key, inputs[j]!);
    return out;
  }
}
