/**
 * The requests the early-start script (src/boot/early-start.js) began before the bundle ran, by
 * path: the API client takes each once, in place of asking again, while the console boots. After
 * the first screen is resolved the rest are dropped (main.tsx), so nothing later gets an answer
 * from boot time.
 */
type Early = Map<string, Promise<Response>>;

function started(): Early | undefined {
  const early = (globalThis as { __consoleEarly?: unknown }).__consoleEarly;
  return early instanceof Map ? (early as Early) : undefined;
}

/** The early response for a GET of `path`, once; undefined when none was started (or it is taken). */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = started();
  const response = early?.get(path);
  if (response) early?.delete(path);
  return response;
}

/** Boot is over: what the console did not take is not handed out later. */
export function closeEarly(): void {
  started()?.clear();
}
