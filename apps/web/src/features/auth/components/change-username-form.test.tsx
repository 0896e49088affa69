import { IDEMPOTENCY_HEADER } from '@khela/contract/idempotency';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { accountsRoutes } from '../../../testing/accounts';
import { failure, ok, type MockHandler, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';
import { REMEMBERED_LOGIN_KEY } from '../utils/remembered-login';

const info = (account: string, canChangeUsername: boolean) =>
  ok({
    id: '9',
    nickname: null,
    account,
    regDate: '2026-01-01T00:00:00.000Z',
    toUpline: null,
    type: 0,
    clubLabel: null,
    lastLoginAt: null,
    canChangeUsername,
  });

interface Sent {
  key: string | null;
  body: unknown;
}

/** The account screen of a mobile sign-up named luckytiger27; `answer` is the change's reply. */
function openAccount(answer: (sent: Sent) => ReturnType<MockHandler>, api: MockRoutes = {}) {
  const sent: Sent[] = [];
  let account = 'luckytiger27';
  let changed = false;
  const view = renderApp('/m/myAccount/index', {
    session: memberSession({ userName: account }),
    api: {
      ...accountsRoutes(),
      '/wps/member/info': () => info(account, !changed),
      '/wps/member/username': ((_url, init) => {
        const request = {
          key: new Headers(init?.headers).get(IDEMPOTENCY_HEADER),
          body: JSON.parse(init?.body as string) as unknown,
        };
        sent.push(request);
        const reply = answer(request);
        if (reply.status === 200) {
          changed = true;
          account = (request.body as { username: string }).username;
        }
        return reply;
      }) satisfies MockHandler,
      ...api,
    },
  });
  return { ...view, sent };
}

const section = async () => within(await screen.findByRole('region', { name: 'Change username' }));

describe('change username once', () => {
  beforeEach(async () => {
    localStorage.clear();
    await changeLanguage('EN');
  });

  it('changes the generated name once; then the section says the change is used', async () => {
    localStorage.setItem(
      REMEMBERED_LOGIN_KEY,
      JSON.stringify({ method: 'username', username: 'luckytiger27', deviceToken: 'dt' }),
    );
    const { user, sent } = openAccount((request) =>
      ok({ userName: (request.body as { username: string }).username, replayed: false }),
    );
    const form = await section();
    expect(form.getByText('You can change your username once.')).toBeVisible();
    await user.type(form.getByLabelText('New username'), 'Rana77');
    await user.click(form.getByRole('button', { name: 'Save username' }));

    expect(await screen.findByText('Your username is now rana77')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ username: 'rana77' });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await form.findByText('You have used your one username change.')).toBeVisible();
    expect(form.queryByLabelText('New username')).not.toBeInTheDocument();
    // The same session under the new name: header, profile and the remembered login follow.
    expect(useSessionStore.getState().session).toMatchObject({
      userName: 'rana77',
      token: 'test-token',
    });
    expect(await within(screen.getByRole('banner')).findByText('rana77')).toBeVisible();
    expect(JSON.parse(localStorage.getItem(REMEMBERED_LOGIN_KEY)!)).toEqual({
      method: 'username',
      username: 'rana77',
      deviceToken: 'dt',
    });
  });

  it('checks the name by the registration rule before asking the server', async () => {
    const { user, sent } = openAccount(() => ok({ userName: 'x', replayed: false }));
    const form = await section();
    await user.type(form.getByLabelText('New username'), '9lives');
    await user.click(form.getByRole('button', { name: 'Save username' }));
    expect(await form.findByText('Wrong format')).toBeVisible();
    expect(form.getByLabelText('New username')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('marks a taken name on the field and keeps the change', async () => {
    const { user } = openAccount(() =>
      failure(409, 'member.usernameTaken', 'Sorry, the username already exists', {
        field: 'username',
      }),
    );
    const form = await section();
    await user.type(form.getByLabelText('New username'), 'rahim');
    await user.click(form.getByRole('button', { name: 'Save username' }));
    expect(await form.findByText('Sorry, the username already exists')).toBeVisible();
    expect(form.getByLabelText('New username')).toBeVisible();
  });

  it('sends the same key when the same name is tried again, a new one for another name', async () => {
    let calls = 0;
    const { user, sent } = openAccount(() =>
      (calls += 1) === 1
        ? failure(503, 'system.unknown', 'Unknown error')
        : failure(409, 'member.usernameTaken', 'Sorry, the username already exists'),
    );
    const form = await section();
    const field = form.getByLabelText('New username');
    const save = form.getByRole('button', { name: 'Save username' });
    await user.type(field, 'rana77');
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);
    await user.clear(field);
    await user.type(field, 'rana78');
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });

  it('says the change is used when the server refuses a second one', async () => {
    const { user } = openAccount(() =>
      failure(
        409,
        'member.usernameChangeUsed',
        'You have already changed your username once; it cannot be changed again',
      ),
    );
    const form = await section();
    await user.type(form.getByLabelText('New username'), 'rana77');
    await user.click(form.getByRole('button', { name: 'Save username' }));
    expect(
      await screen.findByText(
        'You have already changed your username once; it cannot be changed again',
      ),
    ).toBeInTheDocument();
    expect(await form.findByText('You have used your one username change.')).toBeVisible();
  });

  it('offers no change once it is used, in Bengali by default', async () => {
    await changeLanguage('BN');
    renderApp('/m/myAccount/index', {
      session: memberSession({ userName: 'rana77' }),
      api: { ...accountsRoutes(), '/wps/member/info': info('rana77', false) },
    });
    const form = within(await screen.findByRole('region', { name: 'ব্যবহারকারীর নাম বদলান' }));
    expect(
      form.getByText('ব্যবহারকারীর নাম বদলানোর একমাত্র সুযোগটি আপনি ব্যবহার করেছেন।'),
    ).toBeVisible();
    expect(form.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
