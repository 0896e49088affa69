import { STORAGE_KEYS } from '@khela/contract/constants';
import type { CustomerServiceEntry, DomainEntry } from '@khela/contract/settings';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Notifications } from '../../../components/notifications';
import { createQueryClient } from '../../../lib/query-client';
import { initialSessionState, useSessionStore, type SessionInfo } from '../../../lib/session-store';
import { buildDownloadLink } from '../../../testing/factories';
import { failure, mockApi, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession } from '../../../testing/render-app';
import { ContactPanel } from './contact-panel';
import { ServiceWidget } from './service-widget';

/** The widget or panel on a page of its own, with the pages it may lead to. */
function renderOnPage(
  ui: ReactNode,
  options: { api?: MockRoutes; session?: SessionInfo; path?: string } = {},
) {
  const api = mockApi(options.api);
  if (options.session) {
    sessionStorage.setItem(STORAGE_KEYS.sessionInfo, JSON.stringify(options.session));
  }
  useSessionStore.setState(initialSessionState());
  const router = createMemoryRouter(
    [
      { path: '/m/home', element: ui },
      { path: '/m/login', element: <h1>Login screen</h1> },
      { path: '/m/chat', element: <h1>Chat screen</h1> },
      { path: '/m/feedback', element: <h1>Feedback screen</h1> },
    ],
    { initialEntries: [options.path ?? '/m/home'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { api, router, user };
}

const SERVICE = 'গ্রাহক সেবা';
const entries: CustomerServiceEntry[] = [
  { title: 'Live chat', path: '/m/chat', csType: 'LIVECHAT', resourceType: 'LIVECHAT' },
  { title: 'Telegram', path: 'https://t.me/support', csType: 'TELEGRAM', resourceType: 'SOCIAL' },
  { title: 'TG 2', path: 'https://t.me/support2', csType: 'TELEGRAM1', resourceType: 'SOCIAL' },
  { title: 'FB', path: 'https://facebook.com/page', csType: 'FACEBOOK', resourceType: 'SOCIAL' },
  { title: 'WA', path: 'javascript:alert(1)', csType: 'WHATSAPP', resourceType: 'SOCIAL' },
  { title: 'WA', path: 'https://wa.me/8801700000000', csType: 'WHATSAPP', resourceType: 'SOCIAL' },
];

describe('service widget', () => {
  it('shows the unread count on the button, 99+ above 99', async () => {
    const { api } = renderOnPage(<ServiceWidget chatEnabled />, {
      session: memberSession(),
      api: { '/wps/relay/CBS_unreadCount': ok({ unReadCount: 120 }) },
    });
    const button = await screen.findByRole('button', { name: `${SERVICE}, ৯৯+টি অপঠিত` });
    expect(button).toHaveTextContent('৯৯+');
    expect(api.calls('/wps/relay/CBS_unreadCount')[0]?.searchParams.get('moduleId')).toBe('CBS3');
  });

  it('shows the exact count up to 99', async () => {
    renderOnPage(<ServiceWidget chatEnabled />, {
      session: memberSession(),
      api: { '/wps/relay/CBS_unreadCount': ok({ unReadCount: 99 }) },
    });
    expect(await screen.findByRole('button', { name: `${SERVICE}, ৯৯টি অপঠিত` })).toHaveTextContent(
      /^৯৯$/,
    );
  });

  it('has no badge when nothing is unread', async () => {
    const { api } = renderOnPage(<ServiceWidget chatEnabled />, { session: memberSession() });
    await waitFor(() => expect(api.calls('/wps/relay/CBS_unreadCount')).toHaveLength(1));
    expect(screen.getByRole('button', { name: SERVICE })).toHaveTextContent(/^$/);
  });

  it.each([
    ['logged out', undefined, true],
    ['a guest (type 4)', memberSession({ type: 4 }), true],
    ['a member while CBS3 is off', memberSession(), false],
  ])('never asks for the count when %s', async (_name, session, chatEnabled) => {
    const { api, user } = renderOnPage(<ServiceWidget chatEnabled={chatEnabled} />, { session });
    await user.click(await screen.findByRole('button', { name: SERVICE }));
    await screen.findByRole('dialog', { name: SERVICE });
    await waitFor(() => expect(api.calls('/wps/system/customerService')).toHaveLength(1));
    expect(api.calls('/wps/relay/CBS_unreadCount')).toHaveLength(0);
  });

  it('asks once for several badges on the page', async () => {
    const { api } = renderOnPage(
      <>
        <ServiceWidget chatEnabled />
        <ServiceWidget chatEnabled />
      </>,
      { session: memberSession(), api: { '/wps/relay/CBS_unreadCount': ok({ unReadCount: 2 }) } },
    );
    expect(await screen.findAllByRole('button', { name: `${SERVICE}, ২টি অপঠিত` })).toHaveLength(2);
    expect(api.calls('/wps/relay/CBS_unreadCount')).toHaveLength(1);
  });

  it('lists live chat and the safe social links, opening in a new tab', async () => {
    const { user } = renderOnPage(<ServiceWidget chatEnabled />, {
      session: memberSession(),
      api: {
        '/wps/system/customerService': ok(entries),
        '/wps/relay/CBS_unreadCount': ok({ unReadCount: 1 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: `${SERVICE}, ১টি অপঠিত` }));
    const sheet = within(await screen.findByRole('dialog', { name: SERVICE }));
    expect(sheet.getByRole('button', { name: /লাইভ চ্যাট.*১টি অপঠিত/ })).toBeVisible();
    expect(await sheet.findByRole('link', { name: 'টেলিগ্রাম' })).toHaveAttribute(
      'href',
      'https://t.me/support',
    );
    expect(sheet.getByRole('link', { name: 'টেলিগ্রাম (দ্বিতীয় চ্যানেল)' })).toHaveAttribute(
      'href',
      'https://t.me/support2',
    );
    expect(sheet.getByRole('link', { name: 'ফেসবুক' })).toHaveAttribute('target', '_blank');
    // The javascript: entry is dropped; the safe WhatsApp one stays.
    const whatsapp = sheet.getAllByRole('link', { name: 'হোয়াটসঅ্যাপ' });
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]).toHaveAttribute('href', 'https://wa.me/8801700000000');
    // The social links and the way to the live hosts.
    expect(sheet.getByRole('link', { name: /লাইভ হোস্ট/ })).toHaveAttribute('href', '/m/liveHosts');
    expect(sheet.getAllByRole('link')).toHaveLength(5);
  });

  it('has no live chat entry while CBS3 is off', async () => {
    const { user } = renderOnPage(<ServiceWidget chatEnabled={false} />, {
      session: memberSession(),
      api: { '/wps/system/customerService': ok(entries) },
    });
    await user.click(await screen.findByRole('button', { name: SERVICE }));
    const sheet = within(await screen.findByRole('dialog', { name: SERVICE }));
    await sheet.findByRole('link', { name: 'টেলিগ্রাম' });
    expect(sheet.queryByRole('button', { name: /লাইভ চ্যাট/ })).not.toBeInTheDocument();
    expect(sheet.queryByRole('link', { name: /লাইভ হোস্ট/ })).not.toBeInTheDocument();
  });

  it('sends a logged-out player to login from live chat', async () => {
    const { user, router, api } = renderOnPage(<ServiceWidget chatEnabled />);
    await user.click(await screen.findByRole('button', { name: SERVICE }));
    await user.click(await screen.findByRole('button', { name: /লাইভ চ্যাট/ }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/m/login');
    expect(api.calls('/wps/relay/CBS_launchChat')).toHaveLength(0);
  });

  it('launches the chat for a member and goes to the chat page, with the way back', async () => {
    const { user, router, api } = renderOnPage(<ServiceWidget chatEnabled />, {
      session: memberSession(),
      path: '/m/home?tab=HOT',
      api: {
        '/wps/relay/CBS_launchChat': ok({
          chatUrl: '/m/chat?backUrl=%2Fm%2Fhome%3Ftab%3DHOT&language=BN',
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: SERVICE }));
    await user.click(await screen.findByRole('button', { name: /লাইভ চ্যাট/ }));
    expect(await screen.findByRole('heading', { name: 'Chat screen' })).toBeVisible();
    expect(router.state.location.search).toBe('?backUrl=%2Fm%2Fhome%3Ftab%3DHOT&language=BN');
    const [call] = api.calls('/wps/relay/CBS_launchChat');
    expect(call?.searchParams.get('b2c')).toBe('1');
    expect(call?.searchParams.get('backUrl')).toBe('/m/home?tab=HOT');
    expect(call?.searchParams.get('language')).toBe('BN');
  });

  it('tells a guest to use a real account instead of launching', async () => {
    const { user, api } = renderOnPage(<ServiceWidget chatEnabled />, {
      session: memberSession({ type: 4 }),
    });
    await user.click(await screen.findByRole('button', { name: SERVICE }));
    await user.click(await screen.findByRole('button', { name: /লাইভ চ্যাট/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'এই সুবিধাটি ব্যবহার করতে আসল অ্যাকাউন্টে লগইন করুন',
    );
    expect(api.calls('/wps/relay/CBS_launchChat')).toHaveLength(0);
  });

  it('shows the server’s reason when the chat cannot open, and stays', async () => {
    const { user, router } = renderOnPage(<ServiceWidget chatEnabled />, {
      session: memberSession(),
      api: {
        '/wps/relay/CBS_launchChat': failure(403, 'feature.disabled', 'সুবিধাটি বন্ধ আছে'),
      },
    });
    await user.click(await screen.findByRole('button', { name: SERVICE }));
    await user.click(await screen.findByRole('button', { name: /লাইভ চ্যাট/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('সুবিধাটি বন্ধ আছে');
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('refuses a chat address that leaves the site', async () => {
    const { user, router } = renderOnPage(<ServiceWidget chatEnabled />, {
      session: memberSession(),
      api: { '/wps/relay/CBS_launchChat': ok({ chatUrl: '//evil.example/m/chat' }) },
    });
    await user.click(await screen.findByRole('button', { name: SERVICE }));
    await user.click(await screen.findByRole('button', { name: /লাইভ চ্যাট/ }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(router.state.location.pathname).toBe('/m/home');
  });
});

describe('promo and contact panel', () => {
  const domains: DomainEntry[] = [
    { domainName: 'play.khela.example', rootDomainName: 'khela.example' },
    { domainName: 'javascript:alert(1)', rootDomainName: 'x' },
    { domainName: 'M.Khela.Example', rootDomainName: 'khela.example' },
  ];

  it('lists official channels, alternative entrances and comments and suggestions', async () => {
    const { user, router } = renderOnPage(<ContactPanel domains={domains} />, {
      api: {
        '/wps/system/customerService': ok(entries),
        '/wps/system/download': ok([
          buildDownloadLink('TELEGRAM', 'https://t.me/support'),
          buildDownloadLink('FACEBOOK', 'https://facebook.com/official'),
          buildDownloadLink('Android', 'https://example.test/app.apk'),
        ]),
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'প্রচারণা ও যোগাযোগ' }));
    const channels = within(panel.getByRole('region', { name: 'অফিসিয়াল চ্যানেল' }));
    expect(await channels.findByRole('link', { name: 'টেলিগ্রাম চ্যানেল' })).toHaveAttribute(
      'href',
      'https://t.me/support',
    );
    // The download list's Telegram link is the same address: listed once.
    expect(channels.getAllByRole('link', { name: 'টেলিগ্রাম চ্যানেল' })).toHaveLength(1);
    expect(
      channels.getAllByRole('link', { name: 'ফেসবুক পেজ' }).map((a) => a.getAttribute('href')),
    ).toEqual(['https://facebook.com/page', 'https://facebook.com/official']);
    expect(channels.queryByRole('link', { name: /apk|Android/ })).not.toBeInTheDocument();

    const entrances = within(panel.getByRole('region', { name: 'বিকল্প প্রবেশপথ' }));
    expect(entrances.getByRole('link', { name: 'play.khela.example' })).toHaveAttribute(
      'href',
      'https://play.khela.example/',
    );
    expect(entrances.getByRole('link', { name: 'M.Khela.Example' })).toHaveAttribute(
      'href',
      'https://m.khela.example/',
    );
    expect(entrances.getAllByRole('link')).toHaveLength(2);

    await user.click(panel.getByRole('link', { name: /মন্তব্য ও পরামর্শ/ }));
    expect(await screen.findByRole('heading', { name: 'Feedback screen' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/m/feedback');
  });

  it('says so when there are no channels or entrances', async () => {
    const { api } = renderOnPage(<ContactPanel domains={[]} />);
    expect(await screen.findByText('এখনও কোনো বিকল্প প্রবেশপথ নেই।')).toBeVisible();
    await waitFor(() => expect(api.calls('/wps/system/download')).toHaveLength(1));
    expect(await screen.findByText('এখনও কোনো অফিসিয়াল চ্যানেল নেই।')).toBeVisible();
  });
});
