/** The demo data as the suites seed it: the demo game vendor's page is never opened by them. */
import type { DemoSeedOptions } from '../src/demo-seeders';

export const TEST_DEMO_SEED: DemoSeedOptions = {
  demoVendor: {
    secret: 'test-demo-vendor-secret-0123456789abcdef',
    launchUrl: 'http://127.0.0.1:4318/demo-vendor/play',
  },
  sportsbook: {
    secret: 'test-sportsbook-vendor-secret-0123456789abcdef',
    launchUrl: 'http://127.0.0.1:4318/sportsbook/play',
  },
};
