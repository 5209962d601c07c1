#!/usr/bin/env bash
# Every test, as CI runs it: lint and format, types, the console build, then the unit,
# service, cross-service and browser tiers against real infrastructure.
set -euo pipefail
cd "$(dirname "$0")/.."

bash infra/bootstrap.sh --browser
# shellcheck source=infra/env.sh
. infra/env.sh # the project's Node 24 and pnpm first on PATH, for everything below
echo "== node $(node --version), pnpm $(pnpm --version)"
# Everything below (vitest, every service the tests start) runs on this Node: refuse an older one.
node -e 'const want = require("fs").readFileSync(".node-version", "utf8").split(".")[0];
  if (+process.versions.node.split(".")[0] < +want) { console.error(`Node ${want}+ needed, got ${process.version}`); process.exit(1); }'

echo "== lint (biome)"
pnpm exec biome check .
echo "== types (tsc -b)"
pnpm --filter @console/web routes >/dev/null
pnpm exec tsc -b
echo "== build the console"
pnpm --filter @console/web build >/dev/null
echo "== deployment chart (helm lint, helm template, the rendered objects)"
node infra/helm/check.ts
echo "== infrastructure"
bash infra/dev-infra.sh up >/dev/null

echo "== tests"
mkdir -p test-results
status=0
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?

# One plain closing line that any CI reader understands.
node -e '
  const r = JSON.parse(require("fs").readFileSync("test-results/vitest.json", "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  if (r.numTotalTests === 0) { console.error("no test ran"); process.exit(1); }
' || status=1
exit $status
