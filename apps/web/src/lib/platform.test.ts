import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from '../testing/browser';
import { detectPlatform, isLegacyIos } from './platform';

describe('platform', () => {
  it.each([
    ['iosSafari12_1', 'ios', [12, 1], true, true],
    ['iosSafari12_2', 'ios', [12, 2], true, false],
    ['iosSafari11_4', 'ios', [11, 4], true, true],
    ['iosSafari17', 'ios', [17, 4], true, false],
    ['iosChrome17', 'ios', [17, 4], false, false],
    ['iosFacebook', 'ios', [16, 0], false, false],
    ['androidChrome', 'android', null, false, false],
    ['desktopChrome', 'other', null, false, false],
  ] as const)('reads %s', (name, os, version, safari, legacy) => {
    const platform = detectPlatform(USER_AGENTS[name], 0);
    expect(platform.os).toBe(os);
    expect(platform.iosVersion).toEqual(version);
    if (os === 'ios') expect(platform.isSafari).toBe(safari);
    expect(isLegacyIos(platform)).toBe(legacy);
  });

  it('knows an iPad that says it is a Mac by its touch screen', () => {
    expect(detectPlatform(USER_AGENTS.ipadOs, 5)).toMatchObject({ os: 'ios', isSafari: true });
    expect(detectPlatform(USER_AGENTS.ipadOs, 0).os).toBe('other');
  });
});
