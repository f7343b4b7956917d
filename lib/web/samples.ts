// The playground's sample documents: the kinds of files people convert most.
import type { PlaygroundState } from './playground-state';

export interface Sample {
  id: string;
  name: string;
  state: PlaygroundState;
}

const KUBERNETES = `# A Deployment and its Service: two documents in one stream
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27
          ports:
            - containerPort: 80
          env:
            - name: FEATURE_FLAG
              value: "on"
          resources:
            limits:
              cpu: 500m
              memory: 256Mi
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
      targetPort: 80
`;

const COMPOSE = `x-defaults: &defaults
  restart: unless-stopped
  logging:
    driver: json-file
    options:
      max-size: 10m
  environment: &env
    TZ: UTC
    LOG_LEVEL: info

services:
  api:
    <<: *defaults
    image: example/api:2.4.1
    ports:
      - "8080:8080"
    environment:
      <<: *env
      DATABASE_URL: postgres://db:5432/app
  worker:
    <<: *defaults
    image: example/worker:2.4.1
    command: ["node", "worker.js"]
  db:
    <<: *defaults
    image: postgres:16
    volumes:
      - db-data:/var/lib/postgresql/data

volumes:
  db-data: {}
`;

const COMMENTED_CONFIG = `# Service configuration
server:
  host: 0.0.0.0 # listen on every interface
  port: 8443
  # TLS is terminated here, not at the load balancer
  tls:
    cert: /etc/ssl/server.pem
    key: /etc/ssl/server.key

limits:
  # requests per minute per client
  rate: 600
  max_body: 1048576 # bytes
  timeout: 30s

# Flags that look like booleans but are strings in YAML 1.2
flags:
  country: NO
  legacy_mode: off
  build: 12345678901234567890
`;

const JSONC = `{
  // Compiler options for the web app
  "compilerOptions": {
    "target": "ES2022",
    "strict": true, // never turn this off
    "paths": {
      "@/*": ["./*"],
    },
    /* Emit nothing: the bundler builds */
    "noEmit": true,
  },
  "include": ["**/*.ts", "**/*.tsx"],
}
`;

export const SAMPLES: readonly Sample[] = [
  {
    id: 'kubernetes',
    name: 'Kubernetes manifest',
    state: {
      mode: 'convert',
      input: KUBERNETES,
      inputFormat: 'yaml',
      outputFormat: 'json',
      preserveComments: false,
      preserveAnchors: false,
    },
  },
  {
    id: 'compose',
    name: 'Compose file with anchors',
    state: {
      mode: 'convert',
      input: COMPOSE,
      inputFormat: 'yaml',
      outputFormat: 'json',
      preserveComments: false,
      preserveAnchors: false,
    },
  },
  {
    id: 'commented-config',
    name: 'Commented config',
    state: {
      mode: 'convert',
      input: COMMENTED_CONFIG,
      inputFormat: 'yaml',
      outputFormat: 'json',
      preserveComments: true,
      preserveAnchors: false,
    },
  },
  {
    id: 'jsonc',
    name: 'JSONC file (tsconfig)',
    state: {
      mode: 'convert',
      input: JSONC,
      inputFormat: 'jsonc',
      outputFormat: 'yaml',
      preserveComments: true,
      preserveAnchors: false,
    },
  },
];

export const DEFAULT_SAMPLE: Sample = SAMPLES[0]!;

export function findSample(id: string): Sample | undefined {
  return SAMPLES.find((s) => s.id === id);
}
