// A 200 JSON response; API answers are never cached.
export function jsonResponse(body: unknown, headers?: Record<string, string>): Response {
  return Response.json(body, { headers: { 'Cache-Control': 'no-store', ...headers } });
}
