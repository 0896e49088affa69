/**
 * System status and the small lists the site needs before anything else. The status answer is
 * the hottest call of the site (every page load polls it), so its JSON is built once per settings
 * version and only the caller's IP is spliced in.
 */
import type { Country, HelpItem, HotMatch, SystemStatus, Video } from '@khela/contract/system';
import { HOT_MATCH_SHOWN_MS, SystemStatusCode } from '@khela/contract/system';
import type { Language } from '@khela/contract/language';
import type { Database } from '../../db/client';
import type { SettingsService } from '../settings/settings.service';
import { systemRepository } from './system.repository';

const IP_MARK = '"__CALLER_IP__"';
/**
 * Finished answers kept per template, by caller IP: a page polls from the same address, and
 * copying the bytes together costs more than the rest of the call. Emptied when full, as anyone
 * can call from many addresses.
 */
const ANSWERS_PER_TEMPLATE = 512;

interface StatusTemplate {
  version: number;
  parts: [Buffer, Buffer];
  byIp: Map<string, Buffer>;
}

export class SystemService {
  private readonly statusTemplates = new Map<Language, StatusTemplate>();

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  status(ip: string, language: Language): SystemStatus {
    const { settings, flags } = this.settings.current();
    const maintenance = settings.maintenance;
    const restricted = settings.regionRestriction && !settings.regionAllowedIps.includes(ip);
    const status = maintenance
      ? SystemStatusCode.maintenance
      : restricted
        ? SystemStatusCode.regionRestricted
        : SystemStatusCode.normal;
    return {
      status,
      info: {
        customerService: settings.customerService,
        domainRoute: settings.domainRoute,
        mobileTemplate: settings.mobileTemplate,
        paths: { api: '/wps', web: '/m', docs: '/wps/docs' },
        register: { username: true, mobile: flags.MOBILENUMREG3 },
        resources: { logo: '/m/brand/logo.svg', icon: '/m/brand/icon.svg' },
        whitelabel: flags,
        mainDomain: settings.mainDomain,
        imageCDNs: settings.imageCDNs,
        merchant: settings.merchant,
      },
      location: { ip },
      maintenance: { active: maintenance, message: settings.maintenanceMessage[language] },
      regionRestriction: { active: restricted },
    };
  }

  /**
   * The status envelope as UTF-8 bytes. Everything but the IP (and the restriction it decides)
   * is cached per settings version and language, already encoded: the answer carries Bengali
   * text, which costs more to measure and encode on every call than to copy. The answer for an
   * IP is kept until the settings move (or the template holds ANSWERS_PER_TEMPLATE of them).
   */
  statusBytes(ip: string, language: Language): Buffer {
    const { settings, version } = this.settings.current();
    if (settings.regionRestriction) {
      // The answer depends on the caller; skip the cache while the restriction is on.
      return Buffer.from(JSON.stringify({ success: true, value: this.status(ip, language) }));
    }
    let template = this.statusTemplates.get(language);
    if (!template || template.version !== version) {
      const json = JSON.stringify({ success: true, value: this.status('__CALLER_IP__', language) });
      const at = json.indexOf(IP_MARK);
      template = {
        version,
        parts: [Buffer.from(json.slice(0, at)), Buffer.from(json.slice(at + IP_MARK.length))],
        byIp: new Map(),
      };
      this.statusTemplates.set(language, template);
    }
    let bytes = template.byIp.get(ip);
    if (bytes === undefined) {
      bytes = Buffer.concat([
        template.parts[0],
        Buffer.from(JSON.stringify(ip)),
        template.parts[1],
      ]);
      if (template.byIp.size >= ANSWERS_PER_TEMPLATE) template.byIp.clear();
      template.byIp.set(ip, bytes);
    }
    return bytes;
  }

  async countries(language: Language): Promise<Country[]> {
    const rows = await systemRepository.countries(this.db);
    return rows.map((row) => ({
      countryCode: row.countryCode,
      dialingCode: row.dialingCode,
      name: language === 'EN' ? row.nameEn : row.nameBn,
    }));
  }

  async helpCenter(language: Language): Promise<HelpItem[]> {
    return systemRepository.helpItems(this.db, language);
  }

  customerService() {
    return this.settings.get('customerService');
  }

  downloads() {
    return this.settings.get('downloads');
  }

  /**
   * The operator's hot matches in the player's language: those not started and those started
   * less than HOT_MATCH_SHOWN_MS ago (live), live ones first, then by start.
   */
  hotMatches(language: Language, now = Date.now()): HotMatch[] {
    return this.settings
      .get('hotMatches')
      .map((entry): HotMatch & { at: number } => {
        const at = Date.parse(entry.startsAt);
        return {
          id: entry.id,
          sport: entry.sport,
          competition: entry.competition[language],
          home: entry.home[language],
          away: entry.away[language],
          startsAt: new Date(at).toISOString(),
          status: at <= now ? 'live' : 'upcoming',
          path: entry.path,
          at,
        };
      })
      .filter((match) => now - match.at < HOT_MATCH_SHOWN_MS)
      .sort((a, b) => (a.status === b.status ? a.at - b.at : a.status === 'live' ? -1 : 1))
      .map(({ at: _at, ...match }) => match);
  }

  /** The operator's videos in the player's language, in the operator's order. */
  videos(language: Language): Video[] {
    return this.settings.get('videos').map((entry) => ({
      id: entry.id,
      title: entry.title[language],
      url: entry.url,
      posterUrl: entry.posterUrl,
    }));
  }
}
