// The playground's sample JSON Schemas: subsets of the files people check most, written for this
// project (not copied from the official schemas), small enough to read in the schema pane.

export interface SchemaSample {
  id: string;
  name: string;
  /** The schema's JSON text, as the pane shows it and the request sends it. */
  text: string;
}

const NAME = { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 63 };

const KUBERNETES_DEPLOYMENT = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Kubernetes Deployment (subset)',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'apps/v1' },
    kind: { const: 'Deployment' },
    metadata: {
      type: 'object',
      required: ['name'],
      properties: { name: NAME, namespace: NAME, labels: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    spec: {
      type: 'object',
      required: ['selector', 'template'],
      properties: {
        replicas: { type: 'integer', minimum: 0 },
        selector: { type: 'object' },
        template: {
          type: 'object',
          properties: {
            spec: {
              type: 'object',
              required: ['containers'],
              properties: {
                containers: {
                  type: 'array',
                  minItems: 1,
                  items: {
                    type: 'object',
                    required: ['name', 'image'],
                    additionalProperties: false,
                    properties: {
                      name: NAME,
                      image: { type: 'string', minLength: 1 },
                      ports: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['containerPort'],
                          properties: { containerPort: { type: 'integer', minimum: 1, maximum: 65535 }, protocol: { enum: ['TCP', 'UDP', 'SCTP'] } },
                        },
                      },
                      env: {
                        type: 'array',
                        items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, value: { type: 'string' } } },
                      },
                      resources: { type: 'object' },
                      args: { type: 'array', items: { type: 'string' } },
                      command: { type: 'array', items: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const GITHUB_WORKFLOW = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'GitHub Actions workflow (subset)',
  type: 'object',
  required: ['on', 'jobs'],
  properties: {
    name: { type: 'string' },
    on: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }] },
    jobs: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' },
      additionalProperties: {
        type: 'object',
        required: ['runs-on', 'steps'],
        properties: {
          'runs-on': { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          'timeout-minutes': { type: 'integer', minimum: 1 },
          steps: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, uses: { type: 'string' }, run: { type: 'string' }, with: { type: 'object' } },
              oneOf: [{ required: ['uses'] }, { required: ['run'] }],
            },
          },
        },
      },
    },
  },
};

const COMPOSE = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Compose file (subset)',
  type: 'object',
  required: ['services'],
  properties: {
    services: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          image: { type: 'string' },
          build: { type: ['string', 'object'] },
          ports: { type: 'array', items: { type: ['string', 'integer'], pattern: '^[0-9.:-]+(/(tcp|udp))?$' } },
          environment: { type: ['object', 'array'] },
          restart: { enum: ['no', 'always', 'on-failure', 'unless-stopped'] },
          depends_on: { type: ['array', 'object'] },
        },
        anyOf: [{ required: ['image'] }, { required: ['build'] }],
      },
    },
    volumes: { type: 'object' },
    networks: { type: 'object' },
  },
};

const json = (schema: object) => `${JSON.stringify(schema, null, 2)}\n`;

export const SCHEMA_SAMPLES: readonly SchemaSample[] = [
  { id: 'kubernetes-deployment', name: 'Kubernetes Deployment', text: json(KUBERNETES_DEPLOYMENT) },
  { id: 'github-workflow', name: 'GitHub Actions workflow', text: json(GITHUB_WORKFLOW) },
  { id: 'compose', name: 'Compose file', text: json(COMPOSE) },
];
