import { ApiError, type FieldErrors, firstError } from '@console/contracts';
import type { ErrorMapping } from '@console/kit';

export const statsErrors: ErrorMapping = {
  unavailable: 'The statistics store cannot be reached right now; try again in a minute.',
};

/** A 400 naming each field, with the same messages the screens show before sending. */
export function refuse(errors: FieldErrors): void {
  const first = firstError(errors);
  if (first) throw new ApiError(400, first, errors);
}
