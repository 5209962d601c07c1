import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../shared/api/client.ts';
import { alexaLookupError } from './AlexaLookup.tsx';

describe('alexaLookupError', () => {
  it('words a failed lookup as the seed does, by its status', () => {
    expect(alexaLookupError(new ApiError(404, 'x'))).toBe(
      'No Alexa account is connected to this LW User account.',
    );
    expect(alexaLookupError(new ApiError(500, 'x'))).toBe(
      'Internal error 500 attempting to get Alexa data for this user - please report.',
    );
    expect(alexaLookupError(new ApiError(503, 'Service Unavailable'))).toBe(
      'Unable to establish if user has an Alexa connection or not - error status: 503 - Service Unavailable',
    );
  });
});
