import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { jsonBody } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler, type MockRoutes } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/crypto', () => import('../../../testing/fake-crypto'));

async function openMobileRegistration(api: MockRoutes = {}) {
  const view = renderApp('/m/register', { api: { ...accountsRoutes(), ...api } });
  await view.user.click(await screen.findByRole('tab', { name: 'By mobile' }));
  return view;
}

describe('SMS code', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a valid mobile number before anything is sent', async () => {
    const { user, api } = await openMobileRegistration();
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    const mobile = screen.getByLabelText('Mobile number');
    expect(mobile).toHaveFocus();
    expect(mobile).toHaveAccessibleDescription('Please enter a valid mobile number');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(mobile, '12345');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(mobile).toHaveAccessibleDescription('The mobile num is not valid');
    expect(api.calls('/wps/verification/sms/register')).toHaveLength(0);
  });

  it('runs a captcha check, sends, then counts down to the expiry time and offers it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sent: Record<string, unknown> = {};
    const { user } = await openMobileRegistration({
      '/wps/verification/sms/register': ((_url, init) => {
        sent = jsonBody(init);
        return ok({ expirationTime: Date.now() + 60_000 });
      }) satisfies MockHandler,
    });
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));

    const dialog = await screen.findByRole('dialog', { name: 'Security check' });
    const captcha = within(dialog).getByLabelText('Captcha');
    await waitFor(() => expect(captcha).toHaveFocus());
    // The spec's hint outside the login and registration forms: digits only, 1 to 16 of them.
    expect(captcha).toHaveAccessibleDescription('1–16 digits');
    await user.type(captcha, '12ab3456789012345678');
    expect(captcha).toHaveValue('1234567890123456');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('SMS sent')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toMatchObject({
      mobileNum: '01712345678',
      countryDialingCode: '+880',
      captcha: '1234567890123456',
      captchaId: expect.stringMatching(/^captcha-/),
    });
    const button = screen.getByRole('button', { name: /^Get code/ });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(/Get code \((60|59) s\)/);
    expect(screen.getByLabelText('SMS code')).toHaveFocus();

    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(button).toHaveTextContent(/Get code \((30|29) s\)/);

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('gives the security check captcha its hint in Bengali digits', async () => {
    await changeLanguage('BN');
    const { user } = renderApp('/m/register', { api: accountsRoutes() });
    await user.click(await screen.findByRole('tab', { name: 'মোবাইল দিয়ে' }));
    await user.type(screen.getByLabelText('মোবাইল নম্বর'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'কোড নিন' }));
    const dialog = await screen.findByRole('dialog', { name: 'নিরাপত্তা যাচাই' });
    expect(within(dialog).getByLabelText('ক্যাপচা')).toHaveAccessibleDescription('১–১৬ সংখ্যা');
  });

  it('keeps the dialog on a wrong captcha with a fresh picture', async () => {
    const { user, api } = await openMobileRegistration({
      '/wps/verification/sms/register': failure(400, 'captcha.invalid', 'The captcha is wrong'),
    });
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security check' });
    const before = api.calls('/wps/captcha').length;
    await user.type(within(dialog).getByLabelText('Captcha'), '9999');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    const captcha = within(dialog).getByLabelText('Captcha');
    await waitFor(() => expect(captcha).toHaveAccessibleDescription('The captcha is wrong'));
    expect(captcha).toHaveValue('');
    await waitFor(() => expect(api.calls('/wps/captcha').length).toBe(before + 1));
  });

  it('puts a refused number under the mobile field', async () => {
    const { user } = await openMobileRegistration({
      '/wps/verification/sms/register': failure(
        409,
        'member.mobileTaken',
        'This mobile number is already registered',
      ),
    });
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security check' });
    await user.type(within(dialog).getByLabelText('Captcha'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      'This mobile number is already registered',
    );
  });
});
