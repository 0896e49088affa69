import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, buildPromotion, CATEGORIES, sentBodies } from '../../../testing/content';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const promotions = [
  buildPromotion(1, { title: 'First deposit 70%', promoAnnouncementCategoryIds: [1] }),
  buildPromotion(2, {
    title: 'Daily slots cashback',
    promoAnnouncementCategoryIds: [2],
    applicable: true,
    content: '<p>Apply for <strong>5%</strong> back.</p>',
  }),
  buildPromotion(3, {
    title: 'Welcome bonus',
    promoAnnouncementCategoryIds: [1],
    noExpiry: 1,
    endDate: null,
  }),
];

const bonusPromotions = [
  buildPromotion(4, {
    title: '70% on your first deposit',
    bonus: {
      campaignId: '11',
      kind: 'first_deposit',
      howTo: 'Choose the 70% bonus on the deposit screen before you pay your first deposit.',
    },
  }),
  buildPromotion(5, {
    title: 'Eid gift',
    applicable: true,
    bonus: {
      campaignId: '13',
      kind: 'application',
      howTo: 'Apply below; the bonus is given when your application is approved.',
    },
  }),
];

/** The detail call answering the promotions that name a bonus. */
const bonusPromotionApi = () => ({
  ...promotionApi(),
  '/wps/promotion/detail': ((url) => {
    const found = bonusPromotions.find((p) => p.id === Number(url.searchParams.get('id')));
    return found ? ok(found) : failure(404, 'resource.notFound', 'পাওয়া যায়নি');
  }) satisfies MockHandler,
});

function promotionApi(applications: unknown[] = []) {
  const detail: MockHandler = (url) => {
    const found = promotions.find((p) => p.id === Number(url.searchParams.get('id')));
    return found ? ok(found) : failure(404, 'resource.notFound', 'পাওয়া যায়নি');
  };
  return {
    '/wps/promotion/list': ok({ categories: CATEGORIES, list: promotions }),
    '/wps/promotion/detail': detail,
    '/wps/promotion/applications': ok(applications),
  };
}

describe('promotions (/m/activity)', () => {
  it('says how to get a deposit bonus, with a way to the deposit screen', async () => {
    const { user, pathname } = renderApp('/m/activityDetail?id=4', { api: bonusPromotionApi() });
    const how = await screen.findByRole('region', { name: 'এই বোনাস কীভাবে পাবেন' });
    expect(how).toHaveTextContent(
      'Choose the 70% bonus on the deposit screen before you pay your first deposit.',
    );
    const deposit = within(how).getByRole('link', { name: 'জমা করুন' });
    expect(deposit).toHaveAttribute('href', '/m/voucherCenter');
    await user.click(deposit);
    await waitFor(() => expect(pathname()).not.toBe('/m/activityDetail'));
  });

  it('says how to get a bonus that is not a deposit one, without a deposit button', async () => {
    renderApp('/m/activityDetail?id=5', { api: bonusPromotionApi() });
    const how = await screen.findByRole('region', { name: 'এই বোনাস কীভাবে পাবেন' });
    expect(how).toHaveTextContent(
      'Apply below; the bonus is given when your application is approved.',
    );
    expect(within(how).queryByRole('link')).toBeNull();
  });

  it('has no bonus section when the promotion gives none', async () => {
    renderApp('/m/activityDetail?id=1', { api: promotionApi() });
    expect(await screen.findByRole('heading', { name: 'First deposit 70%' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'এই বোনাস কীভাবে পাবেন' })).toBeNull();
  });

  it('shows every promotion with its cover, and filters by category', async () => {
    const { user, router } = renderApp('/m/activity', { api: promotionApi() });
    const first = await screen.findByRole('link', { name: 'First deposit 70%' });
    expect(first).toHaveAttribute('href', '/m/activityDetail?id=1');
    expect(first.querySelector('img')).toHaveAttribute(
      'src',
      '/wps/img/promotion/1-bn-0123456789.svg',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    const menu = within(screen.getByRole('navigation', { name: 'প্রচারণার বিভাগ' }));
    expect(menu.getByRole('button', { name: 'সব' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(menu.getByRole('button', { name: 'Slots' }));
    expect(menu.getByRole('button', { name: 'Slots' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Daily slots cashback' })).toBeVisible();
    expect(router.state.location.search).toBe('?categoryId=2');
  });

  it("writes a drawn cover's headline and category over it; the operator's own picture keeps the title below", async () => {
    const own = buildPromotion(4, {
      title: 'Own picture',
      announcementImages: [{ sequence: 1, url: 'https://cdn.example/own.png' }],
      caption: null,
    });
    renderApp('/m/activity', {
      api: {
        ...promotionApi(),
        '/wps/promotion/list': ok({ categories: CATEGORIES, list: [promotions[0]!, own] }),
      },
    });
    const drawn = await screen.findByRole('link', { name: 'First deposit 70%' });
    // The words are text over the picture (one box with the image), not in it.
    const art = drawn.querySelector('img')!.parentElement!;
    expect(within(art).getByText('First deposit 70%')).toBeVisible();
    expect(within(art).getByText('Deposit bonus')).toBeVisible();
    const ownLink = screen.getByRole('link', { name: 'Own picture' });
    expect(ownLink.querySelector('img')!.parentElement!).not.toHaveTextContent('Own picture');
    expect(ownLink).toHaveTextContent('Own picture');
  });

  it('opens a panel to show the dates and a preview, with the long-term label', async () => {
    const { user } = renderApp('/m/activity', { api: promotionApi() });
    const toggle = await screen.findByRole('button', { name: /Welcome bonus সম্পর্কে আরও/ });
    expect(toggle).toHaveTextContent('দীর্ঘমেয়াদি');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Terms of promotion 3\. Minimum deposit 200/)).toBeVisible();
    const range = screen.getByRole('button', { name: /First deposit 70% সম্পর্কে আরও/ });
    expect(range).toHaveTextContent('৫ জানুয়ারি ২০২৬ – ৩১ মার্চ ২০২৬');
  });

  it('goes to the detail when a promotion is tapped', async () => {
    const { user, pathname } = renderApp('/m/activity', { api: promotionApi() });
    await user.click(await screen.findByRole('link', { name: 'First deposit 70%' }));
    expect(pathname()).toBe('/m/activityDetail');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'First deposit 70%' }),
    ).toBeVisible();
  });

  it('offers a retry when the list fails', async () => {
    const { user, api } = renderApp('/m/activity', {
      api: { '/wps/promotion/list': failure(404, 'resource.notFound', 'পাওয়া যায়নি') },
    });
    const retry = await screen.findByRole('button', {
      name: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
    });
    api.set('/wps/promotion/list', ok({ categories: CATEGORIES, list: promotions }));
    await user.click(retry);
    expect(await screen.findByRole('link', { name: 'Welcome bonus' })).toBeVisible();
  });
});

describe('one promotion (/m/activityDetail)', () => {
  it('shows image, title, date range and the HTML terms', async () => {
    renderApp('/m/activityDetail?id=2', { api: promotionApi() });
    const article = within(await screen.findByRole('article'));
    const title = article.getByRole('heading', { level: 2, name: 'Daily slots cashback' });
    expect(title).toBeVisible();
    // Written over the drawn cover, beside its picture.
    expect(title.closest('div')!.parentElement!.querySelector('img')).toBeInTheDocument();
    expect(article.getByText('৫ জানুয়ারি ২০২৬ – ৩১ মার্চ ২০২৬')).toBeVisible();
    expect(article.getByText('5%').tagName).toBe('STRONG');
    expect(article.getByRole('link', { name: 'আবেদন করতে লগইন করুন' })).toHaveAttribute(
      'href',
      '/m/login',
    );
  });

  it('shows the long-term label for a promotion without end, and no form where none is taken', async () => {
    renderApp('/m/activity?id=3', { api: promotionApi() });
    const article = within(await screen.findByRole('article'));
    expect(article.getByText('দীর্ঘমেয়াদি')).toBeVisible();
    expect(article.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so for a promotion that does not exist', async () => {
    renderApp('/m/activityDetail?id=99', { api: promotionApi() });
    expect(await screen.findByText('এই প্রচারণাটি আর চলছে না।')).toBeVisible();
  });

  it('lets a member apply with a remark of at most 140 characters, with a counter', async () => {
    const api = {
      ...promotionApi(),
      '/wps/promotion/apply': ((_url, init) => {
        const body = bodyOf(init) as { promotionId: number; remark: string };
        return ok({ id: 7, ...body, status: 'pending', createdAt: '2026-02-01T00:00:00.000Z' });
      }) satisfies MockHandler,
    };
    const { user, api: server } = renderApp('/m/activityDetail?id=2', {
      api,
      session: memberSession(),
    });
    const remark = await screen.findByRole('textbox', { name: 'মন্তব্য' });
    expect(remark).toHaveAttribute('maxLength', '140');
    expect(screen.getByText('০/১৪০')).toBeVisible();
    await user.type(remark, 'Bet 12345');
    expect(screen.getByText('৯/১৪০')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'আবেদন করুন' }));
    expect(await screen.findByText('আবেদন পাঠানো হয়েছে। আমরা শীঘ্রই যাচাই করব।')).toBeVisible();
    expect(sentBodies(server, '/wps/promotion/apply')).toEqual([
      { promotionId: 2, remark: 'Bet 12345' },
    ]);
  });

  it('cuts a pasted remark at 140 characters', async () => {
    const { user } = renderApp('/m/activityDetail?id=2', {
      api: promotionApi(),
      session: memberSession(),
    });
    const remark = await screen.findByRole('textbox', { name: 'মন্তব্য' });
    await user.click(remark);
    await user.paste('ক'.repeat(200));
    expect(remark).toHaveValue('ক'.repeat(140));
    expect(screen.getByText('১৪০/১৪০')).toBeVisible();
  });

  it("shows the server's answer when the member has applied already", async () => {
    const api = {
      ...promotionApi(),
      '/wps/promotion/apply': failure(
        409,
        'promotion.alreadyApplied',
        'আপনি এই প্রচারণার জন্য আগেই আবেদন করেছেন',
      ),
    };
    const { user } = renderApp('/m/activityDetail?id=2', { api, session: memberSession() });
    await user.click(await screen.findByRole('button', { name: 'আবেদন করুন' }));
    expect(await within(screen.getByRole('article')).findByRole('alert')).toHaveTextContent(
      'আপনি এই প্রচারণার জন্য আগেই আবেদন করেছেন',
    );
  });

  it('shows the status of an earlier application instead of the form', async () => {
    renderApp('/m/activityDetail?id=2', {
      api: promotionApi([
        {
          id: 3,
          promotionId: 2,
          remark: 'x',
          status: 'approved',
          createdAt: '2026-02-03T10:00:00.000Z',
        },
      ]),
      session: memberSession(),
    });
    expect(await screen.findByText(/৩ ফেব্রুয়ারি ২০২৬ তারিখে আবেদন করেছেন: অনুমোদিত/)).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('tells a trial account to use a real account', async () => {
    const { api } = renderApp('/m/activityDetail?id=2', {
      api: promotionApi(),
      session: memberSession({ type: 4 }),
    });
    expect(await screen.findByText('এই সুবিধাটি ব্যবহার করতে আসল অ্যাকাউন্টে লগইন করুন')).toBeVisible();
    await waitFor(() => expect(api.calls('/wps/promotion/detail')).toHaveLength(1));
    expect(api.calls('/wps/promotion/applications')).toHaveLength(0);
  });
});
