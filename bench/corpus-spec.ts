/** What the benchmark corpus holds: document kinds, size tiers and file names, shared by the generator and the runner. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bump when the generator's output changes, so that an old corpus is regenerated. */
export const CORPUS_VERSION = 1;

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = path.join(BENCH_DIR, 'corpus');
export const MANIFEST_PATH = path.join(CORPUS_DIR, 'manifest.json');

/** 1 MB in this benchmark = 2^20 bytes. */
export const MB = 1024 * 1024;

export const SIZE_TIERS = {
  '10k': 10 * 1024,
  '1m': MB,
  '10m': 10 * MB,
  '100m': 100 * MB,
} as const;
export type SizeTier = keyof typeof SIZE_TIERS;
export const DEFAULT_TIERS: SizeTier[] = ['10k', '1m', '10m'];

export const DOCUMENTS = [
  { name: 'k8s-manifests', stream: true, description: 'Kubernetes multi-document stream' },
  { name: 'docker-compose', stream: false, description: 'Compose file, anchors and <<: merge keys' },
  { name: 'ci-workflow', stream: false, description: 'GitHub Actions workflow, block scripts' },
  { name: 'openapi', stream: false, description: 'OpenAPI 3 document' },
  { name: 'commented-config', stream: false, description: 'configuration with many # comments' },
  { name: 'data-records', stream: false, description: 'long sequence of exported records' },
] as const;
export type DocumentName = (typeof DOCUMENTS)[number]['name'];

export function isSizeTier(s: string): s is SizeTier {
  return Object.hasOwn(SIZE_TIERS, s);
}

/** Parses `10k,1m` into tiers; throws on an unknown one. */
export function parseTiers(list: string): SizeTier[] {
  const tiers = list
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  for (const t of tiers) {
    if (!isSizeTier(t)) throw new Error(`Unknown size "${t}" (known: ${Object.keys(SIZE_TIERS).join(', ')})`);
  }
  return tiers as SizeTier[];
}

export function yamlPath(doc: DocumentName, tier: SizeTier): string {
  return path.join(CORPUS_DIR, `${doc}.${tier}.yaml`);
}

export function jsonPath(doc: DocumentName, tier: SizeTier): string {
  return path.join(CORPUS_DIR, `${doc}.${tier}.json`);
}

export interface ManifestEntry {
  doc: DocumentName;
  tier: SizeTier;
  stream: boolean;
  yamlBytes: number;
  jsonBytes: number;
}

export interface Manifest {
  version: number;
  entries: Record<string, ManifestEntry>;
}

export function entryKey(doc: DocumentName, tier: SizeTier): string {
  return `${doc}.${tier}`;
}
