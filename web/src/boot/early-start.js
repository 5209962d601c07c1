/*
 * The console's early start: a classic script that index.html runs before the bundle is fetched,
 * parsed and run (vite.config.ts puts it first in <head>, with a content hash in its name). It
 * asks for what the first screen needs at once — the session check, and for the plain timeline
 * URL the timeline's first requests — and leaves the answers in window.__consoleEarly, by path,
 * for the API client to take (shared/api/early.ts). No imports: it runs on its own.
 *
 * Each path must be exactly the one the console asks for (features/auth/queries.ts,
 * features/timeline/queries.ts); early-start.test.ts holds them together.
 */
(() => {
  const started = new Map();
  const get = (path) => {
    const response = fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    // Left untaken (the console asked for something else), a failure is nobody's to report.
    response.catch(() => undefined);
    started.set(path, response);
  };
  const path = location.pathname;
  // Every screen checks the session (the shell's header too); /logout ends it instead.
  if (path !== '/logout') get('/api/users/me');
  // The timeline as a plain link opens at the newest entries with no filter (a link's filters or
  // moment, or a hub filter set in the live monitor, make other requests: the console makes those).
  const timeline = /^\/supportPlus\/hub\/([0-9]{1,20})\/timeline$/.exec(path);
  if (timeline && location.search === '') {
    const page = `/api/supportPlus/hub/${timeline[1]}/timeline?limit=300`;
    get(`${page}&only=stream`);
    get(page);
  }
  window.__consoleEarly = started;
})();
