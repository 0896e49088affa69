/** "Chrome on Android" in the player's language from the server's browser and system names. */
import '../strings';
import type { Device } from '@khela/contract/security';
import type { TFunction } from 'i18next';

export function deviceName(device: Device, t: TFunction): string {
  if (!device.browser && !device.os) return t('security.unknownDevice');
  return t('security.device', {
    browser: device.browser ?? t('security.unknownBrowser'),
    os: device.os ?? t('security.unknownOs'),
  });
}
