import { beforeEach, describe, expect, it } from 'vitest';
import { changeFilter, DEFAULT_FILTER, useGameFilterStore, type GameFilter } from './game-filter';

const filter = (change: Partial<GameFilter>): GameFilter => ({ ...DEFAULT_FILTER, ...change });

describe('game list filter rules (spec §4)', () => {
  it('sets the type back to all when the vendor changes', () => {
    expect(changeFilter(filter({ dataType: 'HOT' }), { vassalage: 'JILI' })).toEqual(
      filter({ vassalage: 'JILI' }),
    );
  });

  it('sets the type back to all when the search changes', () => {
    expect(changeFilter(filter({ dataType: 'NEW' }), { gameName: 'tiger' }).dataType).toBe('ALL');
  });

  it('clears the classification when the type changes', () => {
    expect(changeFilter(filter({ classification: 'CRASH' }), { dataType: 'NEW' })).toEqual(
      filter({ dataType: 'NEW' }),
    );
  });

  it('keeps the classification when the same vendor is chosen again', () => {
    const before = filter({ vassalage: 'JILI', classification: 'SLOT' });
    expect(changeFilter(before, { vassalage: 'JILI' })).toEqual(before);
  });

  it('keeps the type when only the classification changes', () => {
    expect(changeFilter(filter({ dataType: 'HOT' }), { classification: 'SLOT' })).toEqual(
      filter({ dataType: 'HOT', classification: 'SLOT' }),
    );
  });
});

describe('home game filter store', () => {
  beforeEach(() => useGameFilterStore.getState().reset());

  it('starts on HOT with every vendor and all types', () => {
    const { category, filter: current } = useGameFilterStore.getState();
    expect(category).toBe('HOT');
    expect(current).toEqual(DEFAULT_FILTER);
  });

  it('clears the vendor and the type when a category is chosen', () => {
    const store = useGameFilterStore.getState();
    store.selectCategory('RNG');
    store.changeFilter({ vassalage: 'JILI' });
    store.changeFilter({ dataType: 'NEW' });
    store.selectCategory('FISH');
    expect(useGameFilterStore.getState()).toMatchObject({
      category: 'FISH',
      filter: DEFAULT_FILTER,
    });
  });

  it('resets to HOT, no provider, all types', () => {
    const store = useGameFilterStore.getState();
    store.selectCategory('RNG');
    store.changeFilter({ vassalage: 'FC' });
    store.reset();
    expect(useGameFilterStore.getState()).toMatchObject({
      category: 'HOT',
      filter: DEFAULT_FILTER,
    });
  });
});
