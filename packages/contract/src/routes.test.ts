import { describe, expect, it } from 'vitest';
import {
  backGoesHome,
  findRoute,
  footerShown,
  gameNavShown,
  HOME_ALIASES,
  isHomePath,
  ROUTES,
} from './routes';

describe('route map', () => {
  it('holds every /m route of both specs exactly once, each titled in both languages', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const required of [
      '/m/login',
      '/m/register.html',
      '/m/member/agent/getHourContract',
      '/m/provider',
      '/m/in-play',
      '/m/noticeDetail',
    ]) {
      expect(paths).toContain(required);
    }
    for (const route of ROUTES) {
      expect(route.path.startsWith('/m/')).toBe(true);
      expect(route.title.EN.length).toBeGreaterThan(0);
      expect(route.title.BN).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('sends the back button home from login, register, activity, forget, download and mine', () => {
    for (const path of [
      '/m/login',
      '/m/register.html',
      '/m/activity',
      '/m/forget',
      '/m/download',
      '/m/mine',
    ]) {
      expect(backGoesHome(path)).toBe(true);
    }
    for (const path of ['/m/help', '/m/activityDetail', '/m/member/home', '/m/notice']) {
      expect(backGoesHome(path)).toBe(false);
    }
  });

  it('hides the footer on its screens only', () => {
    const hidden = [
      '/m/login',
      '/m/register',
      '/m/forget',
      '/m/changePsw',
      '/m/notice',
      '/m/download',
      '/m/activity',
      '/m/help',
      '/m/activityDetail',
    ];
    for (const path of hidden) expect(footerShown(path)).toBe(false);
    for (const path of [
      '/m/home',
      '/m/mine',
      '/m/noticeDetail',
      '/m/helpDetail',
      '/m/slot-games',
    ]) {
      expect(footerShown(path)).toBe(true);
    }
  });

  // One bar at most between the header and a lobby (issue 18).
  it('shows the game navigation on the lobbies without a category menu of their own', () => {
    for (const path of ['/m/slot-games', '/m/live-games', '/m/hot-games', '/m/provider']) {
      expect(gameNavShown(path)).toBe(true);
    }
    for (const path of ['/m/home', '/m/gameCenter', '/m/transaction/record', '/m/mine']) {
      expect(gameNavShown(path)).toBe(false);
    }
  });

  it('knows the home aliases', () => {
    for (const alias of HOME_ALIASES) expect(isHomePath(alias)).toBe(true);
    expect(isHomePath('/m/homes')).toBe(false);
  });

  it('declares who may open a screen, and the reward centre flag', () => {
    expect(findRoute('/m/home')?.access).toBeUndefined();
    expect(findRoute('/m/mine')?.access).toBe('member');
    expect(findRoute('/m/withdraw')?.access).toBe('realMember');
    expect(findRoute('/m/changePsw')).toMatchObject({ access: 'member', visitorTo: 'home' });
    expect(findRoute('/m/rewardCenter')?.flag).toBe('REWCEN3');
    expect(findRoute('/m/nowhere')).toBeUndefined();
  });
});
