/** Server answers as the contract describes them, with overrides per test. */
import { defaultWhitelabel, type FlagName } from '@khela/contract/flags';
import type { HelpItem, SystemStatus } from '@khela/contract/system';
import type { DownloadLink } from '@khela/contract/settings';

type StatusOverrides = Partial<Omit<SystemStatus, 'info'>> & {
  flags?: Partial<Record<FlagName, boolean>>;
  currencySymbol?: string;
};

export function buildSystemStatus(overrides: StatusOverrides = {}): SystemStatus {
  const { flags, currencySymbol, ...rest } = overrides;
  const whitelabel = defaultWhitelabel();
  for (const [name, on] of Object.entries(flags ?? {})) {
    if (on !== undefined) whitelabel[name as FlagName] = on;
  }
  return {
    status: 0,
    info: {
      customerService: [],
      domainRoute: [],
      mobileTemplate: { mem_cen: 1, dep_func: 1 },
      paths: {},
      register: { username: true, mobile: true },
      resources: {},
      whitelabel,
      mainDomain: 'localhost',
      imageCDNs: [],
      merchant: {
        code: 'KHELA',
        name: 'Khela Demo',
        currency: 'BDT',
        currencySymbol: currencySymbol ?? '৳',
      },
    },
    location: { ip: '203.0.113.7' },
    maintenance: { active: false, message: '' },
    regionRestriction: { active: false },
    ...rest,
  };
}

export const maintenanceStatus = (message: string) =>
  buildSystemStatus({ status: 1, maintenance: { active: true, message } });

export const regionBlockedStatus = () =>
  buildSystemStatus({ status: 2, regionRestriction: { active: true } });

export function buildHelpItems(count = 3): HelpItem[] {
  return Array.from({ length: count }, (_, index) => ({
    title: `Question ${index}`,
    content: `Answer ${index}, first line\nAnswer ${index}, second line`,
  }));
}

export const buildDownloadLink = (
  resourceType: DownloadLink['resourceType'],
  url = `https://example.test/${resourceType.toLowerCase()}`,
): DownloadLink => ({ resourceType, url, labelNameEn: resourceType });
