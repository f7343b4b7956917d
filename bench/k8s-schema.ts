// A JSON Schema for the bench corpus's Kubernetes stream (bench/corpus/k8s-manifests.*.yaml), written
// for the schema benchmark (bench/schema.ts): every document of the corpus satisfies it. Shaped like
// the schemas people check manifests with: a part per kind (if/then), names by pattern, label maps,
// ports by range, container lists.

const NAME = { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 253 };
const STRING_MAP = { type: 'object', additionalProperties: { type: 'string' } };
const PORT = { type: 'integer', minimum: 1, maximum: 65535 };
const INT_OR_STRING = { type: ['integer', 'string'] };

const METADATA = {
  type: 'object',
  required: ['name'],
  properties: { name: NAME, namespace: NAME, labels: STRING_MAP, annotations: STRING_MAP },
};

const CONTAINER = {
  type: 'object',
  required: ['name', 'image'],
  properties: {
    name: NAME,
    image: { type: 'string', minLength: 1 },
    imagePullPolicy: { enum: ['Always', 'IfNotPresent', 'Never'] },
    args: { type: 'array', items: { type: 'string' } },
    command: { type: 'array', items: { type: 'string' } },
    ports: {
      type: 'array',
      items: {
        type: 'object',
        required: ['containerPort'],
        properties: { name: { type: 'string' }, containerPort: PORT, protocol: { enum: ['TCP', 'UDP', 'SCTP'] } },
      },
    },
    env: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, value: { type: 'string' }, valueFrom: { type: 'object' } },
      },
    },
    resources: { type: 'object', properties: { limits: STRING_MAP, requests: STRING_MAP } },
    volumeMounts: { type: 'array', items: { type: 'object', required: ['name', 'mountPath'] } },
  },
};

const DEPLOYMENT_SPEC = {
  type: 'object',
  required: ['selector', 'template'],
  properties: {
    replicas: { type: 'integer', minimum: 0 },
    revisionHistoryLimit: { type: 'integer', minimum: 0 },
    progressDeadlineSeconds: { type: 'integer', minimum: 1 },
    strategy: {
      type: 'object',
      properties: {
        type: { enum: ['RollingUpdate', 'Recreate'] },
        rollingUpdate: { type: 'object', properties: { maxSurge: INT_OR_STRING, maxUnavailable: INT_OR_STRING } },
      },
    },
    selector: { type: 'object', properties: { matchLabels: STRING_MAP } },
    template: {
      type: 'object',
      properties: {
        metadata: { type: 'object', properties: { labels: STRING_MAP, annotations: STRING_MAP } },
        spec: {
          type: 'object',
          required: ['containers'],
          properties: { serviceAccountName: NAME, containers: { type: 'array', minItems: 1, items: CONTAINER } },
        },
      },
    },
  },
};

const SERVICE_SPEC = {
  type: 'object',
  properties: {
    type: { enum: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'] },
    ports: {
      type: 'array',
      items: {
        type: 'object',
        required: ['port'],
        properties: { name: { type: 'string' }, port: PORT, targetPort: INT_OR_STRING, protocol: { enum: ['TCP', 'UDP', 'SCTP'] } },
      },
    },
    selector: STRING_MAP,
  },
};

const INGRESS_SPEC = {
  type: 'object',
  properties: {
    ingressClassName: { type: 'string' },
    tls: {
      type: 'array',
      items: { type: 'object', properties: { hosts: { type: 'array', items: { type: 'string', format: 'hostname' } }, secretName: NAME } },
    },
    rules: { type: 'array', items: { type: 'object', properties: { host: { type: 'string', format: 'hostname' }, http: { type: 'object' } } } },
  },
};

const HPA_SPEC = {
  type: 'object',
  required: ['scaleTargetRef', 'maxReplicas'],
  properties: {
    scaleTargetRef: {
      type: 'object',
      required: ['kind', 'name'],
      properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, name: NAME },
    },
    minReplicas: { type: 'integer', minimum: 1 },
    maxReplicas: { type: 'integer', minimum: 1 },
    metrics: { type: 'array', items: { type: 'object', required: ['type'] } },
  },
};

const kind = (name: string, then: object) => ({ if: { properties: { kind: { const: name } } }, then });

export const K8S_MANIFEST_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata'],
  properties: {
    apiVersion: { type: 'string', pattern: '^([a-z0-9.-]+/)?v[0-9]+((alpha|beta)[0-9]+)?$' },
    kind: { enum: ['Deployment', 'Service', 'ConfigMap', 'Ingress', 'HorizontalPodAutoscaler'] },
    metadata: METADATA,
    data: STRING_MAP,
  },
  allOf: [
    kind('Deployment', { required: ['spec'], properties: { spec: DEPLOYMENT_SPEC } }),
    kind('Service', { required: ['spec'], properties: { spec: SERVICE_SPEC } }),
    kind('Ingress', { properties: { spec: INGRESS_SPEC } }),
    kind('HorizontalPodAutoscaler', { required: ['spec'], properties: { spec: HPA_SPEC } }),
  ],
};

/**
 * The same schema with one rule the corpus breaks in every Deployment (at most 3 replicas): the
 * violations' case, where positions are computed (the answer is cut at 100 violations, as the API's).
 */
export const K8S_MANIFEST_SCHEMA_STRICT = {
  ...K8S_MANIFEST_SCHEMA,
  allOf: [kind('Deployment', { properties: { spec: { properties: { replicas: { maximum: 3 } } } } }), ...K8S_MANIFEST_SCHEMA.allOf],
};
