/** Our generic icon for each social channel type (no brand artwork). */
import type { IconName } from '../../../components/icons';
import type { SocialType } from '../api/channels';

export const CHANNEL_ICONS: Record<SocialType, IconName> = {
  TELEGRAM: 'send',
  TELEGRAM1: 'send',
  FACEBOOK: 'people',
  WHATSAPP: 'phone',
};
