import type { ProcessKind, ProcessSpec } from '../processes.js';

/**
 * The fixed choices of the Kubernetes manifests (deploy/kubernetes), in one place: names shared between
 * objects, ports, timings, resources. manifests.ts and overlays.ts build the objects from them and the
 * process list.
 */

/** The one image of every process (the root Dockerfile); overlays give it its real name and tag with kustomize `images:`. */
export const IMAGE = 'tca-site';
/** app.kubernetes.io/part-of of every object. */
export const PART_OF = 'tca';
/** The namespace the overlays deploy into. */
export const NAMESPACE = 'tca';
/** Non-secret settings of every process (a configMapGenerator: a change rolls the pods). */
export const CONFIG_MAP = 'tca-config';
/** The secrets; in production the operator creates it (README "Running on Kubernetes"). */
export const SECRET = 'tca-secrets';
/** The gateway's released remotes and their registry (ReadWriteMany: every gateway replica reads it). */
export const SITE_DATA_CLAIM = 'site-data';
/** The TLS certificate of the production Ingress (cert-manager or the operator creates it). */
export const TLS_SECRET = 'tca-tls';
/** Placeholder host of the base Ingress; the overlays set the real one. */
export const INGRESS_HOST_PLACEHOLDER = 'tca.example.invalid';

/** Every process serves GET /metrics on this port (env METRICS_PORT); workers answer /healthz and /readyz there too. */
export const METRICS_PORT = 9464;
/** Only pods in this namespace (Prometheus) may reach the metrics ports. */
export const MONITORING_NAMESPACE = 'monitoring';
/** Where KEDA asks Prometheus for the queue depths: the Prometheus Operator's default Service in MONITORING_NAMESPACE. */
export const PROMETHEUS_ADDRESS = `http://prometheus-operated.${MONITORING_NAMESPACE}.svc:9090`;

/**
 * Shutdown timings the pods get. An HTTP process, on SIGTERM, answers /readyz "draining" and keeps serving
 * for SHUTDOWN_DRAIN_DELAY_MS (so the Service and the Ingress stop sending it requests first: the same
 * job as a preStop sleep, without one), then finishes in-flight requests for up to SHUTDOWN_GRACE_MS. A
 * worker finishes its jobs in progress for up to SHUTDOWN_GRACE_MS (service-kit queue-worker.ts, the
 * mailer's config). terminationGracePeriodSeconds leaves a margin over both before the SIGKILL.
 */
export const HTTP_DRAIN_DELAY_MS = 5000;
export const HTTP_SHUTDOWN_GRACE_MS = 10_000;
export const WORKER_SHUTDOWN_GRACE_MS = 30_000;
export const TERMINATION_MARGIN_SECONDS = 15;

export function shutdownEnv(p: ProcessSpec): Record<string, string> {
  return p.kind === 'worker'
    ? { SHUTDOWN_GRACE_MS: String(WORKER_SHUTDOWN_GRACE_MS) }
    : { SHUTDOWN_DRAIN_DELAY_MS: String(HTTP_DRAIN_DELAY_MS), SHUTDOWN_GRACE_MS: String(HTTP_SHUTDOWN_GRACE_MS) };
}

export function terminationGracePeriodSeconds(p: ProcessSpec): number {
  const ms = p.kind === 'worker' ? WORKER_SHUTDOWN_GRACE_MS : HTTP_DRAIN_DELAY_MS + HTTP_SHUTDOWN_GRACE_MS;
  return Math.ceil(ms / 1000) + TERMINATION_MARGIN_SECONDS;
}

export interface Resources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
}

/** Requests size the scheduling (and the HPA's CPU percentage); limits stop a runaway process. */
export const RESOURCES: Record<ProcessKind | 'migrate', Resources> = {
  api: { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1', memory: '512Mi' } },
  gateway: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1', memory: '384Mi' } },
  worker: { requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '500m', memory: '384Mi' } },
  sandbox: { requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
  migrate: { requests: { cpu: '20m', memory: '64Mi' }, limits: { cpu: '250m', memory: '192Mi' } },
};

/** HorizontalPodAutoscaler of the gateway and each API (production; the local overlay lowers the minimum to 1). */
export const HPA = { minReplicas: 2, maxReplicas: 6, cpuUtilization: 70, localMinReplicas: 1 } as const;

/** KEDA ScaledObject of each worker. */
export const WORKER_SCALING = {
  minReplicaCount: 1,
  maxReplicaCount: 10,
  /** Seconds between two looks at the queue. */
  pollingInterval: 15,
  /** Seconds without waiting jobs before KEDA goes back to minReplicaCount. */
  cooldownPeriod: 300,
  /** Waiting jobs per replica the HPA aims at. */
  jobsPerReplica: 20,
} as const;

/**
 * The BullMQ queues each worker consumes (packages/contracts/src/queues.ts QUEUES; kubernetes.test.ts
 * checks this table against each worker's code). The payments worker also takes refunds, on the
 * fulfilment queue; the membership worker records what became of announcement e-mails.
 */
export const WORKER_QUEUES: Readonly<Record<string, readonly string[]>> = {
  mailer: ['email'],
  'tickets-worker': ['support-tickets'],
  'payments-worker': ['payment-fulfilment'],
  'membership-worker': ['membership-renewals', 'email-outcomes'],
};

