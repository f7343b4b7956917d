import type { Metadata } from 'next';
import { ApiReference } from '@/components/docs/api-reference';
import { docsFacts } from '@/lib/api/docs-facts';
import { getOpenApiDocument } from '@/lib/api/openapi';
import { services } from '@/lib/services/seam';
import { toApiReferenceView } from '@/lib/web/openapi-view';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'Every yamljson endpoint with request and response examples and every error code, from the OpenAPI document.',
};

// Rendered from the very builder that serves /api/openapi.json, so the two cannot differ; the limits
// from the constants the code enforces and this server's configuration.
export default function DocsPage() {
  return <ApiReference view={toApiReferenceView(getOpenApiDocument())} facts={docsFacts(services().config)} />;
}
