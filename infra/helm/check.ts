/**
 * Checks the Helm chart as CI does: `helm lint`, `helm template`, and the rendered objects — every
 * console service has a Deployment (and, but for the simulator, a HorizontalPodAutoscaler), no
 * image runs a `latest` or missing tag, every container has readiness on /readyz and liveness on
 * /healthz, and the store URLs and secrets come from a Kubernetes Secret, never from a literal.
 *
 *   node infra/helm/check.ts
 *
 * Helm is looked for in $HELM, .dev-infra/bin/helm, then PATH; when missing, v3.22.0 is built from
 * the Go module proxy into .dev-infra/bin (a few minutes, once).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXPECTED_SERVICES } from '@console/contracts';
import { parseAllDocuments } from 'yaml';

const root = resolve(import.meta.dirname, '../..');
const chart = resolve(root, 'infra/helm/console');
const HELM_VERSION = 'v3.22.0';

function helmBinary(): string {
  if (process.env.HELM) return process.env.HELM;
  const local = resolve(root, '.dev-infra/bin/helm');
  if (existsSync(local)) return local;
  try {
    execFileSync('helm', ['version', '--short'], { stdio: 'ignore' });
    return 'helm';
  } catch {
    console.log(`helm: building ${HELM_VERSION} from the Go module proxy into .dev-infra/bin`);
    execFileSync('go', ['install', `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`], {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: resolve(root, '.dev-infra/bin'), GOFLAGS: '-mod=mod' },
    });
    return local;
  }
}

const helm = helmBinary();
const run = (args: string[]) =>
  execFileSync(helm, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const problems: string[] = [];

console.log(run(['lint', '--strict', '--kube-version', '1.30.0', chart]).trim());
// The chart needs Kubernetes 1.25+ (autoscaling/v2); helm template assumes an older one by default.
const KUBE = ['--kube-version', '1.30.0'];
const rendered = run(['template', 'console', chart, ...KUBE, '--set', 'services.simulator.enabled=true']);
const objects = parseAllDocuments(rendered)
  // biome-ignore lint/suspicious/noExplicitAny: rendered Kubernetes objects, checked field by field below.
  .map((d) => d.toJS() as any)
  .filter(Boolean);
const named = (kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === `console-${name}`);

for (const service of [...EXPECTED_SERVICES, 'gateway']) {
  const deployment = named('Deployment', service);
  if (!deployment) {
    problems.push(`${service}: no Deployment`);
    continue;
  }
  // The simulator stands in for device bridges (sharded by hub id): never autoscaled.
  if (service !== 'simulator' && !named('HorizontalPodAutoscaler', service))
    problems.push(`${service}: no HorizontalPodAutoscaler`);
  for (const c of deployment.spec.template.spec.containers) {
    const tag = String(c.image).split(':').at(1);
    if (!tag || tag === 'latest') problems.push(`${service}: image ${c.image} has no fixed tag`);
    if (c.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${service}: readiness is not /readyz`);
    if (c.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${service}: liveness is not /healthz`);
    if (!c.resources?.requests || !c.resources?.limits)
      problems.push(`${service}: no resource requests/limits`);
    for (const e of c.env ?? []) {
      if (
        /URL$|SECRET$|KEY$|PASSWORD/.test(e.name) &&
        !['NATS_URL'].includes(e.name) &&
        !e.valueFrom?.secretKeyRef
      )
        problems.push(`${service}: ${e.name} is not read from a Secret`);
    }
  }
}
// Settings every instance of a service must share, read from the Secret.
for (const [service, name] of [
  ['auth', 'CUSTOMER_TOKEN_SECRET'],
  ['gateway', 'CALLER_ASSERTION_KEY'],
] as const) {
  const env = named('Deployment', service)?.spec.template.spec.containers[0]?.env ?? [];
  type EnvEntry = { name: string; valueFrom?: { secretKeyRef?: { optional?: boolean } } };
  if (
    !env.some(
      (e: EnvEntry) => e.name === name && e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional,
    )
  )
    problems.push(`${service}: ${name} is not read from the Secret`);
}
try {
  run(['template', 'console', chart, ...KUBE, '--set', 'image.tag=latest']);
  problems.push('image.tag=latest renders; it must be refused');
} catch {
  // refused, as it should be
}

const kinds: Record<string, number> = {};
for (const o of objects) kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
console.log(
  `helm template: ${Object.entries(kinds)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}`,
);
if (problems.length) {
  console.error(`chart check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('chart check passed');
