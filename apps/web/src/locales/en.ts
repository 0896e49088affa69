/** English UI strings. Bengali (bn.ts) must have the same keys; the type checker enforces it. */
import type { Sections } from './sections';
import { FIRST_MESSAGES } from '../lib/first-messages';

export const en = {
  common: {
    brand: 'Khela',
    close: 'Close',
    retry: 'Try again',
    loading: FIRST_MESSAGES.loading.EN,
    pleaseWait: FIRST_MESSAGES.pleaseWait.EN,
    loadFailed: FIRST_MESSAGES.loadFailed.EN,
    unknownError: FIRST_MESSAGES['system.unknown'].EN,
    notifications: 'Notifications',
    loadingPage: 'Loading page',
    pageFailed: 'This page could not be loaded.',
    reload: 'Reload',
  },
  header: {
    back: 'Back',
    menu: 'Menu',
    login: 'Login',
    register: 'Register',
    brandLink: 'Khela',
  },
  language: {
    label: 'Language',
  },
  footer: {
    label: 'Footer menu',
    home: 'Home',
    promotion: 'Promotion',
    invite: 'Invite',
    deposit: 'Deposit',
    depositBadge: '100%',
    depositBadgeDescription: '100% deposit bonus',
    member: 'Member centre',
  },
  sideMenu: {
    label: 'Main menu',
    close: 'Close menu',
    home: 'Home',
    promotion: 'Promotions',
    rewardCenter: 'Reward centre',
    invite: 'Invite friends',
    liveChat: 'Live chat',
    download: 'Download app',
  },
  referral: {
    title: 'Invite friends',
    headline: 'Invite friends, earn up to {{symbol}}7,777',
    body: 'Share Khela with your friends. You get {{symbol}}377 for every friend who signs up, up to {{symbol}}7,777 in bonuses.',
    join: 'Join now',
    terms: 'Bonus amounts are promotional. Terms apply.',
  },
  guestPrompt: {
    title: 'Trial account',
    body: 'The member centre is for real accounts. Register to open it.',
    cancel: 'Cancel',
    register: 'Register now',
  },
  placeholder: {
    note: 'This screen is not available yet. It is coming soon.',
  },
  age: {
    badge: '18+',
    notice: 'This site is for players aged 18 and over. Please play responsibly.',
  },
  system: {
    maintenanceTitle: 'Under maintenance',
    maintenanceFallback: FIRST_MESSAGES['system.maintenance'].EN,
    regionTitle: 'Service not available in your region',
    regionBody: FIRST_MESSAGES['system.ipBlocked'].EN,
    ip: 'Your IP address: {{ip}}',
  },
  downloadBar: {
    label: 'App download',
    title: 'Get the Khela app',
    subtitle: 'Opens faster, one tap to play',
    download: 'Install',
    profile: 'Install iOS profile',
    close: 'Close download bar',
    legacyTip:
      'Your iOS version is older. If the app does not install, open this site in Safari, tap Share and choose "Add to Home Screen".',
  },
  download: {
    popupTitle: 'Download the app',
    rating: 'Rated {{rating}} out of 5',
    linksTitle: 'Get the app',
    link_IOS: 'Download for iOS',
    link_Android: 'Download for Android',
    link_MOBILECONFIG: 'Install iOS profile',
    link_TELEGRAM: 'Telegram channel',
    link_FACEBOOK: 'Facebook page',
    noLinks:
      'The app file is not ready yet. You can add Khela to your home screen instead: see the guide below.',
    channelsTitle: 'Official channels',
    useSafari: FIRST_MESSAGES.useSafari.EN,
    guidesTitle: 'How to install',
    tabIos: 'iPhone',
    tabAndroid: 'Android',
    tabHome: 'Home screen',
    ios1: 'Open this page in Safari.',
    ios2: 'Tap the Share button at the bottom of the screen.',
    ios3: 'Scroll down and tap "Add to Home Screen".',
    ios4: 'Tap "Add". Khela appears on your home screen.',
    android1: 'Tap "Download for Android" to get the app file.',
    android2: 'If Android asks, allow installing apps from your browser.',
    android3: 'Open the downloaded file and tap "Install".',
    home1: 'Open the browser menu (⋮).',
    home2: 'Tap "Add to Home screen" or "Install app".',
    home3: 'Confirm. Khela then opens from your home screen like an app.',
    profileTip:
      'After installing the profile, open Settings › General › VPN & Device Management and trust it.',
    install: 'Install now',
  },
  account: {
    menu: 'Account menu',
    rank: 'VIP level',
    balance: 'Balance',
    hideBalance: 'Hide balance',
    showBalance: 'Show balance',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    refreshBalance: 'Refresh balance',
    feedback: 'Feedback',
    language: 'Language',
    logout: 'Log out',
    logoutTitle: 'Log out?',
    logoutBody: 'You will need to log in again to play.',
    cancel: 'Cancel',
  },
  help: {
    empty: 'There are no help topics yet.',
    notFound: 'This help topic was not found.',
    allTopics: 'All help topics',
  },
  // Home's first screen: the header's game menu and the banner. The other games and content
  // strings come with the code that shows them (locales/games.ts, locales/content.ts).
  games: {
    nav: 'Game categories',
    navHome: 'Home',
  },
  content: {
    loading: 'Loading',
    banners: 'Promotions',
    bannerSlide: 'Slide {{index}} of {{count}}',
    bannerDots: 'Choose a slide',
  },
} as const;

/** The shape every language must fill: same sections and keys, any text. */
export type Messages = Sections<typeof en>;
