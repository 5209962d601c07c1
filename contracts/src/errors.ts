import { type Static, Type } from '@sinclair/typebox';

/** The one error shape every API answer uses: a status and a message a person can act on. */
export const ErrorEnvelopeSchema = Type.Object({
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  error: Type.String({ description: 'HTTP reason phrase or a short code' }),
  message: Type.String({ description: 'What went wrong, for a person to read' }),
  fields: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'Per-field messages for form errors' }),
  ),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return reasons[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

/** An expected failure: thrown by handlers, turned into an ErrorEnvelope by the service kit. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly fields?: Record<string, string>;
  constructor(statusCode: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.fields = fields;
    this.name = 'ApiError';
  }

  toEnvelope(): ErrorEnvelope {
    const env: ErrorEnvelope = {
      statusCode: this.statusCode,
      error: reasonPhrase(this.statusCode),
      message: this.message,
    };
    if (this.fields) env.fields = this.fields;
    return env;
  }
}
