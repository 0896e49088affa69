/** Content answers as the contract describes them: banners, notices, popups, promotions. */
import type {
  Announcement,
  AnnouncementAnswer,
  Banner,
  Popup,
  Promotion,
  PromotionCategory,
} from '@khela/contract/content';
import { STORAGE_KEYS } from '@khela/contract/constants';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { initialSessionState, useSessionStore, type SessionInfo } from '../lib/session-store';
import { mockApi, requestUrl, type MockRoutes } from './mock-api';

export const buildBanner = (id: number, overrides: Partial<Banner> = {}): Banner => {
  const title = overrides.title ?? `Banner ${id}`;
  return {
    id,
    url: `/wps/img/banner/${id}-bn-0123456789.svg`,
    groupName: 'm_home',
    title,
    link: `/m/activityDetail?id=${id}`,
    // A picture the server drew: its headline is written over it.
    caption: { headline: title, tagline: 'খেলা' },
    ...overrides,
  };
};

export const buildNotice = (id: number, overrides: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Notice ${id}`,
  content: `<p>Body of notice ${id} with <strong>bold</strong> words.</p>`,
  startDate: `2026-0${(id % 9) + 1}-15T08:00:00.000Z`,
  read: false,
  ...overrides,
});

export const buildPopup = (id: number, overrides: Partial<Popup> = {}): Popup => ({
  id,
  execution: 'B',
  title: `Popup ${id}`,
  content: `<p>Popup ${id} text</p>`,
  imageUrl: null,
  link: '/m/register',
  startDate: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const buildPromotion = (id: number, overrides: Partial<Promotion> = {}): Promotion => ({
  id,
  title: `Promotion ${id}`,
  caption: { headline: overrides.title ?? `Promotion ${id}`, tagline: 'Deposit bonus' },
  content: `<p>Terms of promotion ${id}.</p><ul><li>Minimum deposit 200</li></ul>`,
  startDate: '2026-01-05T00:00:00.000Z',
  endDate: '2026-03-31T00:00:00.000Z',
  noExpiry: 0,
  promoAnnouncementCategoryIds: [1],
  announcementImages: [{ sequence: 1, url: `/wps/img/promotion/${id}-bn-0123456789.svg` }],
  applicable: false,
  hot: false,
  bonus: null,
  ...overrides,
});

export const CATEGORIES: PromotionCategory[] = [
  { id: 1, name: 'Deposit bonus' },
  { id: 2, name: 'Slots' },
];

export const buildAnnouncements = (
  overrides: Partial<AnnouncementAnswer> = {},
): AnnouncementAnswer => ({
  banners: [buildBanner(1), buildBanner(2), buildBanner(3)],
  player: [buildNotice(1), buildNotice(2)],
  popup: [],
  promotion: [],
  hot: [],
  ...overrides,
});

/** The JSON body a fake route was sent. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** The JSON bodies of every call made to `path`. */
export function sentBodies(api: ReturnType<typeof mockApi>, path: string): unknown[] {
  return api.fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).pathname === path)
    .map(([, init]) => bodyOf(init));
}

/**
 * Renders one content component (the home page's banner, marquee, popups) with the app's
 * providers, a router and the fake server, as the lead's home screen will hold them.
 */
export function renderContent(
  ui: ReactElement,
  options: { api?: MockRoutes; session?: SessionInfo } = {},
) {
  const api = mockApi(options.api);
  if (options.session) {
    sessionStorage.setItem(STORAGE_KEYS.sessionInfo, JSON.stringify(options.session));
  }
  useSessionStore.setState(initialSessionState());
  const router = createMemoryRouter(
    [
      { path: '/m/home', element: ui },
      { path: '*', element: <p>Another screen</p> },
    ],
    { initialEntries: ['/m/home'] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, api, router, user };
}
