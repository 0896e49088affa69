import { describe, expect, it } from 'vitest';
import { carryLoginReturn, readLoginReturn, sessionEndReasonOf } from './login-return';

describe('readLoginReturn', () => {
  it('reads the screen and the game', () => {
    expect(
      readLoginReturn({
        from: '/m/slot-games?vendor=JILI',
        below: true,
        game: { nodeId: '42', gameName: 'Fortune Gems' },
      }),
    ).toEqual({
      from: '/m/slot-games?vendor=JILI',
      below: true,
      game: { nodeId: '42', gameName: 'Fortune Gems' },
    });
  });

  it('returns only to a screen of this site that is not login itself', () => {
    expect(readLoginReturn({ from: 'https://elsewhere.example/m/home' })).toEqual({});
    expect(readLoginReturn({ from: '//elsewhere.example' })).toEqual({});
    expect(readLoginReturn({ from: '/m//elsewhere.example' })).toEqual({});
    expect(readLoginReturn({ from: '/m/login?x=1', below: true })).toEqual({});
    expect(readLoginReturn({ from: '/m/register' })).toEqual({});
    expect(readLoginReturn({ from: '/m/mine' })).toEqual({ from: '/m/mine' });
  });

  it('leaves out what is malformed', () => {
    expect(readLoginReturn(null)).toEqual({});
    expect(readLoginReturn('state')).toEqual({});
    expect(readLoginReturn({ below: true, game: { nodeId: 42 }, from: 7 })).toEqual({});
  });
});

describe('sessionEndReasonOf', () => {
  it('maps data.reason of a session.expired answer, else unknown', () => {
    expect(sessionEndReasonOf({ reason: 'disabled' })).toBe('disabled');
    expect(sessionEndReasonOf({ reason: 'passwordChanged' })).toBe('passwordChanged');
    expect(sessionEndReasonOf({ reason: 'timedOut' })).toBe('timedOut');
    expect(sessionEndReasonOf({ reason: 'somethingElse' })).toBe('unknown');
    expect(sessionEndReasonOf(undefined)).toBe('unknown');
  });
});

describe('carryLoginReturn', () => {
  it('hands on the screen and the game, not the entry below', () => {
    const game = { nodeId: '42', gameName: 'Fortune Gems' };
    expect(carryLoginReturn({ from: '/m/help', below: true, game })).toEqual({
      from: '/m/help',
      game,
    });
    expect(carryLoginReturn(undefined)).toEqual({});
  });
});
