/**
 * What home shows below its banner: the notice marquee and jackpot, the games area and what is
 * under it. A chunk of its own, off the critical path: home's first commit is the shell and the
 * banner (and the server's first paint stands in until then), and these parts mount in the frames
 * after it anyway, once their calls have answered. Home asks for this chunk when it mounts, beside
 * those calls.
 */
export { AgeNotice } from '../../components/age-notice';
export { NoticeMarquee } from '../../features/content/components/notice-marquee';
export { GamesArea } from '../../features/games/components/games-area';
export { JackpotTicker } from '../../features/games/components/jackpot-ticker';
export { LazyWinnerBoard } from '../../features/games/components/lazy-winner-board';
