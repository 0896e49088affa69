import type { HotMatch, Video } from '@khela/contract/system';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../../testing/content';
import { ok } from '../../../testing/mock-api';
import { HomeVideos, HotMatches } from './home-extras';

const match = (overrides: Partial<HotMatch>): HotMatch => ({
  id: 'm1',
  sport: 'cricket',
  competition: 'প্রিমিয়ার টি-টোয়েন্টি',
  home: 'নদীর বাঘ',
  away: 'পাহাড়ি ঈগল',
  startsAt: '2026-03-16T08:05:00.000Z',
  status: 'upcoming',
  path: '/m/sport-games',
  ...overrides,
});

describe('hot matches on home', () => {
  it('shows live and upcoming matches that lead to the sports page', async () => {
    const { user, router } = renderContent(<HotMatches />, {
      api: {
        '/wps/system/hotMatches': ok({
          list: [match({ id: 'live', status: 'live' }), match({ id: 'next', home: 'শহরের সিংহ' })],
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'জনপ্রিয় ম্যাচ' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName('নদীর বাঘ বনাম পাহাড়ি ঈগল, প্রিমিয়ার টি-টোয়েন্টি, লাইভ');
    expect(links[0]).toHaveTextContent('ক্রিকেট · প্রিমিয়ার টি-টোয়েন্টি');
    // Dhaka time: 08:05 UTC is 14:05.
    expect(links[1]).toHaveTextContent(/শুরু .*১৪:০৫/);
    await user.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/sport-games'));
  });

  it('shows nothing while no match is published', async () => {
    const { api } = renderContent(<HotMatches />);
    await waitFor(() => expect(api.calls('/wps/system/hotMatches')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'জনপ্রিয় ম্যাচ' })).toBeNull();
  });
});

describe('videos on home', () => {
  const video = (overrides: Partial<Video>): Video => ({
    id: 'v1',
    title: 'কীভাবে জমা দেবেন',
    url: 'https://video.example/deposit',
    posterUrl: null,
    ...overrides,
  });

  it('links each https video to open in a new tab, and drops any other address', async () => {
    renderContent(<HomeVideos />, {
      api: {
        '/wps/system/videos': ok({
          list: [video({}), video({ id: 'bad', title: 'খারাপ', url: 'javascript:alert(1)' })],
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'ভিডিও' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('কীভাবে জমা দেবেন (ভিডিও, নতুন ট্যাবে খুলবে)');
    expect(links[0]).toHaveAttribute('href', 'https://video.example/deposit');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
