import type { ErrorEnvelope } from '@console/contracts';
import { takeEarlyResponse } from './early.ts';

/** A failed API call, carrying what the gateway's error envelope said. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What a person should read for any thrown error. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

interface ClientConfig {
  /** Called when an /api call answers 401: the session is gone. */
  onUnauthorized: () => void;
}

let config: ClientConfig = { onUnauthorized: () => {} };

/** Wired once by the router, which owns the query cache and navigation. */
export function configureApiClient(next: ClientConfig): void {
  config = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * Whether a 401 ends the session in the browser (clear the cache, go to /login).
   * Defaults to true for /api/*; the login calls answer 401 for bad credentials instead.
   */
  sessionGuard?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. a hub action's x-correlation-id for the command waterfall). */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const sessionGuard = options.sessionGuard ?? path.startsWith('/api/');
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    // Asked for already by the early-start script (same path, same headers): take its answer.
    const early = method === 'GET' && !options.headers ? takeEarlyResponse(path) : undefined;
    response = await (early ??
      fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'The console server cannot be reached. Check your connection and try again.');
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  const envelope = toEnvelope(payload, response);
  if (response.status === 401 && sessionGuard) config.onUnauthorized();
  throw new ApiError(response.status, envelope.message, envelope.fields);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toEnvelope(payload: unknown, response: Response): Pick<ErrorEnvelope, 'message' | 'fields'> {
  if (payload && typeof payload === 'object') {
    const { message, fields } = payload as Partial<ErrorEnvelope>;
    return {
      message: typeof message === 'string' ? message : '',
      fields: fields && typeof fields === 'object' ? fields : undefined,
    };
  }
  // A proxy or a crashed upstream may answer with text or nothing at all.
  return { message: typeof payload === 'string' && payload.length < 300 ? payload : response.statusText };
}
