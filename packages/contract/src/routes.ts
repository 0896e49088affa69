/**
 * Every /m route of both specs: its title, where the back button goes and whether the footer
 * menu shows. The web router is built from this table, so a route added here is a screen there.
 */
import type { FlagName } from './flags';
import type { Localized } from './language';

export const BASE_PATH = '/m';
export const HOME_PATH = '/m/home';
export const HOME_ALIASES = ['/', '/m', '/m/', '/m/home', '/m/index', '/m/index.html'] as const;

const T = {
  home: { EN: 'Home', BN: 'হোম' },
  login: { EN: 'Login', BN: 'লগইন' },
  register: { EN: 'Register', BN: 'নিবন্ধন' },
  forget: { EN: 'Forgot password', BN: 'পাসওয়ার্ড ভুলে গেছেন' },
  changePsw: { EN: 'Change password', BN: 'পাসওয়ার্ড পরিবর্তন' },
  set: { EN: 'Personal setting', BN: 'ব্যক্তিগত সেটিং' },
  mine: { EN: 'Member center', BN: 'সদস্য কেন্দ্র' },
  myAccount: { EN: 'My account', BN: 'আমার অ্যাকাউন্ট' },
  deposit: { EN: 'Deposit', BN: 'জমা' },
  withdraw: { EN: 'Withdraw', BN: 'উত্তোলন' },
  security: { EN: 'Security center', BN: 'নিরাপত্তা কেন্দ্র' },
  depositRecords: { EN: 'Deposit records', BN: 'জমার রেকর্ড' },
  withdrawRecords: { EN: 'Withdraw records', BN: 'উত্তোলনের রেকর্ড' },
  transactions: { EN: 'Transaction records', BN: 'লেনদেনের রেকর্ড' },
  gameRecords: { EN: 'Game records', BN: 'খেলার রেকর্ড' },
  profitLoss: { EN: 'Profit and loss', BN: 'লাভ-ক্ষতি' },
  rewardCenter: { EN: 'Reward center', BN: 'পুরস্কার কেন্দ্র' },
  bonus: { EN: 'Bonuses', BN: 'বোনাস' },
  manualRebate: { EN: 'Manual rebate', BN: 'ম্যানুয়াল রিবেট' },
  uplineTransfer: { EN: 'Transfer to upline', BN: 'আপলাইনে স্থানান্তর' },
  agent: { EN: 'Agent home', BN: 'এজেন্ট হোম' },
  agentLogin: { EN: 'Agent login', BN: 'এজেন্ট লগইন' },
  salary: { EN: 'Daily salary contract', BN: 'দৈনিক বেতন চুক্তি' },
  dividend: { EN: 'Dividend contract', BN: 'লভ্যাংশ চুক্তি' },
  hourly: { EN: 'Hourly contract', BN: 'ঘণ্টাভিত্তিক চুক্তি' },
  inbox: { EN: 'Inbox', BN: 'ইনবক্স' },
  feedback: { EN: 'Feedback', BN: 'মতামত' },
  help: { EN: 'Help', BN: 'সাহায্য' },
  notice: { EN: 'Announcement', BN: 'ঘোষণা' },
  download: { EN: 'Download', BN: 'ডাউনলোড' },
  benefits: { EN: 'VIP benefits', BN: 'ভিআইপি সুবিধা' },
  activity: { EN: 'Promotion activity', BN: 'প্রচারণা' },
  gameCenter: { EN: 'Game centre', BN: 'গেম সেন্টার' },
  hotGames: { EN: 'Hot games', BN: 'জনপ্রিয় গেম' },
  sports: { EN: 'Sports games', BN: 'স্পোর্টস গেম' },
  live: { EN: 'Live casino', BN: 'লাইভ ক্যাসিনো' },
  slots: { EN: 'Slot games', BN: 'স্লট গেম' },
  fishing: { EN: 'Fishing games', BN: 'মাছ ধরার গেম' },
  poker: { EN: 'Card games', BN: 'কার্ড গেম' },
  lottery: { EN: 'Lottery', BN: 'লটারি' },
  elottery: { EN: 'E-lottery', BN: 'ই-লটারি' },
  inHouse: { EN: 'In-house games', BN: 'নিজস্ব গেম' },
  fair: { EN: 'Fairness verifier', BN: 'ন্যায্যতা যাচাই' },
  inPlay: { EN: 'In play', BN: 'চলমান খেলা' },
  providers: { EN: 'Game providers', BN: 'গেম প্রোভাইডার' },
  search: { EN: 'Search games', BN: 'গেম খুঁজুন' },
  favourites: { EN: 'My collection', BN: 'আমার সংগ্রহ' },
  chat: { EN: 'Live chat', BN: 'লাইভ চ্যাট' },
  liveHosts: { EN: 'Live hosts', BN: 'লাইভ হোস্ট' },
  responsibleGaming: { EN: 'Responsible gaming', BN: 'দায়িত্বশীল গেমিং' },
  socialSignIn: { EN: 'Sign in', BN: 'সাইন ইন' },
} as const satisfies Record<string, Localized>;

/** Which part of the product builds a screen; the shell shows a placeholder until it lands. */
export type Feature = 'shell' | 'accounts' | 'games' | 'wallet' | 'launch';

export type RouteAccess = 'member' | 'realMember';

export interface RouteInfo {
  path: string;
  title: Localized;
  feature: Feature;
  /**
   * Who may open the screen; the web router enforces it for every route, not each screen.
   * `member`: any session, a trial account too; `realMember`: a registered member (a trial
   * account is offered registration). Without a session the visitor goes to `visitorTo`.
   * Public when absent.
   */
  access?: RouteAccess;
  /** Where a visitor without a session is sent: login unless said. */
  visitorTo?: 'login' | 'home';
  /** Shown only while this white-label flag is on. */
  flag?: FlagName;
}

export const ROUTES = [
  { path: '/m/home', title: T.home, feature: 'games' },
  { path: '/m/login', title: T.login, feature: 'accounts' },
  { path: '/m/register', title: T.register, feature: 'accounts' },
  { path: '/m/register.html', title: T.register, feature: 'accounts' },
  { path: '/m/forget', title: T.forget, feature: 'accounts' },
  // The return page of a social login provider (Google, Facebook, Telegram).
  { path: '/m/social/:provider', title: T.socialSignIn, feature: 'accounts' },
  // A visitor is sent home, not to login.
  {
    path: '/m/changePsw',
    title: T.changePsw,
    feature: 'accounts',
    access: 'member',
    visitorTo: 'home',
  },
  { path: '/m/set', title: T.set, feature: 'wallet', access: 'member' },
  { path: '/m/mine', title: T.mine, feature: 'wallet', access: 'member' },
  { path: '/m/member/home', title: T.mine, feature: 'wallet', access: 'member' },
  { path: '/m/myAccount/index', title: T.myAccount, feature: 'wallet', access: 'member' },
  { path: '/m/voucherCenter', title: T.deposit, feature: 'wallet', access: 'realMember' },
  { path: '/m/withdraw', title: T.withdraw, feature: 'wallet', access: 'realMember' },
  { path: '/m/securityCenter', title: T.security, feature: 'wallet', access: 'member' },
  // Not in the spec: player protection (deposit limits, breaks, reality check).
  {
    path: '/m/responsibleGaming',
    title: T.responsibleGaming,
    feature: 'wallet',
    access: 'member',
  },
  { path: '/m/vouReport', title: T.depositRecords, feature: 'wallet', access: 'realMember' },
  { path: '/m/withdrawReport', title: T.withdrawRecords, feature: 'wallet', access: 'realMember' },
  { path: '/m/transaction/record', title: T.transactions, feature: 'wallet', access: 'realMember' },
  { path: '/m/gameRecord', title: T.gameRecords, feature: 'wallet', access: 'realMember' },
  { path: '/m/profitandloss', title: T.profitLoss, feature: 'wallet', access: 'realMember' },
  {
    path: '/m/rewardCenter',
    title: T.rewardCenter,
    feature: 'wallet',
    access: 'realMember',
    flag: 'REWCEN3',
  },
  // Not in the spec: the player's bonuses (active, queued, past), promo codes and offers
  // (docs/bonuses.md).
  { path: '/m/bonus', title: T.bonus, feature: 'wallet', access: 'member' },
  {
    path: '/m/member/manualRebate',
    title: T.manualRebate,
    feature: 'wallet',
    access: 'realMember',
  },
  // Not in the spec's route table: the member centre's upline transfer entry (shown while
  // AGETRANSFERUP3 is on); the screen comes with the agents work.
  {
    path: '/m/member/uplineTransfer',
    title: T.uplineTransfer,
    feature: 'wallet',
    access: 'realMember',
  },
  // Not in the spec's route table: the separate agent login it describes (§6).
  { path: '/m/agent/login', title: T.agentLogin, feature: 'accounts' },
  { path: '/m/agent/home', title: T.agent, feature: 'wallet', access: 'member' },
  {
    path: '/m/member/agent/getSalaryContract',
    title: T.salary,
    feature: 'wallet',
    access: 'member',
  },
  {
    path: '/m/member/agent/getDevidendContract',
    title: T.dividend,
    feature: 'wallet',
    access: 'member',
  },
  {
    path: '/m/member/agent/getHourContract',
    title: T.hourly,
    feature: 'wallet',
    access: 'member',
  },
  { path: '/m/webEmail', title: T.inbox, feature: 'wallet', access: 'member' },
  { path: '/m/feedback', title: T.feedback, feature: 'wallet', access: 'member' },
  { path: '/m/help', title: T.help, feature: 'shell' },
  { path: '/m/helpDetail', title: T.help, feature: 'shell' },
  { path: '/m/notice', title: T.notice, feature: 'games' },
  { path: '/m/noticeDetail', title: T.notice, feature: 'games' },
  { path: '/m/download', title: T.download, feature: 'shell' },
  { path: '/m/member/benefits', title: T.benefits, feature: 'wallet', access: 'member' },
  { path: '/m/activity', title: T.activity, feature: 'games' },
  { path: '/m/activityDetail', title: T.activity, feature: 'games' },
  { path: '/m/live-games', title: T.live, feature: 'games' },
  { path: '/m/slot-games', title: T.slots, feature: 'games' },
  { path: '/m/sport-games', title: T.sports, feature: 'games' },
  { path: '/m/fishing-games', title: T.fishing, feature: 'games' },
  { path: '/m/poker-games', title: T.poker, feature: 'games' },
  { path: '/m/lott', title: T.lottery, feature: 'games' },
  { path: '/m/elott', title: T.elottery, feature: 'games' },
  // Our lottery page, where the lottery launch leads (?nodeId= picks the game).
  { path: '/m/lottery', title: T.lottery, feature: 'launch' },
  { path: '/m/hot-games', title: T.hotGames, feature: 'games' },
  { path: '/m/search-games', title: T.search, feature: 'games' },
  { path: '/m/inHouse', title: T.inHouse, feature: 'games' },
  // Not in the spec: an in-house provably fair game (where a BGS launch leads) and the public
  // verifier of its rounds.
  { path: '/m/originals/:nodeId', title: T.inHouse, feature: 'launch', access: 'member' },
  { path: '/m/fair', title: T.fair, feature: 'launch' },
  { path: '/m/fav-games', title: T.favourites, feature: 'games', access: 'member' },
  { path: '/m/in-play', title: T.inPlay, feature: 'games' },
  { path: '/m/gameCenter', title: T.gameCenter, feature: 'games' },
  { path: '/m/provider', title: T.providers, feature: 'games' },
  { path: '/m/chat', title: T.chat, feature: 'games', access: 'member', flag: 'CBS3' },
  // Not in the spec's list: the chat module's live hosts (live model list and focus list, §7).
  { path: '/m/liveHosts', title: T.liveHosts, feature: 'games', flag: 'CBS3' },
] as const satisfies readonly RouteInfo[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/** The back button goes home from these screens, one page back elsewhere (spec §2, Header). */
const BACK_TO_HOME = ['login', 'register', 'activity', 'forget', 'download', 'mine'];

/** The footer menu is hidden on these screens (spec §2). */
const FOOTER_HIDDEN = [
  'login',
  'register',
  'slotsCenter',
  'gameList',
  'lottery',
  'forget',
  'changePsw',
  'app',
  'notice',
  'download',
  'activity',
  'help',
  'activityDetail',
  // Not in the spec's list (its chat was another site): the message box needs the bottom edge.
  'chat',
];

/** The last path segment without an extension: '/m/register.html' → 'register'. */
function screenName(pathname: string): string {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return last.replace(/\.html$/, '');
}

export const isHomePath = (pathname: string) =>
  (HOME_ALIASES as readonly string[]).includes(pathname);

export const backGoesHome = (pathname: string) => BACK_TO_HOME.includes(screenName(pathname));

export const footerShown = (pathname: string) => !FOOTER_HIDDEN.includes(screenName(pathname));

/**
 * The lobbies that show the header's game navigation as their one bar under the header (issue
 * 18): the category pages, hot games, providers, search and favourites. Home and the game centre
 * have a category menu of their own; forms, records and the member area are not for browsing.
 */
const GAME_NAV_SCREENS = [
  'live-games',
  'slot-games',
  'sport-games',
  'fishing-games',
  'poker-games',
  'lott',
  'elott',
  'hot-games',
  'search-games',
  'inHouse',
  'fav-games',
  'in-play',
  'provider',
];

export const gameNavShown = (pathname: string) => GAME_NAV_SCREENS.includes(screenName(pathname));

export function findRoute(pathname: string): RouteInfo | undefined {
  return (ROUTES as readonly RouteInfo[]).find((route) => route.path === pathname);
}
