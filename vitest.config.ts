import { defineConfig } from 'vitest/config';

// Four tiers (docs/testing.md): pure unit tests beside the source, service tests against real
// infrastructure, cross-service tests through the gateway, and browser tests in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contracts/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'infra/*.test.ts',
          ],
          environment: 'node',
          // CSS modules as in the build (a class map), so a test can check the classes a screen looks up.
          css: { include: [/\.module\.css$/] },
          // The generator tests build thousands of customers; a loaded 2-core machine needs the slack.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'services',
          include: ['services/*/test/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Bounded failure tests (docs/testing.md): each starts its own broker or instances.
          name: 'chaos',
          include: ['tests/chaos/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
