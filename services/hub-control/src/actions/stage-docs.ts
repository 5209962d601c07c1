import type { StageDoc } from './waterfall.ts';

/** A stage without the fields of its action (those are on the document that carries it). */
export type StageEntry = Pick<StageDoc, 'kind' | 'label' | 'at' | 'late' | 'detail' | 'outcome'>;

/**
 * The stages of one insert, one document per action: its first stage with the action's fields,
 * the others of the same insert in `more`. An action's accepted, sent, response and audit stages
 * usually fall in one linger, so the store takes one document for them instead of four (FerretDB's
 * CPU goes by documents once the inserts are batched).
 */
export function packStages(docs: StageDoc[]): StageDoc[] {
  const heads = new Map<number, StageDoc>();
  const packed: StageDoc[] = [];
  for (const d of docs) {
    const head = heads.get(d.transactionId);
    if (!head) {
      const first = { ...d };
      heads.set(d.transactionId, first);
      packed.push(first);
      continue;
    }
    const { kind, label, at, late, detail, outcome } = d;
    const entry: StageEntry = { kind, label, at, late };
    if (detail !== undefined) entry.detail = detail;
    if (outcome !== undefined) entry.outcome = outcome;
    if (head.more) head.more.push(entry);
    else head.more = [entry];
  }
  return packed;
}

/** One document per stage again, in time order (a stage before a later one of the same instant). */
export function unpackStages(docs: StageDoc[]): StageDoc[] {
  const stages: StageDoc[] = [];
  for (const { more, ...first } of docs) {
    stages.push(first);
    const { detail: _detail, outcome: _outcome, ...action } = first;
    for (const s of more ?? []) stages.push({ ...action, ...s });
  }
  // A stable sort: stages of the same instant keep the order they were recorded in.
  return stages.sort((a, b) => a.at.getTime() - b.at.getTime());
}
