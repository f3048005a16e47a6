import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { QUEUES } from '@tca/contracts';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service, type IContainer, type IPodSpec } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { secretVariables } from '../process-env.js';
import { processesOf, readProcesses, type ProcessSpec } from '../processes.js';
import { REPO_ROOT, readServices } from '../project.js';
import { generateKubernetes } from './generate.js';
import { renderKubernetes, type RenderedFile } from './render.js';
import { METRICS_PORT, WORKER_QUEUES } from './settings.js';

const run = promisify(execFile);

type Obj = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: Record<string, unknown>; data?: Record<string, string> };

/** The model of each kind the manifests use; an object of any other kind fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

function validateObject(o: Obj): void {
  const Model = MODELS[`${o.apiVersion}/${o.kind}`];
  assert.ok(Model, `no model for ${o.apiVersion} ${o.kind} (${o.metadata.name})`);
  // kustomize folds long base64 values of a Secret over lines (the API server's decoder skips newlines; the schema's "byte" format does not).
  const data = o.kind === 'Secret' && o.data ? Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, v.replace(/\s+/g, '')])) : o.data;
  assert.doesNotThrow(() => new Model({ ...o, ...(data ? { data } : {}) } as never).validate(), `${o.kind} ${o.metadata.name} validates`);
}

function parseDocs(text: string, where: string): Obj[] {
  return parseAllDocuments(text).map((doc) => {
    assert.equal(doc.errors.length, 0, `${where}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as Obj;
  });
}

async function writeRender(dir: string, files: RenderedFile[]): Promise<void> {
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.text);
  }
}

async function kustomize(dir: string): Promise<Obj[]> {
  const { stdout } = await run('kubectl', ['kustomize', dir], { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
  return parseDocs(stdout, dir);
}

const podSpec = (d: Obj) => (d.spec as { template: { spec: IPodSpec; metadata: { labels: Record<string, string>; annotations?: Record<string, string> } } }).template;
const envOf = (c: IContainer) => new Map((c.env ?? []).map((e) => [e.name, e]));
const byKind = (objects: Obj[], kind: string) => objects.filter((o) => o.kind === kind);
const component = (o: Obj) => o.metadata.labels?.['app.kubernetes.io/component'];

/** What both overlays must satisfy once kustomize has built them. */
function checkOverlay(objects: Obj[], name: string): void {
  for (const o of objects) validateObject(o);
  const deployments = byKind(objects, 'Deployment');
  assert.ok(deployments.length > 0);
  const pdbs = byKind(objects, 'PodDisruptionBudget');
  for (const d of deployments) {
    const template = podSpec(d);
    const where = `${name}: Deployment ${d.metadata.name}`;
    for (const c of [...(template.spec.initContainers ?? []), ...template.spec.containers]) {
      assert.ok(c.resources?.requests?.cpu && c.resources.requests.memory && c.resources.limits?.cpu && c.resources.limits.memory, `${where}: ${c.name} has requests and limits`);
      assert.equal(c.securityContext?.allowPrivilegeEscalation, false, `${where}: ${c.name} no privilege escalation`);
    }
    const main = template.spec.containers[0];
    assert.ok(main?.readinessProbe && main.livenessProbe, `${where} has readiness and liveness probes`);
    assert.ok(template.spec.securityContext?.runAsNonRoot, `${where} runs as non-root`);
    assert.ok(
      pdbs.some((p) => Object.entries((p.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels).every(([k, v]) => template.metadata.labels[k] === v)),
      `${where} has a PodDisruptionBudget`,
    );
    if (d.metadata.name === 'mail') continue;
    // The site's own processes: the metrics port, drain-aware termination, a read-only root.
    const env = envOf(main);
    assert.equal(env.get('METRICS_PORT')?.value, String(METRICS_PORT), `${where}: METRICS_PORT`);
    assert.ok(main.ports?.some((p) => p.name === 'metrics' && p.containerPort === METRICS_PORT), `${where}: metrics containerPort`);
    assert.equal(template.metadata.annotations?.['prometheus.io/port'], String(METRICS_PORT));
    assert.equal(main.securityContext?.readOnlyRootFilesystem, true, `${where}: read-only root`);
    const drainMs = Number(env.get('SHUTDOWN_DRAIN_DELAY_MS')?.value ?? 0) + Number(env.get('SHUTDOWN_GRACE_MS')?.value ?? Number.NaN);
    assert.ok((template.spec.terminationGracePeriodSeconds ?? 30) * 1000 > drainMs, `${where}: termination grace longer than the drain (${drainMs} ms)`);
    const kind = component(d);
    if (kind === 'worker') {
      assert.ok(
        byKind(objects, 'ScaledObject').some((s) => (s.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === d.metadata.name),
        `${where}: a KEDA ScaledObject`,
      );
      assert.equal(main.readinessProbe?.httpGet?.port, 'metrics', `${where}: worker probes on the metrics port`);
    }
    if (kind === 'api' || kind === 'gateway') {
      assert.ok(
        byKind(objects, 'HorizontalPodAutoscaler').some((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === d.metadata.name),
        `${where}: an HPA`,
      );
      assert.equal(main.readinessProbe?.httpGet?.path, '/readyz');
      assert.equal(main.livenessProbe?.httpGet?.path, '/healthz');
    }
    // A pod of a migrated service waits for its migration Job.
    const wait = template.spec.initContainers?.find((c) => c.name === 'wait-for-migrations');
    if (wait) {
      const service = /^services\/([\w-]+)\/dist\/migrate\.js$/.exec(wait.command?.[1] ?? '')?.[1];
      assert.deepEqual(wait.command?.slice(2), ['wait']);
      assert.ok(byKind(objects, 'Job').some((j) => j.metadata.name === `${service}-migrate`), `${where}: the Job ${service}-migrate exists`);
    }
  }
  assert.ok(byKind(objects, 'NetworkPolicy').some((p) => p.metadata.name === 'default-deny-ingress'));
  assert.equal(byKind(objects, 'Ingress').length, 1);
}

describe('deploy/kubernetes (npm run kubernetes -w @tca/stack)', () => {
  let processes: ProcessSpec[];
  let files: RenderedFile[];
  let tmp: string;
  let local: Obj[];
  let production: Obj[];

  before(async () => {
    processes = (await readProcesses(REPO_ROOT)).processes;
    files = renderKubernetes(processes);
    tmp = await mkdtemp(join(tmpdir(), 'tca-kubernetes-'));
    await writeRender(tmp, files);
    [local, production] = await Promise.all([kustomize(join(tmp, 'overlays/local')), kustomize(join(tmp, 'overlays/production'))]);
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('the committed files are a fresh render of the process list', async () => {
    const result = await generateKubernetes(REPO_ROOT, { check: true });
    const differ = [...result.changed, ...result.stale];
    assert.deepEqual(differ, [], `deploy/kubernetes is out of date (${differ.join(', ')}): run npm run kubernetes -w @tca/stack`);
  });

  it('every object of the render validates against the Kubernetes (and KEDA) schemas, and its YAML is that object', () => {
    let count = 0;
    for (const file of files) {
      const docs = file.path.endsWith('kustomization.yaml') ? [] : parseDocs(file.text, file.path);
      assert.equal(docs.length, file.objects.length, file.path);
      file.objects.forEach((object, i) => {
        object.validate();
        validateObject(docs[i] as Obj);
        assert.deepEqual(docs[i], JSON.parse(JSON.stringify(object.toJSON())), `${file.path} #${i}`);
        count += 1;
      });
    }
    assert.ok(count >= 40, `${count} objects`);
  });

  it('the local overlay builds with kubectl kustomize: the stand-ins, and a Secret with every key the pods read', () => {
    checkOverlay(local, 'local');
    const names = byKind(local, 'Deployment').map((d) => d.metadata.name);
    assert.ok(names.includes('stripe-sandbox') && names.includes('mail'), names.join(', '));
    const secrets = byKind(local, 'Secret');
    assert.equal(secrets.length, 1);
    const secret = secrets[0] as Obj;
    const keys = Object.keys(secret.data ?? {});
    for (const d of byKind(local, 'Deployment').concat(byKind(local, 'Job'))) {
      for (const c of [...(podSpec(d).spec.initContainers ?? []), ...podSpec(d).spec.containers]) {
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref) {
            assert.equal(ref.name, secret.metadata.name, `${d.metadata.name}: ${e.name} refers to the generated Secret`);
            assert.ok(keys.includes(ref.key), `${d.metadata.name}: the Secret has ${ref.key}`);
          }
        }
      }
    }
    const stripeKey = Buffer.from(secret.data?.STRIPE_SECRET_KEY ?? '', 'base64').toString();
    assert.match(stripeKey, /^sk_test_/, 'only a sandbox key');
    const config = byKind(local, 'ConfigMap')[0]?.data ?? {};
    assert.equal(config.STRIPE_API_BASE, 'http://stripe-sandbox:4010');
    assert.equal(config.ALLOW_TEST_SERVICES, 'true');
    assert.ok(byKind(local, 'HorizontalPodAutoscaler').every((h) => (h.spec as { minReplicas: number }).minReplicas === 1));
  });

  it('the production overlay builds with kubectl kustomize: no stand-ins, no secret value, TLS, min 2 replicas', () => {
    checkOverlay(production, 'production');
    const names = byKind(production, 'Deployment').map((d) => d.metadata.name);
    assert.ok(!names.includes('stripe-sandbox') && !names.includes('mail'), names.join(', '));
    assert.deepEqual(byKind(production, 'Secret'), [], 'the operator creates the Secret');
    const secretNames = new Set(processes.flatMap(secretVariables));
    for (const d of byKind(production, 'Deployment').concat(byKind(production, 'Job'))) {
      for (const c of [...(podSpec(d).spec.initContainers ?? []), ...podSpec(d).spec.containers]) {
        for (const e of c.env ?? []) {
          if (secretNames.has(e.name)) assert.equal(e.valueFrom?.secretKeyRef?.name, 'tca-secrets', `${d.metadata.name}: ${e.name} from the Secret`);
        }
      }
    }
    const config = byKind(production, 'ConfigMap')[0]?.data ?? {};
    for (const name of secretNames) assert.equal(config[name], undefined, `no ${name} in the ConfigMap`);
    assert.equal(config.ALLOW_TEST_SERVICES, 'false');
    assert.equal(config.STRIPE_API_BASE, undefined, 'payments talks to api.stripe.com');
    assert.match(JSON.stringify(byKind(production, 'Ingress')[0]?.spec), /"secretName":"tca-tls"/);
    assert.ok(byKind(production, 'HorizontalPodAutoscaler').every((h) => (h.spec as { minReplicas: number }).minReplicas === 2));
    assert.ok(byKind(production, 'ScaledObject').every((s) => (s.spec as { minReplicaCount: number }).minReplicaCount === 1));
  });

  it('each worker scales on the queues its code consumes (WORKER_QUEUES agrees with the workers)', async () => {
    const queueNames = new Map<string, string>(Object.entries(QUEUES));
    for (const p of processes.filter((q) => q.kind === 'worker')) {
      const dir = join(REPO_ROOT, 'services', p.service, 'src');
      const sources = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('testing'));
      const consumed = new Set<string>();
      for (const file of sources) {
        for (const match of (await readFile(join(dir, file), 'utf8')).matchAll(/^\s+queue: QUEUES\.(\w+),\s*$/gm)) consumed.add(queueNames.get(match[1] ?? '') ?? `?${match[1]}`);
      }
      assert.deepEqual([...(WORKER_QUEUES[p.name] ?? [])].sort(), [...consumed].sort(), `${p.name} consumes`);
      const scaled = files.flatMap((f) => f.objects).find((o) => o.kind === 'ScaledObject' && o.metadata?.name === p.name);
      const queries = JSON.stringify(scaled?.toJSON());
      for (const queue of consumed) assert.ok(queries.includes(`max(tca_queue_jobs{queue=\\"${queue}\\",state=~\\"waiting|prioritized\\"})`), `${p.name}: ${queue}`);
    }
    // Every API has the migrate entry point its Job and init containers run.
    for (const p of processes.filter((q) => q.kind === 'api')) {
      await readFile(join(REPO_ROOT, 'services', p.service, 'src', 'migrate.ts'), 'utf8');
    }
  });

  it('generate writes the files, and check reports an edited, a missing and a stale file until it runs again', async () => {
    const root = join(tmp, 'root');
    for (const [service, pkg] of [
      ['content', { name: '@tca/content-service', scripts: { build: 'tsc' }, tca: { workers: [{ name: 'tickets-worker', entry: 'worker' }] } }],
      ['mailer', { name: '@tca/mailer' }],
      ['gateway', { name: '@tca/gateway' }],
    ] as const) {
      await mkdir(join(root, 'services', service), { recursive: true });
      await writeFile(join(root, 'services', service, 'package.json'), JSON.stringify(pkg));
    }
    const first = await generateKubernetes(root);
    assert.ok(first.changed.includes('base/content.yaml') && first.changed.includes('base/tickets-worker.yaml') && first.changed.includes('base/content-migrate.yaml'), first.changed.join(', '));
    assert.deepEqual(await generateKubernetes(root, { check: true }), { ...first, changed: [], stale: [] });
    const dir = join(root, 'deploy/kubernetes');
    await writeFile(join(dir, 'base/mailer.yaml'), `${await readFile(join(dir, 'base/mailer.yaml'), 'utf8')}# edited\n`);
    await rm(join(dir, 'base/gateway.yaml'));
    await writeFile(join(dir, 'base/removed-worker.yaml'), 'kind: Deployment\n');
    const stale = await generateKubernetes(root, { check: true });
    assert.deepEqual([stale.changed.sort(), stale.stale], [['base/gateway.yaml', 'base/mailer.yaml'], ['base/removed-worker.yaml']]);
    await generateKubernetes(root);
    const again = await generateKubernetes(root, { check: true });
    assert.deepEqual([again.changed, again.stale], [[], []]);
  });

  it('a process added to the list gets its manifests; a worker without known queues is refused', async () => {
    const services = await readServices(REPO_ROOT);
    const withEvents = processesOf([...services, { name: 'events', dir: '/nowhere', packageName: '@tca/events', hasBuild: true, workers: [{ name: 'events-worker', entry: 'worker' }] }]).processes;
    const api: ProcessSpec = { name: 'events', service: 'events', entry: 'index', kind: 'api', env: 'service', port: 4004 };
    const fake = [...withEvents.slice(0, 1), api, ...withEvents.slice(1)];
    assert.throws(() => renderKubernetes(fake), /Which BullMQ queues does the worker "events-worker" \(services\/events\) consume\?/);
    const rendered = renderKubernetes(fake, { queueTable: { ...WORKER_QUEUES, 'events-worker': ['events'] } });
    const paths = rendered.map((f) => f.path);
    for (const path of ['base/events.yaml', 'base/events-worker.yaml', 'base/events-migrate.yaml']) assert.ok(paths.includes(path), path);
    const kinds = (path: string) => rendered.find((f) => f.path === path)?.objects.map((o) => o.kind);
    assert.deepEqual(kinds('base/events.yaml'), ['Deployment', 'PodDisruptionBudget', 'Service', 'HorizontalPodAutoscaler', 'NetworkPolicy']);
    assert.deepEqual(kinds('base/events-worker.yaml'), ['Deployment', 'PodDisruptionBudget', 'ScaledObject']);
    const dir = join(tmp, 'fake');
    await writeRender(dir, rendered);
    const built = await kustomize(join(dir, 'overlays/production'));
    checkOverlay(built, 'fake production');
    const worker = byKind(built, 'Deployment').find((d) => d.metadata.name === 'events-worker') as Obj;
    assert.deepEqual(podSpec(worker).spec.containers[0]?.command, ['node', 'services/events/dist/worker.js']);
    assert.deepEqual(podSpec(worker).spec.initContainers?.[0]?.command, ['node', 'services/events/dist/migrate.js', 'wait']);
    assert.equal(byKind(built, 'ConfigMap')[0]?.data?.EVENTS_URL, 'http://events:4004');
  });
});
