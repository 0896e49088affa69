/**
 * UI strings of the content screens in English, merged into en.ts. The Bengali ones are a module of
 * their own (content-bn.ts), so that home's first download (bn.ts) leaves the English out.
 */
import { FIRST_MESSAGES } from '../../lib/first-messages';

export const contentEn = {
  content: {
    loading: 'Loading',
    banners: 'Promotions',
    bannerSlide: 'Slide {{index}} of {{count}}',
    bannerDots: 'Choose a slide',
    marquee: 'Notices',
    marqueeAll: 'All notices',
    popupClose: 'Close',
    popupMore: 'See more',
    categories: 'Promotion categories',
    allCategories: 'All',
    noPromotions: 'There are no promotions in this category right now.',
    showMore: 'More about {{title}}',
    showLess: 'Less about {{title}}',
    viewDetails: 'View details',
    longTerm: 'Long-term',
    dateRange: '{{start}} – {{end}}',
    promotionNotFound: 'This promotion is not running any more.',
    allPromotions: 'All promotions',
    applyTitle: 'Apply for this promotion',
    remark: 'Remark',
    remarkHint: 'For example your bet number, at most {{max}} characters',
    remarkCount: '{{count}}/{{max}}',
    apply: 'Apply',
    applying: 'Sending…',
    applied: 'Application sent. We will review it soon.',
    appliedStatus: 'You applied on {{date}}: {{status}}',
    status_pending: 'under review',
    status_approved: 'approved',
    status_rejected: 'not approved',
    loginToApply: 'Log in to apply',
    trialCannotApply: FIRST_MESSAGES['member.trialForbidden'].EN,
    noNotices: 'There are no announcements yet.',
    read: 'Read',
    unread: 'Unread',
    noticeNotFound: 'This announcement was not found.',
    allNotices: 'All announcements',
  },
} as const;
