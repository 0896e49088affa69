/** The routes the shell links to, typed against the contract's route table. */
import type { RoutePath } from '@khela/contract/routes';

export const paths = {
  home: '/m/home',
  login: '/m/login',
  register: '/m/register',
  forget: '/m/forget',
  changePassword: '/m/changePsw',
  activity: '/m/activity',
  deposit: '/m/voucherCenter',
  withdraw: '/m/withdraw',
  feedback: '/m/feedback',
  memberHome: '/m/member/home',
  rewardCenter: '/m/rewardCenter',
  bonus: '/m/bonus',
  help: '/m/help',
  helpDetail: '/m/helpDetail',
  download: '/m/download',
  notice: '/m/notice',
  responsibleGaming: '/m/responsibleGaming',
  vipBenefits: '/m/member/benefits',
  agentLogin: '/m/agent/login',
  agentHome: '/m/agent/home',
  liveHosts: '/m/liveHosts',
} as const satisfies Record<string, RoutePath>;

/** Help centre with item `index` (0-based) opened. */
export const helpItemPath = (index: number) => `${paths.help}?i=${index}`;
export const helpDetailPath = (index: number) => `${paths.helpDetail}?i=${index}`;
