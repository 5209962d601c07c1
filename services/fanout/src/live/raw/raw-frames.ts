import { RAW_TEXT, type RawFrame, RawFrameSchema } from '@console/contracts';
import { TypeCompiler } from '@sinclair/typebox/compiler';

/** The schema check of every raw-channel frame. */
export const checkFrame = TypeCompiler.Compile(RawFrameSchema);
// Each kind of frame on its own, for a precise error (the union's is vague).
const checkMember = new Map(
  RawFrameSchema.anyOf.map((m) => [m.properties.type.const, TypeCompiler.Compile(m)]),
);

export function transactionIdOf(parsed: unknown): number | null {
  const tx = (parsed as { message?: { transactionId?: unknown } } | null)?.message?.transactionId;
  return typeof tx === 'number' && Number.isSafeInteger(tx) ? tx : null;
}

export function toOf(parsed: unknown): string {
  const to = (parsed as { to?: unknown } | null)?.to;
  return typeof to === 'string' ? to.slice(0, 20) : '';
}

/** The first thing wrong with a frame, where it is and what was expected: a clear 400. */
export function describe(parsed: unknown): string {
  const type = (parsed as { type?: unknown } | null)?.type;
  const member = typeof type === 'string' ? checkMember.get(type as RawFrame['type']) : undefined;
  const precise = member?.Errors(parsed).First();
  if (!precise) return RAW_TEXT.notRaw;
  return `Not a valid ${String(type)} frame: ${precise.path || '/'} ${precise.message}.`;
}
