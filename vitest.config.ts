import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    include: ['test/**/*.test.ts', 'lib/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
