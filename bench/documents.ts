/**
 * Realistic YAML documents for the benchmark corpus, written as text (not through a
 * serializer) so that they carry the styles people really write: comments, block
 * scalars, flow collections, quoting, anchors and merge keys. Each generator repeats
 * varied units until the document reaches the requested size in bytes.
 */
import type { DocumentName } from './corpus-spec';
import { Rng, UniqueNames, pad2 } from './rng';

const APP_WORDS = [
  'billing',
  'checkout',
  'catalog',
  'search',
  'auth',
  'gateway',
  'inventory',
  'notifications',
  'payments',
  'orders',
  'shipping',
  'recommendations',
  'analytics',
  'reporting',
  'profile',
  'media',
  'thumbnailer',
  'scheduler',
  'ledger',
  'fraud',
  'pricing',
  'cart',
  'reviews',
  'loyalty',
  'exporter',
  'importer',
  'webhooks',
  'audit',
  'identity',
  'session',
  'geo',
  'mailer',
  'invoicing',
  'tax',
  'subscriptions',
  'feature-flags',
  'configurator',
  'translator',
] as const;
const APP_KINDS = ['api', 'worker', 'service', 'consumer', 'cron', 'frontend', 'backend', 'proxy', 'sync', 'indexer'] as const;
const TEAMS = ['platform', 'commerce', 'growth', 'data', 'payments', 'core', 'infra', 'mobile', 'search', 'ml'] as const;
const NAMESPACES = ['production', 'staging', 'payments', 'internal', 'edge', 'batch'] as const;
const REGISTRIES = [
  'ghcr.io/acme',
  'registry.example.com/platform',
  '123456789012.dkr.ecr.eu-west-1.amazonaws.com',
  'europe-docker.pkg.dev/acme-prod/services',
  'quay.io/acme',
] as const;
const ENV_NAMES = [
  'LOG_LEVEL',
  'LOG_FORMAT',
  'HTTP_PORT',
  'METRICS_PORT',
  'REDIS_HOST',
  'REDIS_PORT',
  'KAFKA_BROKERS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'FEATURE_NEW_CHECKOUT',
  'CACHE_TTL_SECONDS',
  'MAX_CONNECTIONS',
  'REQUEST_TIMEOUT',
  'S3_BUCKET',
  'AWS_REGION',
  'SENTRY_ENVIRONMENT',
  'TZ',
  'GOMAXPROCS',
  'JAVA_OPTS',
  'WORKER_CONCURRENCY',
  'RATE_LIMIT_PER_MINUTE',
  'UPSTREAM_URL',
] as const;
const SECRET_KEYS = ['password', 'api-key', 'token', 'dsn', 'client-secret'] as const;
const LANGS = ['node', 'go', 'java', 'python'] as const;
const FIRST_NAMES = [
  'Amelia',
  'Noah',
  'Olivia',
  'Liam',
  'Sofía',
  'Mateo',
  'Zoë',
  'Lukas',
  'Chloé',
  'Søren',
  'Ólafur',
  'Łukasz',
  'Anaïs',
  'Jürgen',
  'Yuki',
  'Priya',
  'Arjun',
  'Fatima',
  'Omar',
  'Wei',
  'Mei',
  'Kwame',
  'Ngozi',
  'Isabella',
  'Hiroshi',
  'Ingrid',
  'Björn',
  'Elif',
  'Mehmet',
  'Chiara',
  'João',
  'Ana',
] as const;
const LAST_NAMES = [
  'Smith',
  'García',
  'Müller',
  'Rossi',
  'Kowalski',
  'Nguyen',
  'Tanaka',
  'Okafor',
  'Haddad',
  'Silva',
  'Johansson',
  'Dubois',
  "O'Brien",
  'van der Berg',
  'Novák',
  'Yılmaz',
  'Patel',
  'Kim',
  'Chen',
  'Fernández',
  'Andersen',
  'Moreau',
  'Schmidt',
  'Costa',
  'Ivanova',
  'Papadopoulos',
] as const;
const CITIES = [
  ['Berlin', 'DE'],
  ['München', 'DE'],
  ['Paris', 'FR'],
  ['Lyon', 'FR'],
  ['Madrid', 'ES'],
  ['Lisboa', 'PT'],
  ['London', 'GB'],
  ['Dublin', 'IE'],
  ['Kraków', 'PL'],
  ['Praha', 'CZ'],
  ['Zürich', 'CH'],
  ['Wien', 'AT'],
  ['New York', 'US'],
  ['Austin', 'US'],
  ['Toronto', 'CA'],
  ['São Paulo', 'BR'],
  ['Tokyo', 'JP'],
  ['Osaka', 'JP'],
  ['Seoul', 'KR'],
  ['Bengaluru', 'IN'],
  ['Lagos', 'NG'],
  ['Nairobi', 'KE'],
  ['Oslo', 'NO'],
  ['Bergen', 'NO'],
] as const;
const STREETS = ['Main Street', 'Hauptstraße', 'Rue de la Paix', 'Calle Mayor', 'Station Road', 'Elm Avenue', 'Kungsgatan', 'Via Roma'] as const;
const TAGS = ['vip', 'beta', 'churn-risk', 'newsletter', 'b2b', 'b2c', 'trial', 'enterprise', 'partner', 'early-adopter'] as const;
const NOUNS = [
  'invoice',
  'customer',
  'order',
  'product',
  'shipment',
  'payment',
  'refund',
  'subscription',
  'coupon',
  'review',
  'warehouse',
  'supplier',
  'employee',
  'ticket',
  'project',
  'document',
  'webhook',
  'report',
  'region',
  'account',
  'address',
  'cart',
  'category',
  'price',
  'plan',
  'seat',
  'device',
  'event',
] as const;
const DOMAINS = ['example.com', 'example.org', 'mail.example.net', 'acme.test', 'corp.example'] as const;

type Lines = string[];

function appName(r: Rng): string {
  return `${r.pick(APP_WORDS)}-${r.pick(APP_KINDS)}`;
}

function pascal(s: string): string {
  return s
    .split(/[-_ ]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

function camel(s: string): string {
  const p = pascal(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

function plural(s: string): string {
  if (s.endsWith('y')) return `${s.slice(0, -1)}ies`;
  if (s.endsWith('s')) return `${s}es`;
  return `${s}s`;
}

function indent(lines: Lines, by: number): Lines {
  const pad = ' '.repeat(by);
  return lines.map((l) => (l === '' ? l : pad + l));
}

/**
 * A generated document: its text, and how to cut it into smaller documents of the same
 * shape. The corpus generator parses those chunks one by one with `yaml`, whose alias
 * lookup is quadratic in the number of aliases (a 10 MB Compose file takes minutes).
 */
export interface GeneratedDocument {
  text: string;
  /** Documents of the same shape, each holding a consecutive run of the units, about `maxBytes` long. */
  chunks(maxBytes: number): string[];
  /** Where the units live: the collections (by key path; [] = the top level) that the chunks split. */
  splitAt: readonly (readonly string[])[];
}

/** `head`, then units, then `tail`; the units are entries of the collection at `splitAt`. */
function simpleDocument(head: string, units: string[], tail: string, splitAt: readonly string[]): GeneratedDocument {
  return {
    text: head + units.join('') + tail,
    chunks: (maxBytes) =>
      groupUnits(
        units.map((u) => [u]),
        maxBytes,
      ).map((g) => head + g.map((u) => u[0]).join('') + tail),
    splitAt: [splitAt],
  };
}

/** Consecutive groups of units, each about `maxBytes` long (at least one unit). */
function groupUnits(units: string[][], maxBytes: number): string[][][] {
  const groups: string[][][] = [];
  let current: string[][] = [];
  let bytes = 0;
  for (const u of units) {
    current.push(u);
    bytes += u.reduce((n, s) => n + s.length, 0);
    if (bytes >= maxBytes) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
  }
  if (current.length > 0 || groups.length === 0) groups.push(current);
  return groups;
}

/** Units made by `unit` until head + units + tail reach `target` bytes (at least one unit). */
function fill(target: number, head: string, unit: (i: number) => string, tail = ''): string[] {
  const units: string[] = [];
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; i === 0 || bytes < target; i++) {
    const u = unit(i);
    units.push(u);
    bytes += Buffer.byteLength(u);
  }
  return units;
}

/* ------------------------------------------------------------------------- */
/* (a) Kubernetes manifests: a multi-document stream, as `helm template` prints. */
/* ------------------------------------------------------------------------- */

function k8sLabels(name: string, instance: string, version: string, component: string, team: string): Lines {
  return [
    `app.kubernetes.io/name: ${name}`,
    `app.kubernetes.io/instance: ${instance}`,
    `app.kubernetes.io/version: "${version}"`,
    `app.kubernetes.io/component: ${component}`,
    `app.kubernetes.io/part-of: ${name.split('-')[0]}`,
    'app.kubernetes.io/managed-by: Helm',
    `helm.sh/chart: ${name}-${version}`,
    `team: ${team}`,
  ];
}

function k8sEnv(r: Rng, name: string): Lines {
  const out: Lines = [];
  for (const env of r.some(ENV_NAMES, r.int(3, 8))) {
    out.push(`- name: ${env}`);
    switch (env) {
      case 'LOG_LEVEL':
        out.push(`  value: ${r.pick(['debug', 'info', 'warn'])}`);
        break;
      case 'HTTP_PORT':
      case 'METRICS_PORT':
      case 'REDIS_PORT':
      case 'MAX_CONNECTIONS':
      case 'CACHE_TTL_SECONDS':
      case 'WORKER_CONCURRENCY':
      case 'RATE_LIMIT_PER_MINUTE':
        out.push(`  value: "${r.int(2, 9000)}"`);
        break;
      case 'FEATURE_NEW_CHECKOUT':
        out.push(`  value: "${r.pick(['true', 'false'])}"`);
        break;
      case 'REDIS_HOST':
        out.push(`  value: redis-master.${r.pick(NAMESPACES)}.svc.cluster.local`);
        break;
      case 'KAFKA_BROKERS':
        out.push(`  value: kafka-0.kafka:9092,kafka-1.kafka:9092,kafka-2.kafka:9092`);
        break;
      case 'OTEL_SERVICE_NAME':
        out.push(`  value: ${name}`);
        break;
      case 'OTEL_EXPORTER_OTLP_ENDPOINT':
        out.push('  value: http://otel-collector.monitoring:4317');
        break;
      case 'JAVA_OPTS':
        out.push(`  value: "-Xms${r.int(1, 4) * 128}m -Xmx${r.int(4, 16) * 128}m -XX:+UseG1GC -Dfile.encoding=UTF-8"`);
        break;
      case 'TZ':
        out.push(`  value: ${r.pick(['UTC', 'Europe/Berlin', 'America/New_York'])}`);
        break;
      default:
        out.push(`  value: ${r.pick(['"1"', '"30s"', 'eu-west-1', `${name}-assets`, 'json', 'https://upstream.internal/api'])}`);
    }
  }
  out.push(
    `- name: DB_${r.pick(['PASSWORD', 'USER'])}`,
    '  valueFrom:',
    '    secretKeyRef:',
    `      name: ${name}-db`,
    `      key: ${r.pick(SECRET_KEYS)}`,
    '- name: POD_NAME',
    '  valueFrom:',
    '    fieldRef:',
    '      fieldPath: metadata.name',
  );
  return out;
}

function k8sProbe(r: Rng, kind: string, path: string): Lines {
  const out = [`${kind}:`];
  if (r.chance(0.8)) {
    out.push('  httpGet:', `    path: ${path}`, '    port: http');
  } else {
    out.push('  tcpSocket:', '    port: http');
  }
  out.push(`  initialDelaySeconds: ${r.int(0, 30)}`, `  periodSeconds: ${r.pick([5, 10, 15])}`);
  out.push(`  timeoutSeconds: ${r.int(1, 5)}`, `  failureThreshold: ${r.int(2, 6)}`);
  return out;
}

function k8sDeployment(r: Rng, name: string, ns: string, version: string, team: string): string {
  const image = `${r.pick(REGISTRIES)}/${name}:${version}`;
  const port = r.pick([3000, 8000, 8080, 8443, 9000]);
  const labels = k8sLabels(name, `${name}-${ns}`, version, name.split('-').pop() ?? 'api', team);
  const cpuReq = r.pick(['50m', '100m', '250m', '500m']);
  const memReq = r.pick(['64Mi', '128Mi', '256Mi', '512Mi']);
  const lines: Lines = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    `  namespace: ${ns}`,
    '  labels:',
    ...indent(labels, 4),
    '  annotations:',
    `    deployment.kubernetes.io/revision: "${r.int(1, 120)}"`,
    `    meta.helm.sh/release-name: ${name}`,
    `    meta.helm.sh/release-namespace: ${ns}`,
    'spec:',
    `  replicas: ${r.int(1, 12)}`,
    '  revisionHistoryLimit: 10',
    '  progressDeadlineSeconds: 600',
    '  strategy:',
    '    type: RollingUpdate',
    '    rollingUpdate:',
    `      maxSurge: ${r.pick(['25%', '1', '50%'])}`,
    `      maxUnavailable: ${r.pick(['0', '25%', '1'])}`,
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${name}`,
    `      app.kubernetes.io/instance: ${name}-${ns}`,
    '  template:',
    '    metadata:',
    '      labels:',
    `        app.kubernetes.io/name: ${name}`,
    `        app.kubernetes.io/instance: ${name}-${ns}`,
    '      annotations:',
    `        checksum/config: ${r.hex(64)}`,
    `        prometheus.io/scrape: "true"`,
    `        prometheus.io/port: "${port + 1}"`,
    '    spec:',
    `      serviceAccountName: ${name}`,
    '      securityContext:',
    '        runAsNonRoot: true',
    `        runAsUser: ${r.pick([1000, 10001, 65532])}`,
    `        fsGroup: ${r.pick([1000, 10001, 65532])}`,
    '      containers:',
    `        - name: ${name}`,
    `          image: "${image}"`,
    `          imagePullPolicy: ${r.pick(['IfNotPresent', 'Always'])}`,
    `          args: ["--config", "/etc/${name}/config.yaml", "--port=${port}"]`,
    '          ports:',
    '            - name: http',
    `              containerPort: ${port}`,
    '              protocol: TCP',
    '            - name: metrics',
    `              containerPort: ${port + 1}`,
    '              protocol: TCP',
    '          env:',
    ...indent(k8sEnv(r, name), 12),
    '          resources:',
    '            requests:',
    `              cpu: ${cpuReq}`,
    `              memory: ${memReq}`,
    '            limits:',
    `              cpu: ${r.pick(['"1"', '"2"', '500m', '1500m'])}`,
    `              memory: ${r.pick(['256Mi', '512Mi', '1Gi', '2Gi'])}`,
    ...indent(k8sProbe(r, 'livenessProbe', '/healthz'), 10),
    ...indent(k8sProbe(r, 'readinessProbe', '/ready'), 10),
    '          securityContext:',
    '            allowPrivilegeEscalation: false',
    '            readOnlyRootFilesystem: true',
    '            capabilities:',
    '              drop: ["ALL"]',
    '          volumeMounts:',
    '            - name: config',
    `              mountPath: /etc/${name}`,
    '              readOnly: true',
    '            - name: tmp',
    '              mountPath: /tmp',
    '      volumes:',
    '        - name: config',
    '          configMap:',
    `            name: ${name}-config`,
    '        - name: tmp',
    '          emptyDir: {}',
    '      nodeSelector:',
    '        kubernetes.io/os: linux',
  ];
  if (r.chance(0.4)) {
    lines.push(
      '      tolerations:',
      '        - key: dedicated',
      '          operator: Equal',
      `          value: ${team}`,
      '          effect: NoSchedule',
    );
  }
  if (r.chance(0.5)) {
    lines.push(
      '      affinity:',
      '        podAntiAffinity:',
      '          preferredDuringSchedulingIgnoredDuringExecution:',
      '            - weight: 100',
      '              podAffinityTerm:',
      '                topologyKey: topology.kubernetes.io/zone',
      '                labelSelector:',
      '                  matchLabels:',
      `                    app.kubernetes.io/name: ${name}`,
    );
  }
  return lines.join('\n') + '\n';
}

function k8sService(r: Rng, name: string, ns: string, version: string, team: string): string {
  return (
    [
      'apiVersion: v1',
      'kind: Service',
      'metadata:',
      `  name: ${name}`,
      `  namespace: ${ns}`,
      '  labels:',
      ...indent(k8sLabels(name, `${name}-${ns}`, version, 'service', team), 4),
      'spec:',
      `  type: ${r.pick(['ClusterIP', 'ClusterIP', 'ClusterIP', 'NodePort', 'LoadBalancer'])}`,
      '  ports:',
      '    - name: http',
      `      port: ${r.pick([80, 8080])}`,
      '      targetPort: http',
      '      protocol: TCP',
      '  selector:',
      `    app.kubernetes.io/name: ${name}`,
      `    app.kubernetes.io/instance: ${name}-${ns}`,
    ].join('\n') + '\n'
  );
}

function k8sConfigMap(r: Rng, name: string, ns: string): string {
  const lines: Lines = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    `  name: ${name}-config`,
    `  namespace: ${ns}`,
    'data:',
    `  LOG_LEVEL: ${r.pick(['info', 'debug', 'warn'])}`,
    `  FEATURE_FLAGS: "${r.some(['new-ui', 'fast-path', 'v2-pricing', 'dark-launch', 'audit-log'], r.int(1, 3)).join(',')}"`,
    '  config.yaml: |',
    '    server:',
    `      port: ${r.pick([8080, 3000, 9000])}`,
    `      readTimeout: ${r.int(5, 60)}s`,
    '    database:',
    `      host: postgres-${r.int(0, 3)}.${ns}.svc.cluster.local`,
    `      pool: ${r.int(5, 50)}`,
    '    cache:',
    `      ttl: ${r.int(1, 60)}m`,
  ];
  if (r.chance(0.5)) {
    lines.push(
      '  nginx.conf: |',
      '    worker_processes auto;',
      '    events { worker_connections 1024; }',
      '    http {',
      '      server {',
      '        listen 8080;',
      `        server_name ${name}.internal;`,
      '        location / {',
      `          proxy_pass http://127.0.0.1:${r.int(3000, 9000)};`,
      '          proxy_set_header Host $host;',
      '          proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      '        }',
      '      }',
      '    }',
    );
  } else {
    lines.push(
      '  application.properties: |',
      `    spring.application.name=${name}`,
      `    spring.datasource.url=jdbc:postgresql://db.${ns}:5432/${name.replace(/-/g, '_')}`,
      `    spring.datasource.hikari.maximum-pool-size=${r.int(5, 40)}`,
      '    management.endpoints.web.exposure.include=health,info,prometheus',
      `    server.shutdown=graceful`,
    );
  }
  return lines.join('\n') + '\n';
}

function k8sIngress(r: Rng, name: string, ns: string): string {
  const host = `${name}.${r.pick(['acme.example', 'apps.example.com', 'internal.example.net'])}`;
  return (
    [
      'apiVersion: networking.k8s.io/v1',
      'kind: Ingress',
      'metadata:',
      `  name: ${name}`,
      `  namespace: ${ns}`,
      '  annotations:',
      '    cert-manager.io/cluster-issuer: letsencrypt-prod',
      `    nginx.ingress.kubernetes.io/proxy-body-size: ${r.pick(['"1m"', '"8m"', '"50m"'])}`,
      '    nginx.ingress.kubernetes.io/ssl-redirect: "true"',
      'spec:',
      '  ingressClassName: nginx',
      '  tls:',
      '    - hosts:',
      `        - ${host}`,
      `      secretName: ${name}-tls`,
      '  rules:',
      `    - host: ${host}`,
      '      http:',
      '        paths:',
      `          - path: /${r.pick(['', 'api', 'v1', 'graphql'])}`,
      '            pathType: Prefix',
      '            backend:',
      '              service:',
      `                name: ${name}`,
      '                port:',
      '                  name: http',
    ].join('\n') + '\n'
  );
}

function k8sHpa(r: Rng, name: string, ns: string): string {
  return (
    [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      `  name: ${name}`,
      `  namespace: ${ns}`,
      'spec:',
      '  scaleTargetRef:',
      '    apiVersion: apps/v1',
      '    kind: Deployment',
      `    name: ${name}`,
      `  minReplicas: ${r.int(1, 3)}`,
      `  maxReplicas: ${r.int(4, 30)}`,
      '  metrics:',
      '    - type: Resource',
      '      resource:',
      '        name: cpu',
      '        target:',
      '          type: Utilization',
      `          averageUtilization: ${r.int(50, 85)}`,
    ].join('\n') + '\n'
  );
}

function genK8s(r: Rng, target: number): GeneratedDocument {
  // One document at a time (not one app), so the small sizes land close to their target.
  const queue: string[] = [];
  const units = fill(target, '', () => {
    if (queue.length === 0) queue.push(...k8sApp(r));
    return queue.shift() ?? '';
  });
  return simpleDocument('', units, '', []);
}

function k8sApp(r: Rng): string[] {
  const name = appName(r);
  const ns = r.pick(NAMESPACES);
  const version = r.semver();
  const team = r.pick(TEAMS);
  const docs = [
    `# Source: ${name}/templates/deployment.yaml\n` + k8sDeployment(r, name, ns, version, team),
    `# Source: ${name}/templates/service.yaml\n` + k8sService(r, name, ns, version, team),
  ];
  if (r.chance(0.7)) docs.push(`# Source: ${name}/templates/configmap.yaml\n` + k8sConfigMap(r, name, ns));
  if (r.chance(0.4)) docs.push(`# Source: ${name}/templates/ingress.yaml\n` + k8sIngress(r, name, ns));
  if (r.chance(0.3)) docs.push(`# Source: ${name}/templates/hpa.yaml\n` + k8sHpa(r, name, ns));
  return docs.map((d) => `---\n${d}`);
}

/* ------------------------------------------------------------------------- */
/* (b) Docker Compose: x-* anchors and thousands of services with merge keys. */
/* ------------------------------------------------------------------------- */

const COMPOSE_HEADER = `# docker-compose.yml for the acme development stack.
# Shared settings live in the x-* blocks below and are merged into every service.
name: acme-stack

x-defaults: &defaults
  restart: unless-stopped
  init: true
  logging: &default-logging
    driver: json-file
    options:
      max-size: "10m"
      max-file: "5"
  networks:
    - backend
  extra_hosts:
    - "host.docker.internal:host-gateway"

x-healthcheck: &healthcheck
  interval: 30s
  timeout: 5s
  retries: 3
  start_period: 20s

x-java: &java
  ulimits:
    nofile:
      soft: 65536
      hard: 65536
  stop_grace_period: 45s

x-java-env: &java-env
  JAVA_TOOL_OPTIONS: "-XX:MaxRAMPercentage=75 -XX:+UseG1GC"
  SPRING_PROFILES_ACTIVE: docker
  MANAGEMENT_SERVER_PORT: "9090"

x-node: &node
  user: "1000:1000"
  working_dir: /app
  read_only: true
  tmpfs:
    - /tmp

x-resources-small: &resources-small
  deploy:
    resources:
      limits: {cpus: "0.50", memory: 256M}
      reservations: {memory: 128M}

x-resources-large: &resources-large
  deploy:
    resources:
      limits: {cpus: "2.0", memory: 2G}
      reservations: {cpus: "0.5", memory: 1G}

services:
`;

const COMPOSE_FOOTER = `
networks:
  backend:
    driver: bridge
  frontend:
    driver: bridge
    ipam:
      config:
        - subnet: 172.28.0.0/16

volumes:
  pgdata: {}
  redisdata: {}
  minio-data:
    driver: local
`;

function composeService(r: Rng, name: string, all: string[]): string {
  const lang = r.pick(LANGS);
  const version = r.semver();
  const port = r.int(3000, 9999);
  const lines: Lines = [`${name}:`];
  const merges = ['*defaults'];
  if (lang === 'java') merges.push('*java');
  if (lang === 'node') merges.push('*node');
  if (r.chance(0.3)) merges.push(r.chance(0.7) ? '*resources-small' : '*resources-large');
  lines.push(merges.length === 1 ? '  <<: *defaults' : `  <<: [${merges.join(', ')}]`);
  if (r.chance(0.15)) lines.push(`  # TODO(${r.pick(TEAMS)}): pin the digest once the ${name} image is signed`);
  lines.push(`  image: ${r.pick(REGISTRIES)}/${name}:${version}`);
  if (r.chance(0.3)) {
    lines.push(
      '  build:',
      `    context: ./services/${name}`,
      '    dockerfile: Dockerfile',
      '    args:',
      `      ${lang.toUpperCase()}_VERSION: "${r.int(11, 22)}"`,
    );
  }
  lines.push(`  container_name: acme-${name}`);
  lines.push('  environment:');
  if (lang === 'java') lines.push('    <<: *java-env');
  lines.push(`    SERVICE_NAME: ${name}`);
  lines.push(`    PORT: "${port}"`);
  lines.push(`    DATABASE_URL: postgres://app:\${POSTGRES_PASSWORD:-secret}@postgres:5432/${name.replace(/-/g, '_')}`);
  if (r.chance(0.5)) lines.push(`    REDIS_URL: redis://redis:6379/${r.int(0, 15)}`);
  if (r.chance(0.4)) lines.push(`    LOG_LEVEL: ${r.pick(['debug', 'info', 'warn'])}`);
  if (r.chance(0.3)) lines.push(`    FEATURE_${name.split('-')[0]!.toUpperCase().replace(/-/g, '_')}_V2: "${r.pick(['true', 'false'])}"`);
  lines.push('  ports:', `    - "${port}:${port}"`);
  if (r.chance(0.5)) lines.push(`    - "127.0.0.1:${port + 1000}:9090"`);
  if (all.length > 0 && r.chance(0.7)) {
    const deps = r.some(all.slice(-20), r.int(1, 3));
    if (r.chance(0.5)) {
      lines.push('  depends_on:', ...deps.map((d) => `    - ${d}`));
    } else {
      lines.push('  depends_on:');
      for (const d of deps) lines.push(`    ${d}:`, `      condition: ${r.pick(['service_started', 'service_healthy'])}`);
    }
  }
  if (r.chance(0.6)) {
    lines.push('  healthcheck:', '    <<: *healthcheck');
    lines.push(`    test: ["CMD", "curl", "-fsS", "http://localhost:${port}/health"]`);
    if (r.chance(0.3)) lines.push(`    interval: ${r.pick(['10s', '15s', '1m'])}`);
  }
  if (r.chance(0.3)) lines.push('  volumes:', `    - ./services/${name}/config:/etc/${name}:ro`, `    - ./data/${name}:/var/lib/${name}`);
  if (r.chance(0.2)) lines.push('  logging: *default-logging');
  if (r.chance(0.2)) lines.push('  networks:', '    - backend', '    - frontend');
  if (r.chance(0.25)) lines.push(`  command: ["${lang === 'node' ? 'node' : './bin/server'}", "--port", "${port}"]`);
  if (r.chance(0.15)) lines.push('  labels:', `    com.acme.team: ${r.pick(TEAMS)}`, `    com.acme.tier: "${r.int(1, 3)}"`);
  return lines.map((l) => `  ${l}`).join('\n') + '\n';
}

function genCompose(r: Rng, target: number): GeneratedDocument {
  const names = new UniqueNames();
  const all: string[] = [];
  const units = fill(
    target,
    COMPOSE_HEADER,
    () => {
      const name = names.take(appName(r));
      const s = composeService(r, name, all);
      all.push(name);
      return s;
    },
    COMPOSE_FOOTER,
  );
  return simpleDocument(COMPOSE_HEADER, units, COMPOSE_FOOTER, ['services']);
}

/* ------------------------------------------------------------------------- */
/* (c) CI workflow, GitHub Actions style.                                      */
/* ------------------------------------------------------------------------- */

const CI_HEADER = `name: CI

on:
  push:
    branches: [main, "release/**"]
    paths-ignore:
      - "docs/**"
      - "**.md"
  pull_request:
    types: [opened, synchronize, reopened]
  workflow_dispatch:
    inputs:
      debug:
        description: Enable debug logging
        type: boolean
        default: false
      environment:
        description: Where to deploy
        type: choice
        options: [staging, production]
  schedule:
    - cron: "0 3 * * 1-5"

permissions:
  contents: read
  packages: write
  id-token: write

concurrency:
  group: \${{ github.workflow }}-\${{ github.ref }}
  cancel-in-progress: true

env:
  NODE_VERSION: "20.x"
  GO_VERSION: "1.22"
  REGISTRY: ghcr.io
  IMAGE_PREFIX: ghcr.io/\${{ github.repository_owner }}
  FORCE_COLOR: "1"

defaults:
  run:
    shell: bash

jobs:
`;

function ciSetup(r: Rng, lang: string): Lines {
  const steps: Lines = ['- uses: actions/checkout@v4', '  with:', `    fetch-depth: ${r.pick([0, 1])}`];
  if (lang === 'go') {
    steps.push('- uses: actions/setup-go@v5', '  with:', '    go-version: ${{ env.GO_VERSION }}', '    cache: true');
  } else if (lang === 'python') {
    steps.push('- uses: actions/setup-python@v5', '  with:', '    python-version: ${{ matrix.python }}', '    cache: pip');
  } else if (lang === 'java') {
    steps.push(
      '- uses: actions/setup-java@v4',
      '  with:',
      '    distribution: temurin',
      `    java-version: "${r.pick([17, 21])}"`,
      '    cache: gradle',
    );
  } else {
    steps.push('- uses: actions/setup-node@v4', '  with:', '    node-version: ${{ matrix.node }}', '    cache: npm');
  }
  return steps;
}

function ciJobs(r: Rng, pkg: string, jobNames: UniqueNames): string {
  const lang = r.pick(LANGS);
  const lint = jobNames.take(`lint-${pkg}`);
  const test = jobNames.take(`test-${pkg}`);
  const build = jobNames.take(`build-${pkg}`);
  const install =
    lang === 'node'
      ? 'npm ci --prefer-offline --no-audit'
      : lang === 'go'
        ? 'go mod download'
        : lang === 'python'
          ? 'pip install -r requirements-dev.txt'
          : './gradlew dependencies --quiet';
  const lines: Lines = [
    `${lint}:`,
    `  name: Lint (${pkg})`,
    '  runs-on: ubuntu-latest',
    `  timeout-minutes: ${r.pick([10, 15, 20])}`,
    '  steps:',
    ...indent(
      ciSetup(r, lang).map((l) => l.replace('${{ matrix.node }}', '${{ env.NODE_VERSION }}').replace('${{ matrix.python }}', '"3.12"')),
      4,
    ),
    '    - name: Install dependencies',
    `      run: ${install}`,
    '    - name: Lint',
    `      working-directory: packages/${pkg}`,
    '      run: |',
    ...(lang === 'node'
      ? ['        npm run lint -- --max-warnings=0', '        npm run format:check']
      : lang === 'go'
        ? ['        go vet ./...', '        gofmt -l . | tee /dev/stderr | (! read)']
        : lang === 'python'
          ? ['        ruff check .', '        mypy --strict src/']
          : ['        ./gradlew spotlessCheck checkstyleMain']),
    '',
    `${test}:`,
    `  name: Test (${pkg}, \${{ matrix.os }})`,
    `  needs: [${lint}]`,
    '  runs-on: ${{ matrix.os }}',
    `  timeout-minutes: ${r.pick([20, 30, 45])}`,
    '  strategy:',
    '    fail-fast: false',
    '    matrix:',
    '      os: [ubuntu-latest, macos-14, windows-latest]',
    lang === 'python' ? '      python: ["3.10", "3.11", "3.12"]' : `      node: [18, 20, 22]`,
    '      include:',
    '        - os: ubuntu-latest',
    lang === 'python' ? '          python: "3.12"' : '          node: 22',
    '          coverage: true',
    '      exclude:',
    '        - os: windows-latest',
    lang === 'python' ? '          python: "3.10"' : '          node: 18',
  ];
  if (r.chance(0.5)) {
    lines.push(
      '  services:',
      '    postgres:',
      `      image: postgres:${r.pick([14, 15, 16])}`,
      '      env:',
      '        POSTGRES_PASSWORD: postgres',
      `        POSTGRES_DB: ${pkg.replace(/-/g, '_')}_test`,
      '      ports:',
      '        - 5432:5432',
      '      options: >-',
      '        --health-cmd pg_isready',
      '        --health-interval 10s',
      '        --health-timeout 5s',
      '        --health-retries 5',
    );
  }
  lines.push(
    '  steps:',
    ...indent(ciSetup(r, lang), 4),
    '    - name: Install dependencies',
    `      run: ${install}`,
    '    - name: Run tests',
    `      working-directory: packages/${pkg}`,
    '      env:',
    `        DATABASE_URL: postgres://postgres:postgres@localhost:5432/${pkg.replace(/-/g, '_')}_test`,
    `        TEST_SHARD: \${{ strategy.job-index }}/${r.int(2, 8)}`,
    '      run: |',
    '        set -euo pipefail',
    `        echo "Testing ${pkg} on \${{ matrix.os }}"`,
    lang === 'go'
      ? '        go test -race -coverprofile=coverage.out ./...'
      : lang === 'python'
        ? '        pytest -q --cov=src --junitxml=reports/junit.xml'
        : lang === 'java'
          ? '        ./gradlew test jacocoTestReport --no-daemon'
          : '        npm test -- --coverage=${{ matrix.coverage || false }} --reporter=junit',
    '        if [ "${{ matrix.coverage }}" = "true" ]; then',
    `          echo "::notice title=Coverage::${pkg} coverage uploaded"`,
    '        fi',
    '    - uses: actions/upload-artifact@v4',
    '      if: always()',
    '      with:',
    `        name: test-results-${pkg}-\${{ matrix.os }}`,
    '        path: |',
    `          packages/${pkg}/reports/`,
    `          packages/${pkg}/coverage/`,
    `        retention-days: ${r.pick([3, 7, 14])}`,
    '',
    `${build}:`,
    `  needs: [${test}]`,
    `  if: github.event_name == 'push' && github.ref == 'refs/heads/main'`,
    '  runs-on: ubuntu-latest',
    '  outputs:',
    '    digest: ${{ steps.push.outputs.digest }}',
    '  steps:',
    '    - uses: actions/checkout@v4',
    '    - uses: docker/setup-buildx-action@v3',
    '    - uses: docker/login-action@v3',
    '      with:',
    '        registry: ${{ env.REGISTRY }}',
    '        username: ${{ github.actor }}',
    '        password: ${{ secrets.GITHUB_TOKEN }}',
    '    - name: Build and push',
    '      id: push',
    '      run: |',
    `        IMAGE="\${IMAGE_PREFIX}/${pkg}:\${GITHUB_SHA::12}"`,
    '        docker buildx build \\',
    `          --file packages/${pkg}/Dockerfile \\`,
    '          --platform linux/amd64,linux/arm64 \\',
    '          --cache-from type=gha --cache-to type=gha,mode=max \\',
    `          --label org.opencontainers.image.revision=\${GITHUB_SHA} \\`,
    '          --tag "$IMAGE" --push .',
    '        echo "digest=$(docker buildx imagetools inspect "$IMAGE" --format \'{{json .Manifest.Digest}}\')" >> "$GITHUB_OUTPUT"',
  );
  if (r.chance(0.4)) {
    const deploy = jobNames.take(`deploy-${pkg}`);
    lines.push(
      '',
      `${deploy}:`,
      `  needs: [${build}]`,
      '  runs-on: ubuntu-latest',
      '  environment:',
      "    name: ${{ inputs.environment || 'staging' }}",
      `    url: https://${pkg}.\${{ inputs.environment || 'staging' }}.acme.example`,
      '  steps:',
      '    - uses: azure/setup-kubectl@v4',
      '    - name: Roll out',
      '      run: |',
      `        kubectl set image deployment/${pkg} ${pkg}=\${IMAGE_PREFIX}/${pkg}@\${{ needs.${build}.outputs.digest }}`,
      `        kubectl rollout status deployment/${pkg} --timeout=${r.int(2, 10)}m`,
    );
  }
  return indent(lines, 2).join('\n') + '\n\n';
}

function genCi(r: Rng, target: number): GeneratedDocument {
  const jobNames = new UniqueNames();
  return simpleDocument(
    CI_HEADER,
    fill(target, CI_HEADER, () => ciJobs(r, appName(r), jobNames)),
    '',
    ['jobs'],
  );
}

/* ------------------------------------------------------------------------- */
/* (d) OpenAPI 3.                                                               */
/* ------------------------------------------------------------------------- */

const OPENAPI_HEADER = `openapi: 3.0.3
info:
  title: Acme Platform API
  version: 2.7.0
  description: |
    The Acme Platform API gives programmatic access to every resource of an
    Acme account. All requests are authenticated with a bearer token; all
    responses are JSON.

    ## Pagination
    List endpoints return at most \`page_size\` items and a \`next_page_token\`.

    ## Errors
    Errors use the [problem details](https://www.rfc-editor.org/rfc/rfc9457) format.
  termsOfService: https://acme.example/terms
  contact:
    name: API Support
    url: https://acme.example/support
    email: api@acme.example
  license:
    name: Apache 2.0
    url: https://www.apache.org/licenses/LICENSE-2.0.html
servers:
  - url: https://api.acme.example/v2
    description: Production
  - url: https://sandbox.api.acme.example/v2
    description: Sandbox (test data, reset nightly)
security:
  - bearerAuth: []
paths:
`;

const OPENAPI_COMPONENTS_HEAD = `components:
  securitySchemes:
    bearerAuth:
      type: http
      scheme: bearer
      bearerFormat: JWT
  parameters:
    PageSize:
      name: page_size
      in: query
      description: Maximum number of items to return.
      schema:
        type: integer
        minimum: 1
        maximum: 100
        default: 20
    PageToken:
      name: page_token
      in: query
      description: Token from a previous response's \`next_page_token\`.
      schema:
        type: string
  responses:
    Unauthorized:
      description: The bearer token is missing or invalid.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    NotFound:
      description: No such resource.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
  schemas:
    Problem:
      type: object
      required: [type, title, status]
      properties:
        type:
          type: string
          format: uri
          example: https://acme.example/problems/validation
        title:
          type: string
          example: Your request is not valid.
        status:
          type: integer
          example: 422
        detail:
          type: string
    Money:
      type: object
      required: [amount, currency]
      properties:
        amount:
          type: string
          description: Decimal amount as a string, to keep every digit.
          example: "1299.00"
        currency:
          type: string
          pattern: '^[A-Z]{3}$'
          example: EUR
`;

interface OpenApiField {
  name: string;
  schema: Lines;
  example: string;
}

function openApiField(r: Rng, used: UniqueNames): OpenApiField {
  const kind = r.int(0, 9);
  switch (kind) {
    case 0:
      return { name: used.take('name', '_'), schema: ['type: string', 'maxLength: 200'], example: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}` };
    case 1:
      return {
        name: used.take(`${r.pick(NOUNS)}_count`, '_'),
        schema: ['type: integer', 'format: int32', 'minimum: 0'],
        example: String(r.int(0, 500)),
      };
    case 2:
      return {
        name: used.take(`${r.pick(['total', 'subtotal', 'balance', 'price'])}`, '_'),
        schema: ["$ref: '#/components/schemas/Money'"],
        example: `{amount: "${r.decimal(1, 5000, 2)}", currency: ${r.pick(['EUR', 'USD', 'GBP', 'JPY'])}}`,
      };
    case 3:
      return {
        name: used.take(`${r.pick(['created', 'updated', 'archived', 'paid'])}_at`, '_'),
        schema: ['type: string', 'format: date-time', 'readOnly: true'],
        example: r.timestamp(),
      };
    case 4: {
      const values = r.some(['draft', 'open', 'pending', 'active', 'paid', 'void', 'archived', 'failed'], r.int(2, 5));
      return {
        name: used.take('status', '_'),
        schema: ['type: string', `enum: [${values.join(', ')}]`, `default: ${values[0]}`],
        example: r.pick(values),
      };
    }
    case 5:
      return {
        name: used.take(`is_${r.pick(['default', 'archived', 'verified', 'public'])}`, '_'),
        schema: ['type: boolean', 'default: false'],
        example: r.pick(['true', 'false']),
      };
    case 6:
      return {
        name: used.take('tags', '_'),
        schema: ['type: array', 'items:', '  type: string', 'maxItems: 20', 'uniqueItems: true'],
        example: `[${r.some(TAGS, r.int(1, 3)).join(', ')}]`,
      };
    case 7:
      return { name: used.take(`${r.pick(NOUNS)}_id`, '_'), schema: ['type: string', 'format: uuid'], example: r.uuid() };
    case 8:
      return { name: used.take('ratio', '_'), schema: ['type: number', 'format: double', 'minimum: 0', 'maximum: 1'], example: r.decimal(0, 1, 3) };
    default:
      return {
        name: used.take('metadata', '_'),
        schema: [
          'type: object',
          'additionalProperties:',
          '  type: string',
          'description: >-',
          '  Free-form key/value pairs. Keys are at most 40 characters;',
          '  values at most 500.',
        ],
        example: `{source: import, batch: "${r.int(1000, 9999)}"}`,
      };
  }
}

function openApiResource(r: Rng, noun: string, paths: Lines, schemas: Lines): void {
  const Name = pascal(noun);
  const coll = plural(noun);
  const idParam = `${camel(noun)}Id`;
  const used = new UniqueNames();
  const fields: OpenApiField[] = [];
  for (let n = r.int(4, 10); n > 0; n--) {
    const f = openApiField(r, used);
    if (!/_\d+$/.test(f.name)) fields.push(f); // the same kind twice: keep the first
  }
  const tag = pascal(coll);
  const ref = (s: string) => `$ref: '#/components/schemas/${s}'`;

  paths.push(
    `/${coll.replace(/_/g, '-')}:`,
    '  get:',
    `    tags: [${tag}]`,
    `    summary: List ${coll.replace(/[-_]/g, ' ')}`,
    `    operationId: list${pascal(coll)}`,
    '    description: >-',
    `      Returns the ${coll.replace(/[-_]/g, ' ')} of the account, newest first.`,
    '      Use `page_token` to fetch the next page.',
    '    parameters:',
    "      - $ref: '#/components/parameters/PageSize'",
    "      - $ref: '#/components/parameters/PageToken'",
    '    responses:',
    "      '200':",
    `        description: A page of ${coll.replace(/[-_]/g, ' ')}.`,
    '        content:',
    '          application/json:',
    '            schema:',
    `              ${ref(`${Name}List`)}`,
    "      '401':",
    "        $ref: '#/components/responses/Unauthorized'",
    '  post:',
    `    tags: [${tag}]`,
    `    summary: Create a ${noun.replace(/[-_]/g, ' ')}`,
    `    operationId: create${Name}`,
    '    requestBody:',
    '      required: true',
    '      content:',
    '        application/json:',
    '          schema:',
    `            ${ref(`${Name}Create`)}`,
    '          examples:',
    '            minimal:',
    `              summary: Only the required fields`,
    '              value:',
    ...fields.slice(0, 2).map((f) => `                ${f.name}: ${f.example}`),
    '    responses:',
    "      '201':",
    `        description: The ${noun.replace(/[-_]/g, ' ')} was created.`,
    '        headers:',
    '          Location:',
    '            schema:',
    '              type: string',
    '        content:',
    '          application/json:',
    '            schema:',
    `              ${ref(Name)}`,
    "      '422':",
    '        description: Validation failed.',
    `/${coll.replace(/_/g, '-')}/{${idParam}}:`,
    '  parameters:',
    `    - name: ${idParam}`,
    '      in: path',
    '      required: true',
    '      schema:',
    '        type: string',
    '        format: uuid',
    '  get:',
    `    tags: [${tag}]`,
    `    summary: Get a ${noun.replace(/[-_]/g, ' ')}`,
    `    operationId: get${Name}`,
    '    responses:',
    "      '200':",
    `        description: The ${noun.replace(/[-_]/g, ' ')}.`,
    '        content:',
    '          application/json:',
    '            schema:',
    `              ${ref(Name)}`,
    '            example:',
    `              id: ${r.uuid()}`,
    ...fields.map((f) => `              ${f.name}: ${f.example}`),
    "      '404':",
    "        $ref: '#/components/responses/NotFound'",
    '  patch:',
    `    tags: [${tag}]`,
    `    summary: Update a ${noun.replace(/[-_]/g, ' ')}`,
    `    operationId: update${Name}`,
    '    requestBody:',
    '      content:',
    '        application/merge-patch+json:',
    '          schema:',
    `            ${ref(`${Name}Create`)}`,
    '    responses:',
    "      '200':",
    '        description: Updated.',
    "      '404':",
    "        $ref: '#/components/responses/NotFound'",
    '  delete:',
    `    tags: [${tag}]`,
    `    operationId: delete${Name}`,
    '    deprecated: ' + (r.chance(0.1) ? 'true' : 'false'),
    '    responses:',
    "      '204':",
    '        description: Deleted.',
  );

  schemas.push(
    `${Name}:`,
    '  type: object',
    `  description: A ${noun.replace(/[-_]/g, ' ')} of the account.`,
    `  required: [id, ${fields
      .slice(0, 2)
      .map((f) => f.name)
      .join(', ')}]`,
    '  properties:',
    '    id:',
    '      type: string',
    '      format: uuid',
    '      readOnly: true',
    ...fields.flatMap((f) => [`    ${f.name}:`, ...f.schema.map((s) => `      ${s}`)]),
    `${Name}Create:`,
    '  type: object',
    `  required: [${fields
      .slice(0, 2)
      .map((f) => f.name)
      .join(', ')}]`,
    '  properties:',
    ...fields.flatMap((f) => [`    ${f.name}:`, ...f.schema.map((s) => `      ${s}`)]),
    `${Name}List:`,
    '  type: object',
    '  properties:',
    '    data:',
    '      type: array',
    '      items:',
    `        ${ref(Name)}`,
    '    next_page_token:',
    '      type: string',
    '      nullable: true',
  );
}

function genOpenApi(r: Rng, target: number): GeneratedDocument {
  const names = new UniqueNames();
  const units: string[][] = []; // [paths entries, schemas entries] of one resource
  let bytes = Buffer.byteLength(OPENAPI_HEADER) + Buffer.byteLength(OPENAPI_COMPONENTS_HEAD);
  do {
    const noun = names.take(r.chance(0.3) ? `${r.pick(NOUNS)}_${r.pick(NOUNS)}` : r.pick(NOUNS), '_v');
    const p: Lines = [];
    const s: Lines = [];
    openApiResource(r, noun, p, s);
    const unit = [indent(p, 2).join('\n') + '\n', indent(s, 4).join('\n') + '\n'];
    units.push(unit);
    bytes += Buffer.byteLength(unit[0] ?? '') + Buffer.byteLength(unit[1] ?? '');
  } while (bytes < target);
  const assemble = (us: string[][]) => OPENAPI_HEADER + us.map((u) => u[0]).join('') + OPENAPI_COMPONENTS_HEAD + us.map((u) => u[1]).join('');
  return {
    text: assemble(units),
    chunks: (maxBytes) => groupUnits(units, maxBytes).map(assemble),
    splitAt: [['paths'], ['components', 'schemas']],
  };
}

/* ------------------------------------------------------------------------- */
/* (e) A commented configuration file with mixed scalars.                       */
/* ------------------------------------------------------------------------- */

const CONFIG_HEADER = `# =============================================================================
# Acme platform configuration
#
# Values here are defaults; each can be overridden with an environment variable
# named after its path (server.port -> ACME_SERVER_PORT).
# Durations accept s, m and h suffixes. Sizes accept KB, MB and GB.
# =============================================================================

# Schema version of this file; bump it when a key is renamed.
version: 3
environment: production   # one of: development, staging, production
release_date: 2024-03-15  # plain date: stays a string in YAML 1.2
maintainer: "platform-team@acme.example"

server:
  host: 0.0.0.0           # listen on all interfaces
  port: 8080
  # Behind the load balancer we trust X-Forwarded-* headers.
  trust_proxy: true
  max_body_size: 10MB
  read_timeout: 30s
  shutdown_grace: 25s
  tls:
    enabled: false        # TLS terminates at the ingress
    min_version: "1.2"    # quoted: 1.2 would be read as a number

logging:
  level: info             # debug | info | warn | error
  format: json
  sample_rate: 0.25
  redact: [authorization, cookie, "set-cookie", password]

# Per-service settings. Each block overrides the defaults above.
services:
`;

function configSection(r: Rng, name: string): string {
  const lines: Lines = [];
  lines.push(`# --- ${name} ${'-'.repeat(Math.max(3, 60 - name.length))}`);
  if (r.chance(0.5)) lines.push(`# Owner: ${r.pick(TEAMS)} team. Last reviewed ${r.date()}.`);
  lines.push(`${name}:`);
  lines.push(`  enabled: ${r.pick(['true', 'true', 'false'])}`);
  lines.push(`  replicas: ${r.int(1, 24)}        # scaled by the autoscaler above this`);
  lines.push(`  version: "${r.int(1, 5)}.${r.int(0, 20)}"   # quoted on purpose`);
  lines.push(`  weight: ${r.decimal(0, 1, 2)}`);
  lines.push(`  rollout_started: ${r.date()}`);
  if (r.chance(0.5)) lines.push(`  last_incident: "${r.date()}"`);
  lines.push(
    `  description: '${r.pick(['Handles', 'Serves', 'Processes', 'Aggregates'])} ${r.pick(NOUNS)} ${r.pick(['requests', 'events', 'batches', 'updates'])} for the ''${name}'' domain'`,
  );
  const blocks = r.some(['database', 'cache', 'http_client', 'retry', 'queue', 'features', 'limits', 'schedule'], r.int(2, 5));
  for (const b of blocks) {
    switch (b) {
      case 'database':
        lines.push(
          '  # Primary database. The password comes from the secret store, never from here.',
          '  database:',
          `    host: db-${r.int(1, 9)}.${r.pick(['eu-west-1', 'us-east-1', 'ap-northeast-1'])}.rds.example`,
          `    port: ${r.pick([5432, 3306, 5433])}`,
          `    name: ${name.replace(/-/g, '_')}`,
          `    pool_size: ${r.int(4, 64)}      # per replica`,
          `    statement_timeout_ms: ${r.int(1, 60) * 500}`,
          `    ssl_mode: ${r.pick(['require', 'verify-full', 'disable'])}`,
          `    password: ~               # injected at runtime`,
        );
        break;
      case 'cache':
        lines.push(
          '  cache:',
          `    backend: ${r.pick(['redis', 'memcached', 'in-memory'])}`,
          `    ttl: ${r.int(1, 120)}m`,
          `    max_entries: ${r.int(1, 500) * 1000}`,
          `    eviction: ${r.pick(['lru', 'lfu'])}   # lfu suits skewed keys better`,
          `    hit_ratio_alert: ${r.decimal(0.5, 0.99, 2)}`,
        );
        break;
      case 'http_client':
        lines.push(
          '  http_client:',
          `    base_url: "https://${r.pick(APP_WORDS)}.internal.example:${r.int(8000, 9999)}/v${r.int(1, 3)}"`,
          `    timeout: ${r.decimal(0.5, 30, 1)}      # seconds, float allowed`,
          `    keep_alive: ${r.pick(['yes', 'true', 'false'])}     # "yes" is a string in YAML 1.2!`,
          `    user_agent: "acme-${name}/${r.semver()} (+https://acme.example/bot)"`,
          `    headers:`,
          `      X-Team: ${r.pick(TEAMS)}`,
          `      Accept: application/json`,
        );
        break;
      case 'retry':
        lines.push(
          '  # Exponential backoff with full jitter.',
          '  retry:',
          `    attempts: ${r.int(1, 10)}`,
          `    initial_delay: ${r.int(50, 500)}ms`,
          `    multiplier: ${r.decimal(1.1, 3, 1)}`,
          `    max_delay: ${r.int(5, 60)}s`,
          `    retry_on: [${r.some(['502', '503', '504', 'timeout', 'connection_reset'], r.int(1, 4)).join(', ')}]`,
        );
        break;
      case 'queue':
        lines.push(
          '  queue:',
          `    topic: ${name}.${r.pick(['events', 'commands', 'dlq'])}.v${r.int(1, 4)}`,
          `    partitions: ${r.pick([3, 6, 12, 24, 48])}`,
          `    consumer_group: ${name}-consumers`,
          `    max_in_flight: ${r.int(1, 1000)}`,
          `    visibility_timeout: ${r.int(30, 900)}   # seconds`,
          `    file_mode: 0o${r.pick(['644', '640', '600'])}        # octal, YAML 1.2 style`,
        );
        break;
      case 'features':
        lines.push('  # Feature flags: rolled out gradually, see the flag service for percentages.', '  features:');
        for (const f of r.some(['new_checkout', 'fast_search', 'v2_pricing', 'dark_mode', 'audit_trail', 'bulk_export', 'sso'], r.int(2, 5))) {
          lines.push(`    ${f}: ${r.pick(['true', 'false', 'false'])}${r.chance(0.3) ? `   # since ${r.date()}` : ''}`);
        }
        break;
      case 'limits':
        lines.push(
          '  limits:',
          `    requests_per_minute: ${r.int(60, 100000)}`,
          `    burst: ${r.int(10, 500)}`,
          `    max_payload: ${r.pick(['512KB', '1MB', '5MB'])}`,
          `    cpu: ${r.decimal(0.1, 4, 2)}`,
          `    memory_limit_bytes: ${r.int(128, 8192) * 1048576}`,
          `    error_budget: ${r.pick(['1.0e-3', '5.0e-4', '1.0e-4'])}`,
        );
        break;
      default:
        lines.push(
          '  schedule:',
          `    cron: "${r.int(0, 59)} ${r.int(0, 23)} * * ${r.pick(['*', '1-5', '0'])}"`,
          `    timezone: ${r.pick(['UTC', 'Europe/Berlin', 'Asia/Tokyo'])}`,
          `    window_start: "${pad2(r.int(0, 23))}:00"`,
          `    next_run: ${r.timestamp()}`,
          `    paused: ${r.pick(['false', 'true'])}`,
        );
    }
  }
  if (r.chance(0.3))
    lines.push('  # Legacy setting kept for the migration; remove after Q3.', `  legacy_mode: ${r.pick(['null', 'false', '"auto"'])}`);
  lines.push('');
  return indent(lines, 2).join('\n') + '\n';
}

function genConfig(r: Rng, target: number): GeneratedDocument {
  const names = new UniqueNames();
  return simpleDocument(
    CONFIG_HEADER,
    fill(target, CONFIG_HEADER, () => configSection(r, names.take(appName(r)))),
    '',
    ['services'],
  );
}

/* ------------------------------------------------------------------------- */
/* (f) Data export: a long sequence of records.                                 */
/* ------------------------------------------------------------------------- */

function dataRecord(r: Rng, id: number): string {
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  const [city, country] = r.pick(CITIES);
  const email = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  const lines: Lines = [
    `- id: ${id}`,
    `  uuid: ${r.uuid()}`,
    `  name: ${last.includes("'") ? `"${first} ${last}"` : `${first} ${last}`}`,
    `  email: ${email}${r.int(1, 99)}@${r.pick(DOMAINS)}`,
    `  active: ${r.chance(0.8) ? 'true' : 'false'}`,
    `  plan: ${r.pick(['free', 'pro', 'team', 'enterprise'])}`,
    `  balance: ${r.decimal(-500, 25000, 2)}`,
    `  score: ${r.decimal(0, 1, 3)}`,
    `  logins: ${r.int(0, 5000)}`,
    `  created_at: ${r.timestamp()}`,
    `  birthday: ${r.chance(0.3) ? 'null' : r.date()}`,
    `  tags: [${r.some(TAGS, r.int(0, 3)).join(', ')}]`,
    '  address:',
    `    street: ${r.int(1, 250)} ${r.pick(STREETS)}`,
    `    city: ${city}`,
    `    postal_code: "${String(r.int(1000, 99999)).padStart(5, '0')}"`,
    `    country: ${country}`,
  ];
  if (r.chance(0.35)) {
    lines.push(
      '  orders:',
      ...Array.from({ length: r.int(1, 3) }, () =>
        [
          `    - ref: ORD-${r.int(100000, 999999)}`,
          `      total: ${r.decimal(5, 900, 2)}`,
          `      currency: ${r.pick(['EUR', 'USD', 'GBP'])}`,
          `      date: ${r.date()}`,
        ].join('\n'),
      ),
    );
  }
  if (r.chance(0.2)) {
    lines.push(
      `  notes: "Called about ticket #${r.int(1000, 9999)}: \\"${r.pick(['refund requested', 'wants invoice copy', 'moved to', 'upgrade'])}\\" – follow up"`,
    );
  }
  return lines.join('\n') + '\n';
}

function genData(r: Rng, target: number): GeneratedDocument {
  return simpleDocument(
    '',
    fill(target, '', (i) => dataRecord(r, 100001 + i)),
    '',
    [],
  );
}

/* ------------------------------------------------------------------------- */

const GENERATORS: Record<DocumentName, (r: Rng, target: number) => GeneratedDocument> = {
  'k8s-manifests': genK8s,
  'docker-compose': genCompose,
  'ci-workflow': genCi,
  openapi: genOpenApi,
  'commented-config': genConfig,
  'data-records': genData,
};

/** One corpus document, about `targetBytes` long (never less). Same arguments, same text. */
export function generateDocument(doc: DocumentName, targetBytes: number, seed: number): GeneratedDocument {
  return GENERATORS[doc](new Rng(seed), targetBytes);
}
