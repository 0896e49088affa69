/**
 * mulberry32: a tiny deterministic generator. Demo data drawn from a seed (the catalogue, game
 * art, content pictures) comes out the same on every start; a bounded fuzz run picks the same
 * cases each time. Not for anything a player could bet against: that uses node:crypto.
 */
export type SeededRandom = () => number;

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
