import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { jsonBody } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { ActiveSessions } from './active-sessions';
import { ContactsSection } from './contacts-section';
import { LoginHistory } from './login-history';
import { PasswordSection } from './password-section';
import { PaymentPasswordSection } from './payment-password-section';
import { buildSummary, PHONE_SESSION, renderSection, THIS_SESSION } from './security-test-utils';

const TOKEN = 'test-token';

describe('security centre sections', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  describe('password', () => {
    it('links to the change-password screen', async () => {
      const { user, pathname } = renderSection(<PasswordSection />);
      await user.click(await screen.findByRole('link', { name: 'Change login password' }));
      expect(pathname()).toBe('/m/changePsw');
    });
  });

  describe('payment password', () => {
    it('sets a first one after checking six digits and the confirmation', async () => {
      let sent: unknown;
      let summary = buildSummary();
      const put: MockHandler = (_url, init) => {
        sent = jsonBody(init);
        summary = buildSummary({ paymentPasswordSet: true });
        return ok({ paymentPasswordSet: true });
      };
      const { user } = renderSection(<PaymentPasswordSection token={TOKEN} />, {
        api: {
          '/wps/member/security': () => ok(summary),
          '/wps/member/payment-password': put,
        },
      });
      expect(await screen.findByText(/You have not set one yet/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Current payment password')).not.toBeInTheDocument();

      await user.type(screen.getByLabelText('Login password'), 'Sundarban-Tiger-42');
      await user.type(screen.getByLabelText('New payment password'), '12ab');
      await user.type(screen.getByLabelText('Confirm new payment password'), '1234');
      await user.click(screen.getByRole('button', { name: 'Set payment password' }));
      expect(screen.getByLabelText('New payment password')).toHaveAccessibleDescription(
        'At least 6 characters',
      );
      expect(screen.getByLabelText('Confirm new payment password')).toHaveAccessibleDescription(
        'Confirmation password not matched',
      );
      expect(sent).toBeUndefined();

      await user.clear(screen.getByLabelText('New payment password'));
      await user.type(screen.getByLabelText('New payment password'), '246810');
      await user.clear(screen.getByLabelText('Confirm new payment password'));
      await user.type(screen.getByLabelText('Confirm new payment password'), '246810');
      await user.click(screen.getByRole('button', { name: 'Set payment password' }));
      expect(await screen.findByText('Your payment password is saved.')).toBeInTheDocument();
      expect(sent).toEqual({
        password: 'Sundarban-Tiger-42',
        newPaymentPassword: '246810',
        confirmPaymentPassword: '246810',
      });
      // Now set: the form asks for the current one.
      expect(await screen.findByLabelText('Current payment password')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Change payment password' })).toBeInTheDocument();
    });

    it('marks a wrong old payment password with the tries left', async () => {
      const { user } = renderSection(<PaymentPasswordSection token={TOKEN} />, {
        api: {
          '/wps/member/security': ok(buildSummary({ paymentPasswordSet: true })),
          '/wps/member/payment-password': failure(
            403,
            'wallet.paymentPasswordWrong',
            'The payment password is wrong',
            { triesLeft: 3 },
          ),
        },
      });
      await user.type(await screen.findByLabelText('Login password'), 'Sundarban-Tiger-42');
      await user.type(screen.getByLabelText('Current payment password'), '111111');
      await user.type(screen.getByLabelText('New payment password'), '135790');
      await user.type(screen.getByLabelText('Confirm new payment password'), '135790');
      await user.click(screen.getByRole('button', { name: 'Change payment password' }));
      const old = screen.getByLabelText('Current payment password');
      await waitFor(() =>
        expect(old).toHaveAccessibleDescription('The payment password is wrong 3 tries left'),
      );
      expect(old).toHaveValue('');
      expect(old).toHaveFocus();
    });

    it('marks a wrong login password', async () => {
      const { user } = renderSection(<PaymentPasswordSection token={TOKEN} />, {
        api: {
          '/wps/member/security': ok(buildSummary()),
          '/wps/member/payment-password': failure(
            403,
            'wallet.reauthFailed',
            'The login password is wrong; please enter your current login password',
            { triesLeft: 4 },
          ),
        },
      });
      await user.type(await screen.findByLabelText('Login password'), 'wrong-password');
      await user.type(screen.getByLabelText('New payment password'), '246810');
      await user.type(screen.getByLabelText('Confirm new payment password'), '246810');
      await user.click(screen.getByRole('button', { name: 'Set payment password' }));
      await waitFor(() =>
        expect(screen.getByLabelText('Login password')).toHaveAccessibleDescription(
          'The login password is wrong; please enter your current login password 4 tries left',
        ),
      );
    });
  });

  describe('bound mobile and e-mail', () => {
    it('shows them masked and says how to change them', async () => {
      renderSection(<ContactsSection token={TOKEN} />, {
        api: { '/wps/member/security': ok(buildSummary({ email: null })) },
      });
      const section = await screen.findByRole('region', { name: 'Bound mobile and e-mail' });
      expect(await within(section).findByText('+880 17••••5678')).toBeInTheDocument();
      expect(within(section).getByText('Not bound')).toBeInTheDocument();
      expect(within(section).getByText(/contact customer service/)).toBeInTheDocument();
    });

    it('reads in Bengali', async () => {
      await changeLanguage('BN');
      renderSection(<ContactsSection token={TOKEN} />, {
        api: { '/wps/member/security': ok(buildSummary({ mobile: null })) },
      });
      expect(await screen.findByRole('region', { name: 'যুক্ত মোবাইল ও ইমেইল' })).toBeInTheDocument();
      expect(await screen.findByText('যুক্ত নেই')).toBeInTheDocument();
    });
  });

  describe('login history', () => {
    it('lists the attempts with device, address and outcome', async () => {
      renderSection(<LoginHistory token={TOKEN} />, {
        api: { '/wps/member/security': ok(buildSummary()) },
      });
      const list = await screen.findByRole('list', { name: 'Login history' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Chrome on Android');
      expect(items[0]).toHaveTextContent('203.0.113.•');
      expect(items[0]).toHaveTextContent('Logged in');
      expect(items[1]).toHaveTextContent('Unknown device');
      expect(items[1]).toHaveTextContent('Failed');
    });

    it('says when there are none', async () => {
      renderSection(<LoginHistory token={TOKEN} />, {
        api: { '/wps/member/security': ok(buildSummary({ loginHistory: [] })) },
      });
      expect(await screen.findByText('No logins yet.')).toBeInTheDocument();
    });
  });

  describe('active sessions', () => {
    it('marks this device and ends another session', async () => {
      let summary = buildSummary();
      const ended: string[] = [];
      const { user } = renderSection(<ActiveSessions token={TOKEN} />, {
        api: {
          '/wps/member/security': () => ok(summary),
          [`/wps/member/sessions/${PHONE_SESSION}`]: (_url, init) => {
            ended.push(init?.method ?? '');
            summary = buildSummary({ sessions: summary.sessions.filter((s) => s.current) });
            return ok({ ended: 1, currentEnded: false });
          },
        },
      });
      const list = await screen.findByRole('list', { name: 'Active sessions' });
      const [mine, phone] = within(list).getAllByRole('listitem');
      expect(mine).toHaveTextContent('This device');
      expect(mine).toHaveTextContent('Firefox on Windows');
      expect(phone).not.toHaveTextContent('This device');

      await user.click(
        screen.getByRole('button', { name: 'End the session on Chrome on Android' }),
      );
      expect(await screen.findByText('The session is ended.')).toBeInTheDocument();
      expect(ended).toEqual(['DELETE']);
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
      expect(screen.getByText('No other device is logged in.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull();
    });

    it('ends all other sessions', async () => {
      let posted = false;
      const { user } = renderSection(<ActiveSessions token={TOKEN} />, {
        api: {
          '/wps/member/security': () =>
            ok(
              posted
                ? buildSummary({ sessions: buildSummary().sessions.filter((s) => s.current) })
                : buildSummary(),
            ),
          '/wps/member/sessions/end-others': (_url, init) => {
            posted = init?.method === 'POST';
            return ok({ ended: 1, currentEnded: false });
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'End all other sessions' }));
      expect(await screen.findByText('Other sessions ended: 1.')).toBeInTheDocument();
      expect(posted).toBe(true);
      expect(await screen.findByText('No other device is logged in.')).toBeInTheDocument();
    });

    it('logs out here after ending this device', async () => {
      const { user, pathname } = renderSection(<ActiveSessions token={TOKEN} />, {
        api: {
          '/wps/member/security': ok(buildSummary()),
          [`/wps/member/sessions/${THIS_SESSION}`]: ok({ ended: 1, currentEnded: true }),
        },
      });
      await user.click(
        await screen.findByRole('button', { name: 'End the session on this device' }),
      );
      await waitFor(() => expect(pathname()).toBe('/m/login'));
      expect(useSessionStore.getState().session).toBeNull();
      expect(screen.getByText('You ended this session. Please log in again.')).toBeInTheDocument();
    });
  });
});
