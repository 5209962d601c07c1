import { ApiError } from '@console/contracts';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';

export type Validator = (value: unknown) => unknown;

/**
 * Compiles a schema once, on the first call (a service or the gateway holds one per operation
 * part, most of them rarely used). The returned function converts strings (path and query values
 * arrive as strings), checks, and throws a 400 naming each bad field; otherwise returns the value.
 */
export function validator(schema: TSchema | undefined, where: string): Validator {
  if (!schema) return (v) => v;
  let compiled: ReturnType<typeof TypeCompiler.Compile> | undefined;
  const convert = where !== 'body';
  return (input) => {
    compiled ??= TypeCompiler.Compile(schema);
    const check = compiled;
    const value = convert ? Value.Convert(schema, input) : input;
    if (check.Check(value)) return value;
    const fields: Record<string, string> = {};
    for (const e of check.Errors(value)) {
      const field = e.path.replace(/^\//, '').replace(/\//g, '.') || where;
      fields[field] ??= e.message;
    }
    const first = Object.entries(fields)[0];
    throw new ApiError(400, first ? `${where} ${first[0]}: ${first[1]}` : `invalid ${where}`, fields);
  };
}

/** A message body as a JSON object, or null when it is not one (garbage, an array, a bare value). */
export function jsonObjectOf(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
