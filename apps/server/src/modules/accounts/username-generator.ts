/**
 * A readable username for a member who signed up by mobile number and typed none, such as
 * `luckytiger27`: a friendly adjective, an animal and two digits. The words are chosen by hand
 * (nothing a player could take badly) and are short enough that every name fits the default
 * username rule (4 to 16 lower-case letters and digits, a letter first).
 */
import { randomInt } from 'node:crypto';

const words = (list: string) => list.trim().split(/\s+/);

export const USERNAME_ADJECTIVES = words(`
  lucky happy brave bright calm clever cool eager gentle golden grand jolly kind merry
  mighty noble proud quick royal shiny smart sunny swift witty bold wise keen fresh silver
  cheery
`);

export const USERNAME_ANIMALS = words(`
  tiger lion eagle falcon panda dolphin otter fox owl hawk koala zebra rhino bison heron
  robin parrot turtle rabbit pony puma lynx deer swan crane whale bear wolf leopard cheetah
  peacock elephant
`);

/** Picks an index below `n`; node:crypto by default, a fixed sequence in tests. */
export type PickIndex = (n: number) => number;

const pick = <T>(list: readonly T[], random: PickIndex) => list[random(list.length)]!;

/** One candidate name; the caller checks it against the operator's rule and the taken names. */
export function generateUsername(random: PickIndex = (n) => randomInt(n)): string {
  const digits = String(random(100)).padStart(2, '0');
  return `${pick(USERNAME_ADJECTIVES, random)}${pick(USERNAME_ANIMALS, random)}${digits}`;
}
