/**
 * Checks the Helm chart as CI does: `helm lint`, `helm template`, and the rendered objects — every
 * console service has a Deployment (and, but for the simulator, a HorizontalPodAutoscaler), no
 * image runs a `latest` or missing tag, every container has readiness on /readyz and liveness on
 * /healthz, and the store URLs and secrets come from a Kubernetes Secret, never from a literal; the
 * broker users come from one generated Secret (each service its own user and inbox, the streams
 * Job the only stream administrator) and each service has a PodDisruptionBudget. Rendered again
 * with `keda.enabled=true`: stats gets a KEDA ScaledObject on the report workers' consumer lag (the
 * stream and consumer names the service uses) and CPU, and no plain HPA beside it.
 *
 *   node infra/helm/check.ts
 *
 * Helm is looked for in $HELM, .dev-infra/bin/helm, then PATH; when missing, v3.22.0 is built from
 * the Go module proxy into .dev-infra/bin (a few minutes, once).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXPECTED_SERVICES, streamNames } from '@console/contracts';
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
// biome-ignore lint/suspicious/noExplicitAny: rendered Kubernetes objects, checked field by field below.
const render = (...set: string[]): any[] =>
  parseAllDocuments(run(['template', 'console', chart, ...KUBE, ...set.flatMap((s) => ['--set', s])]))
    .map((d) => d.toJS())
    .filter(Boolean);
const objects = render('services.simulator.enabled=true');
const named = (kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === `console-${name}`);

for (const service of [...EXPECTED_SERVICES, 'gateway', 'fanout']) {
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
        !['NATS_URL', 'FANOUT_URL'].includes(e.name) &&
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
  ['fanout', 'CALLER_ASSERTION_KEY'],
  ['fanout', 'JWT_SECRET'],
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
// The broker's users (issue 29): one Secret from broker-users.json, each component connecting as its
// own user with its own private inbox, stream administration for the `streams` user only (a Job),
// and a PodDisruptionBudget per service.
const brokerSecret = objects.find((o) => o.kind === 'Secret' && o.metadata?.name === 'console-broker-users');
const authConf: string = brokerSecret?.stringData?.['auth.conf'] ?? '';
if (!authConf) problems.push('no broker users Secret (console-broker-users) with auth.conf');
if (/user: "tests"/.test(authConf))
  problems.push('the broker users Secret has the development-only tests user');
if (!/user: "streams"/.test(authConf)) problems.push('the broker users Secret has no streams user');
for (const line of authConf.split('\n').filter((l) => l.includes('allow:')))
  if (/allow: \[[^\]]*"_INBOX\.>"/.test(line))
    problems.push(`a broker user may hear every inbox: ${line.trim()}`);
for (const service of [...EXPECTED_SERVICES, 'gateway', 'fanout']) {
  if (!authConf.includes(`user: "${service}"`)) problems.push(`${service}: no broker user`);
  if (!authConf.includes(`"_INBOX_${service}.>"`)) problems.push(`${service}: no private inbox`);
  if (!brokerSecret?.stringData?.[service]) problems.push(`${service}: no broker password in the Secret`);
  const env = named('Deployment', service)?.spec.template.spec.containers[0]?.env ?? [];
  type EnvEntry = {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string } };
  };
  const user = env.find((e: EnvEntry) => e.name === 'NATS_USER')?.value;
  const pass = env.find((e: EnvEntry) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef;
  if (user !== service || pass?.name !== 'console-broker-users' || pass?.key !== service)
    problems.push(`${service}: does not connect as its own broker user from the broker users Secret`);
  const pdb = named('PodDisruptionBudget', service);
  if (!pdb) problems.push(`${service}: no PodDisruptionBudget`);
  else if (pdb.spec?.selector?.matchLabels?.['app.kubernetes.io/name'] !== service)
    problems.push(`${service}: its PodDisruptionBudget selects other pods`);
}
// The ingress: websocket upgrades on /ws to the fan-out, the rest to the gateway (issue 31).
const ingress = objects.find((o) => o.kind === 'Ingress');
// biome-ignore lint/suspicious/noExplicitAny: a rendered ingress path
const paths: any[] = ingress?.spec?.rules?.[0]?.http?.paths ?? [];
if (paths.find((p) => p.path === '/ws')?.backend?.service?.name !== 'console-fanout')
  problems.push('the ingress does not send /ws to the fan-out');
if (paths.find((p) => p.path === '/')?.backend?.service?.name !== 'console-gateway')
  problems.push('the ingress does not send the rest to the gateway');
const streamsJob = named('Job', 'streams');
const jobEnv = streamsJob?.spec.template.spec.containers[0]?.env ?? [];
if (
  !streamsJob ||
  // biome-ignore lint/suspicious/noExplicitAny: a rendered env entry
  !jobEnv.some((e: any) => e.name === 'NATS_USER' && e.value === 'streams')
)
  problems.push('no streams Job running the stream administration as the streams user');

// KEDA (issue 31): off by default, no ScaledObject; on, stats scales on the report workers' lag and
// CPU through KEDA's own HPA, and the chart renders no second HPA for it.
if (objects.some((o) => o.kind === 'ScaledObject'))
  problems.push('keda is off by default, yet a ScaledObject renders');
const kedaObjects = render('keda.enabled=true');
const scaled = kedaObjects.find((o) => o.kind === 'ScaledObject' && o.metadata?.name === 'console-stats');
// The names the service really uses: the stream from the contracts, the durable from the worker.
const workerSource = readFileSync(resolve(root, 'services/stats/src/reports/worker.ts'), 'utf8');
const reportConsumer = /const CONSUMER = '([^']+)'/.exec(workerSource)?.[1];
if (!scaled) problems.push('keda.enabled=true: no ScaledObject for stats');
else {
  if (scaled.apiVersion !== 'keda.sh/v1alpha1')
    problems.push(`stats ScaledObject: apiVersion ${scaled.apiVersion}`);
  if (scaled.spec?.scaleTargetRef?.name !== 'console-stats')
    problems.push('the stats ScaledObject does not scale the stats Deployment');
  // biome-ignore lint/suspicious/noExplicitAny: a rendered trigger
  const triggers: any[] = scaled.spec?.triggers ?? [];
  const lag = triggers.find((t) => t.type === 'nats-jetstream');
  const m = lag?.metadata ?? {};
  if (m.stream !== streamNames('console').reports || !reportConsumer || m.consumer !== reportConsumer)
    problems.push(
      `the stats lag trigger reads ${m.stream}/${m.consumer}, not ${streamNames('console').reports}/${reportConsumer}`,
    );
  for (const key of ['natsServerMonitoringEndpoint', 'account', 'lagThreshold'])
    if (typeof m[key] !== 'string' || m[key] === '')
      problems.push(`the stats lag trigger has no ${key} string`);
  if (!triggers.some((t) => t.type === 'cpu')) problems.push('the stats ScaledObject dropped the CPU target');
}
if (kedaObjects.some((o) => o.kind === 'HorizontalPodAutoscaler' && o.metadata?.name === 'console-stats'))
  problems.push('keda.enabled=true: stats has both a ScaledObject and a plain HPA');
if (!kedaObjects.some((o) => o.kind === 'HorizontalPodAutoscaler' && o.metadata?.name === 'console-search'))
  problems.push('keda.enabled=true: the services KEDA does not scale lost their HPA');
if (kedaObjects.find((o) => o.kind === 'Deployment' && o.metadata?.name === 'console-stats')?.spec?.replicas)
  problems.push('keda.enabled=true: the stats Deployment sets replicas, which an upgrade would reset');

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
console.log(
  `helm template --set keda.enabled=true: ${kedaObjects.filter((o) => o.kind === 'ScaledObject').length} ScaledObject, ` +
    `${kedaObjects.filter((o) => o.kind === 'HorizontalPodAutoscaler').length} HorizontalPodAutoscaler`,
);
if (problems.length) {
  console.error(`chart check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('chart check passed');
