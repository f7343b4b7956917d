/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // NEXT_DIST_DIR lets two builds of one checkout live side by side (parallel work, test runs).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // piscina starts its workers from its own files (dist/worker.js next to it): a bundled copy cannot find them.
  serverExternalPackages: ['piscina'],
};

module.exports = nextConfig;
