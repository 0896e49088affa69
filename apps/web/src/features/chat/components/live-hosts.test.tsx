import type { LiveModel } from '@khela/contract/chat';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSystemStatus } from '../../../testing/factories';
import { ok, type MockHandler } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const host = (modelId: string, name: string, active: boolean, streaming: boolean): LiveModel => ({
  modelId,
  name,
  topic: `${name}-এর আড্ডা`,
  avatarUrl: `/wps/relay/CBS_modelAvatar/${modelId}.svg`,
  active,
  streaming,
});
const MEGH = host('HOST_MEGH', 'মেঘ', true, true);
const RIMJHIM = host('HOST_RIMJHIM', 'রিমঝিম', true, false);
const NODI = host('HOST_NODI', 'নদী', false, false);
const ROSTER = [MEGH, RIMJHIM, NODI];

/** The live model list (filtered as the server does) and a focus list that follows and unfollows. */
function hostsServer(followed: string[] = []) {
  const focus = [...followed];
  const list: MockHandler = (url) => {
    const streaming = url.searchParams.get('streaming');
    return ok({ list: ROSTER.filter((m) => streaming === null || m.streaming) });
  };
  const focusList: MockHandler = () =>
    ok({ list: focus.flatMap((id) => ROSTER.filter((m) => m.modelId === id)) });
  const toggle =
    (modelId: string): MockHandler =>
    (_url, init) => {
      const at = focus.indexOf(modelId);
      if (init?.method === 'PUT' && at < 0) focus.unshift(modelId);
      if (init?.method === 'DELETE' && at >= 0) focus.splice(at, 1);
      return ok({ modelIds: focus });
    };
  return {
    focus,
    routes: {
      '/wps/relay/CBS_liveModelList': list,
      '/wps/relay/CBS_focusList': focusList,
      ...Object.fromEntries(
        ROSTER.map((m) => [`/wps/relay/CBS_focus/${m.modelId}`, toggle(m.modelId)]),
      ),
    },
  };
}

const hostsList = async () => within(await screen.findByRole('list', { name: 'লাইভ হোস্ট' }));

describe('live hosts', () => {
  it('lists the hosts with who is streaming, online or away, to a visitor too', async () => {
    const server = hostsServer();
    const { api } = renderApp('/m/liveHosts', { api: server.routes });
    const list = await hostsList();
    const rows = list.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('মেঘ');
    expect(rows[0]).toHaveTextContent('লাইভ');
    expect(rows[1]).toHaveTextContent('অনলাইন');
    expect(rows[2]).toHaveTextContent('অনুপস্থিত');
    expect(api.calls('/wps/relay/CBS_liveModelList')[0]?.searchParams.get('moduleId')).toBe('CBS3');
    // No focus list for a visitor.
    expect(screen.queryByRole('heading', { name: 'অনুসরণ করছেন' })).toBeNull();
    expect(api.calls('/wps/relay/CBS_focusList')).toHaveLength(0);
  });

  it('asks for the streaming hosts only when the filter is on', async () => {
    const server = hostsServer();
    const { api } = renderApp('/m/liveHosts', { api: server.routes });
    await hostsList();
    await userEvent.click(screen.getByRole('checkbox', { name: 'শুধু এখন লাইভে যারা' }));
    await waitFor(async () => expect((await hostsList()).getAllByRole('listitem')).toHaveLength(1));
    const last = api.calls('/wps/relay/CBS_liveModelList').at(-1)!;
    expect(last.searchParams.get('active')).toBe('1');
    expect(last.searchParams.get('streaming')).toBe('1');
  });

  it('sends a visitor who taps Follow to login', async () => {
    const { pathname } = renderApp('/m/liveHosts', { api: hostsServer().routes });
    await userEvent.click((await hostsList()).getByRole('button', { name: 'মেঘ-কে অনুসরণ করুন' }));
    await waitFor(() => expect(pathname()).toBe('/m/login'));
  });

  it('follows a host into the focus list and unfollows it again', async () => {
    const server = hostsServer(['HOST_NODI']);
    renderApp('/m/liveHosts', { session: memberSession(), api: server.routes });
    const following = within(await screen.findByRole('list', { name: 'অনুসরণ করছেন' }));
    expect(following.getAllByRole('listitem')).toHaveLength(1);
    expect(following.getByRole('button', { name: 'নদী-কে আর অনুসরণ করবেন না' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click((await hostsList()).getByRole('button', { name: 'মেঘ-কে অনুসরণ করুন' }));
    expect(await screen.findByText('আপনি মেঘ-কে অনুসরণ করছেন')).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'অনুসরণ করছেন' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    expect(server.focus).toEqual(['HOST_MEGH', 'HOST_NODI']);

    const unfollow = within(screen.getByRole('list', { name: 'অনুসরণ করছেন' })).getByRole('button', {
      name: 'নদী-কে আর অনুসরণ করবেন না',
    });
    await userEvent.click(unfollow);
    await waitFor(() => expect(server.focus).toEqual(['HOST_MEGH']));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'অনুসরণ করছেন' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('says so when the member follows nobody', async () => {
    renderApp('/m/liveHosts', { session: memberSession(), api: hostsServer().routes });
    expect(await screen.findByText(/আপনি এখনো কোনো হোস্টকে অনুসরণ করেননি/)).toBeVisible();
  });

  it('goes home while chat (CBS3) is switched off', async () => {
    const { pathname } = renderApp('/m/liveHosts', {
      api: {
        ...hostsServer().routes,
        '/wps/system/status': ok(buildSystemStatus({ flags: { CBS3: false } })),
      },
    });
    await waitFor(() => expect(pathname()).toBe('/m/home'));
  });
});
