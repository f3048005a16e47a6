import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy, type INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { PersistentVolumeClaim, Service, type IContainer, type IEnvVar, type IPodSpec, type IProbe } from 'kubernetes-models/v1';
import { GATEWAY_DATA_DIR, GATEWAY_DATA_ENV, processCommand, SANDBOX_KEY_VARIABLES, secretVariables } from '../process-env.js';
import type { ProcessSpec } from '../processes.js';
import { STRIPE_SANDBOX } from '../project.js';
import {
  CONFIG_MAP,
  HPA,
  IMAGE,
  INGRESS_HOST_PLACEHOLDER,
  METRICS_PORT,
  MONITORING_NAMESPACE,
  PART_OF,
  PROMETHEUS_ADDRESS,
  RESOURCES,
  SECRET,
  shutdownEnv,
  SITE_DATA_CLAIM,
  terminationGracePeriodSeconds,
  WORKER_QUEUES,
  WORKER_SCALING,
  type Resources,
} from './settings.js';

/** What every generated object is: a kubernetes-models (or KEDA) model, which validates against its schema. */
export interface K8sObject {
  kind: string;
  metadata?: { name?: string };
  validate(): void;
  toJSON(): unknown;
}

const NAME = 'app.kubernetes.io/name';
const PART = 'app.kubernetes.io/part-of';
const COMPONENT = 'app.kubernetes.io/component';

export type Component = ProcessSpec['kind'] | 'migrate' | 'mail';

export function labels(name: string, component: Component): Record<string, string> {
  return { [NAME]: name, [PART]: PART_OF, [COMPONENT]: component };
}

function selector(name: string): Record<string, string> {
  return { [NAME]: name, [PART]: PART_OF };
}

function meta(name: string, component: Component) {
  return { name, labels: labels(name, component) };
}

/** The pods of these components of the site. */
function podsOf(components: Component[]): INetworkPolicyPeer {
  return { podSelector: { matchLabels: { [PART]: PART_OF }, matchExpressions: [{ key: COMPONENT, operator: 'In', values: components }] } };
}

/**
 * The image runs as `node` (uid 1000): non-root, no privilege escalation, no capabilities, a read-only
 * root file system (Node writes nothing under /app; /tmp is an emptyDir).
 */
const POD_SECURITY = { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' as const } };
const CONTAINER_SECURITY = { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } };
const TMP_VOLUME = { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } };
const TMP_MOUNT = { name: 'tmp', mountPath: '/tmp' };

function secretEnv(variable: string, key = variable): IEnvVar {
  return { name: variable, valueFrom: { secretKeyRef: { name: SECRET, key } } };
}

function valueEnv(values: Record<string, string>): IEnvVar[] {
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

function httpProbe(path: string, port: string, periodSeconds: number, failureThreshold: number): IProbe {
  return { httpGet: { path, port }, periodSeconds, timeoutSeconds: 3, failureThreshold };
}

/** The service whose migrations a process waits for (its own), or undefined (the mailer, the gateway, the sandbox). */
export function migratedService(p: ProcessSpec, processes: ProcessSpec[]): string | undefined {
  if (p.env !== 'service') return undefined;
  return processes.some((q) => q.kind === 'api' && q.service === p.service) ? p.service : undefined;
}

export function migrateJobName(service: string): string {
  return `${service}-migrate`;
}

/** `node services/<service>/dist/migrate.js <mode>`, as the Job and the init containers run it. */
function migrateContainer(service: string, mode: 'apply' | 'wait', resources: Resources): IContainer {
  return {
    name: mode === 'apply' ? 'migrate' : 'wait-for-migrations',
    image: IMAGE,
    command: ['node', `services/${service}/dist/migrate.js`, mode],
    env: [secretEnv('DATABASE_URL'), { name: 'LOG_LEVEL', valueFrom: { configMapKeyRef: { name: CONFIG_MAP, key: 'LOG_LEVEL' } } }],
    resources,
    securityContext: CONTAINER_SECURITY,
    volumeMounts: [TMP_MOUNT],
  };
}

function containerEnv(p: ProcessSpec, processes: ProcessSpec[]): IEnvVar[] {
  const env: IEnvVar[] = [];
  if (p.port !== undefined) env.push({ name: 'PORT', value: String(p.port) });
  env.push({ name: 'METRICS_PORT', value: String(METRICS_PORT) }, ...valueEnv(shutdownEnv(p)));
  env.push(...secretVariables(p).map((variable) => secretEnv(variable)));
  if (p.kind === 'sandbox') {
    const client = processes.find((q) => q.kind === 'api' && q.service === STRIPE_SANDBOX.clientService);
    env.push(...Object.entries(SANDBOX_KEY_VARIABLES).map(([variable, key]) => secretEnv(variable, key)));
    if (client) env.push({ name: 'SANDBOX_WEBHOOK_URL', value: `http://${client.name}:${client.port ?? 0}/webhooks/stripe` });
    // The browser opens its hosted checkout page: kubectl port-forward service/stripe-sandbox 4010.
    env.push({ name: 'SANDBOX_PUBLIC_URL', value: `http://localhost:${p.port ?? STRIPE_SANDBOX.port}` });
  }
  if (p.kind === 'gateway') env.push(...valueEnv(GATEWAY_DATA_ENV));
  return env;
}

/** The Deployment of one process: the one image, its command, probes, resources, a drain-aware termination. */
export function deployment(p: ProcessSpec, processes: ProcessSpec[]): Deployment {
  const http = p.port !== undefined;
  // APIs, the gateway and the sandbox: /healthz and /readyz on their own port; workers: on the metrics port.
  const probePort = http ? 'http' : 'metrics';
  const migrated = migratedService(p, processes);
  const podSpec: IPodSpec = {
    securityContext: POD_SECURITY,
    terminationGracePeriodSeconds: terminationGracePeriodSeconds(p),
    enableServiceLinks: false,
    ...(migrated ? { initContainers: [migrateContainer(migrated, 'wait', RESOURCES.migrate)] } : {}),
    containers: [
      {
        name: p.name,
        image: IMAGE,
        command: processCommand(p),
        envFrom: [{ configMapRef: { name: CONFIG_MAP } }],
        env: containerEnv(p, processes),
        ports: [...(http ? [{ name: 'http', containerPort: p.port ?? 0 }] : []), { name: 'metrics', containerPort: METRICS_PORT }],
        startupProbe: httpProbe('/healthz', probePort, 2, 30),
        livenessProbe: httpProbe('/healthz', probePort, 10, 3),
        readinessProbe: httpProbe('/readyz', probePort, 5, 2),
        resources: RESOURCES[p.kind],
        securityContext: CONTAINER_SECURITY,
        volumeMounts: [TMP_MOUNT, ...(p.kind === 'gateway' ? [{ name: 'site-data', mountPath: GATEWAY_DATA_DIR }] : [])],
      },
    ],
    volumes: [TMP_VOLUME, ...(p.kind === 'gateway' ? [{ name: 'site-data', persistentVolumeClaim: { claimName: SITE_DATA_CLAIM } }] : [])],
  };
  return new Deployment({
    metadata: meta(p.name, p.kind),
    spec: {
      // No replicas: the HorizontalPodAutoscaler (gateway, APIs) or the KEDA ScaledObject (workers) owns the count.
      ...(p.kind === 'sandbox' ? { replicas: 1 } : {}),
      revisionHistoryLimit: 5,
      selector: { matchLabels: selector(p.name) },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels: labels(p.name, p.kind),
          annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(METRICS_PORT), 'prometheus.io/path': '/metrics' },
        },
        spec: podSpec,
      },
    },
  });
}

export function service(p: ProcessSpec): Service {
  const port = p.port ?? 0;
  return new Service({
    metadata: meta(p.name, p.kind),
    spec: {
      selector: selector(p.name),
      ports: [
        { name: 'http', port, targetPort: 'http' },
        { name: 'metrics', port: METRICS_PORT, targetPort: 'metrics' },
      ],
    },
  });
}

export function disruptionBudget(name: string, component: Component): PodDisruptionBudget {
  return new PodDisruptionBudget({ metadata: meta(name, component), spec: { maxUnavailable: 1, selector: { matchLabels: selector(name) } } });
}

export function autoscaler(p: ProcessSpec): HorizontalPodAutoscaler {
  return new HorizontalPodAutoscaler({
    metadata: meta(p.name, p.kind),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: p.name },
      minReplicas: HPA.minReplicas,
      maxReplicas: HPA.maxReplicas,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: HPA.cpuUtilization } } }],
    },
  });
}

/** The queues a worker consumes; a worker the table does not know is an error (say which queues it takes). */
export function workerQueues(p: ProcessSpec, table: Readonly<Record<string, readonly string[]>> = WORKER_QUEUES): readonly string[] {
  const queues = table[p.name];
  if (!queues || queues.length === 0) {
    throw new Error(`Which BullMQ queues does the worker "${p.name}" (services/${p.service}) consume? Add it to WORKER_QUEUES in tools/stack/src/kubernetes/settings.ts.`);
  }
  return queues;
}

/**
 * KEDA scales a worker on the jobs waiting in its queues, as the workers export them
 * (`tca_queue_jobs{queue,state}`, read from BullMQ by every replica: `max`, not `sum`, since each reports
 * the same queue). Waiting and prioritized both count: BullMQ keeps prioritized jobs in a sorted set
 * (`bull:<queue>:prioritized`), not in the `wait` list, so KEDA's Redis list scaler on `bull:<queue>:wait`
 * would not see them (nor the delayed retries, which are not work to do yet, by design here too).
 * Several queues: one trigger each, and KEDA takes the largest demand.
 */
export function scaledObject(p: ProcessSpec, queues: readonly string[]): ScaledObject {
  return new ScaledObject({
    metadata: meta(p.name, p.kind),
    spec: {
      scaleTargetRef: { name: p.name },
      minReplicaCount: WORKER_SCALING.minReplicaCount,
      maxReplicaCount: WORKER_SCALING.maxReplicaCount,
      pollingInterval: WORKER_SCALING.pollingInterval,
      cooldownPeriod: WORKER_SCALING.cooldownPeriod,
      triggers: queues.map((queue) => ({
        type: 'prometheus',
        name: `${queue}-waiting`,
        metricType: 'AverageValue',
        metadata: {
          serverAddress: PROMETHEUS_ADDRESS,
          query: `max(tca_queue_jobs{queue="${queue}",state=~"waiting|prioritized"})`,
          threshold: String(WORKER_SCALING.jobsPerReplica),
          // No answer from Prometheus (no sample yet): count 0 rather than failing the trigger.
          ignoreNullValues: 'true',
        },
      })),
    },
  });
}

/**
 * An API accepts on its port only from the site's own pods: the gateway (the public API paths), the other
 * APIs and the workers (service-to-service calls, /internal/* among them) and, locally, the Stripe sandbox
 * (its webhooks to payments). NetworkPolicies see ports, not paths: /internal/* is kept from visitors by
 * the gateway, which forwards only the paths of @tca/contracts API_ROUTES (serviceForPath: /internal/* is
 * none of them, so the gateway answers it 404 itself; api-routes.test.ts checks it) and by SERVICE_TOKEN.
 */
export function apiNetworkPolicy(p: ProcessSpec): NetworkPolicy {
  return ingressPolicy(p.name, p.kind, ['http'], [podsOf(['gateway', 'api', 'worker', 'sandbox'])]);
}

/** The gateway is the site's front door: anyone (the ingress controller, wherever it runs) on its port. */
export function gatewayNetworkPolicy(p: ProcessSpec): NetworkPolicy {
  return ingressPolicy(p.name, p.kind, ['http']);
}

/** Ingress to the pods of `name` on these (named) ports, from these peers (anyone when none are given). */
export function ingressPolicy(name: string, component: Component, ports: string[], from?: INetworkPolicyPeer[]): NetworkPolicy {
  return new NetworkPolicy({
    metadata: meta(name, component),
    spec: {
      podSelector: { matchLabels: selector(name) },
      policyTypes: ['Ingress'],
      ingress: [{ ...(from ? { from } : {}), ports: ports.map((port) => ({ protocol: 'TCP', port })) }],
    },
  });
}

/** The site's own pods (any component). */
export const SITE_PODS: INetworkPolicyPeer = { podSelector: { matchLabels: { [PART]: PART_OF } } };

export function gatewayIngress(p: ProcessSpec): Ingress {
  return new Ingress({
    metadata: {
      ...meta(p.name, p.kind),
      // ingress-nginx refuses bodies over 1 MB by default; a staff member's cover image may be 10 MB (COVER_MAX_BYTES).
      annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '12m' },
    },
    spec: {
      rules: [
        {
          host: INGRESS_HOST_PLACEHOLDER,
          http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: p.name, port: { name: 'http' } } } }] },
        },
      ],
    },
  });
}

/**
 * Namespace-wide: every ingress denied unless a policy allows it, and the metrics ports open to the
 * monitoring namespace only. Egress is left open: the pods reach PostgreSQL, Redis, the SMTP relay,
 * Stripe and DNS, wherever the operator runs them. (Kubelet probes come from the node and are not
 * subject to these policies with the common network plugins.)
 */
export function namespacePolicies(): NetworkPolicy[] {
  return [
    new NetworkPolicy({ metadata: { name: 'default-deny-ingress', labels: { [PART]: PART_OF } }, spec: { podSelector: {}, policyTypes: ['Ingress'] } }),
    new NetworkPolicy({
      metadata: { name: 'metrics-from-monitoring', labels: { [PART]: PART_OF } },
      spec: {
        podSelector: { matchLabels: { [PART]: PART_OF } },
        policyTypes: ['Ingress'],
        ingress: [
          {
            from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE } } }],
            ports: [{ protocol: 'TCP', port: METRICS_PORT }],
          },
        ],
      },
    }),
  ];
}

/** Released remotes and their registry, written by a release, read by every gateway replica. */
export function siteDataClaim(): PersistentVolumeClaim {
  return new PersistentVolumeClaim({
    metadata: { name: SITE_DATA_CLAIM, labels: { [PART]: PART_OF } },
    spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '2Gi' } } },
  });
}

/**
 * Applies the service's migrations with the image being deployed, then exits; the pods of the new image
 * wait for it in their init container (migrate.js wait). A Job's pod template cannot change: delete the
 * finished Job before applying a new image (ttlSecondsAfterFinished removes it after 10 minutes anyway).
 */
export function migrateJob(service: string): Job {
  const name = migrateJobName(service);
  return new Job({
    metadata: meta(name, 'migrate'),
    spec: {
      backoffLimit: 6,
      activeDeadlineSeconds: 900,
      ttlSecondsAfterFinished: 600,
      template: {
        metadata: { labels: labels(name, 'migrate') },
        spec: {
          restartPolicy: 'OnFailure',
          securityContext: POD_SECURITY,
          enableServiceLinks: false,
          containers: [migrateContainer(service, 'apply', RESOURCES.migrate)],
          volumes: [TMP_VOLUME],
        },
      },
    },
  });
}

/** Every object of one process (the base's file `<name>.yaml`, or the local overlay's for the sandbox). */
export function processObjects(p: ProcessSpec, processes: ProcessSpec[], queueTable?: Readonly<Record<string, readonly string[]>>): K8sObject[] {
  const objects: K8sObject[] = [deployment(p, processes), disruptionBudget(p.name, p.kind)];
  switch (p.kind) {
    case 'api':
      objects.push(service(p), autoscaler(p), apiNetworkPolicy(p));
      break;
    case 'gateway':
      objects.push(service(p), autoscaler(p), gatewayNetworkPolicy(p), gatewayIngress(p));
      break;
    case 'sandbox':
      objects.push(service(p), apiNetworkPolicy(p));
      break;
    case 'worker':
      objects.push(scaledObject(p, workerQueues(p, queueTable)));
      break;
  }
  return objects;
}
