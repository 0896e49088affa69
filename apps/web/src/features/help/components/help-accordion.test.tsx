import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildHelpItems } from '../../../testing/factories';
import { failure, ok } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const items = buildHelpItems(3);
const helpApi = { '/wps/system/helpCenter': ok(items) };

describe('help centre', () => {
  it('lists the items for the player language, all closed', async () => {
    const { api } = renderApp('/m/help', { api: helpApi });
    const buttons = await screen.findAllByRole('button', { name: /^Question/ });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /Question/ })).not.toBeInTheDocument();
    const [call] = api.calls('/wps/system/helpCenter');
    expect(call?.searchParams.get('lang')).toBe('BN');
    expect(call?.searchParams.get('device')).toBe('MOBILE');
  });

  it('opens item N (0-based) when the address has ?i=N', async () => {
    renderApp('/m/help?i=1', { api: helpApi });
    const second = await screen.findByRole('button', { name: 'Question 1' });
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Question 0' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const panel = screen.getByRole('region', { name: 'Question 1' });
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent('Answer 1, first line');
    expect(panel).toHaveTextContent('Answer 1, second line');
  });

  it('opens one item at a time and keeps the address in step', async () => {
    const { user, router } = renderApp('/m/help?i=1', { api: helpApi });
    await user.click(await screen.findByRole('button', { name: 'Question 2' }));
    expect(screen.getByRole('button', { name: 'Question 2' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Question 1' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(router.state.location.search).toBe('?i=2');
    expect(screen.getByRole('button', { name: 'Question 2' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Question 2' }));
    expect(screen.getByRole('button', { name: 'Question 2' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(router.state.location.search).toBe('');
  });

  it('shows content as plain text, never as HTML', async () => {
    const tricky = [{ title: 'Markup', content: '<b>bold?</b>\n<img src=x onerror=alert(1)>' }];
    renderApp('/m/help?i=0', { api: { '/wps/system/helpCenter': ok(tricky) } });
    const panel = await screen.findByRole('region', { name: 'Markup' });
    expect(panel).toHaveTextContent('<b>bold?</b>');
    expect(panel.querySelector('b, img')).toBeNull();
  });

  it('asks again in English after the language changes', async () => {
    const { user, api } = renderApp('/m/help', { api: helpApi });
    await screen.findByRole('button', { name: 'Question 0' });
    await user.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await waitFor(() =>
      expect(api.calls('/wps/system/helpCenter').at(-1)?.searchParams.get('lang')).toBe('EN'),
    );
  });

  it('offers a retry when the list fails to load', async () => {
    const { user, api } = renderApp('/m/help', {
      api: { '/wps/system/helpCenter': failure(404, 'resource.notFound', 'পাওয়া যায়নি') },
    });
    const retry = await screen.findByRole('button', {
      name: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
    });
    api.set('/wps/system/helpCenter', ok(items));
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Question 0' })).toBeInTheDocument();
  });

  it('says so when there are no items', async () => {
    renderApp('/m/help', { api: { '/wps/system/helpCenter': ok([]) } });
    expect(await screen.findByText('এখনো কোনো সাহায্য বিষয় নেই।')).toBeVisible();
  });
});

describe('help detail', () => {
  it('shows the item ?i= points at', async () => {
    renderApp('/m/helpDetail?i=2', { api: helpApi });
    const article = within(await screen.findByRole('article'));
    expect(await article.findByRole('heading', { level: 2, name: 'Question 2' })).toBeVisible();
    expect(article.getByText(/Answer 2, second line/)).toBeVisible();
    expect(article.getByRole('link', { name: 'সব সাহায্য বিষয়' })).toHaveAttribute(
      'href',
      '/m/help',
    );
  });

  it('says when the item does not exist', async () => {
    renderApp('/m/helpDetail?i=9', { api: helpApi });
    expect(await screen.findByText('এই সাহায্য বিষয়টি পাওয়া যায়নি।')).toBeVisible();
  });
});
