/**
 * Game launch (spec games-and-content §2): who may open a game, with which money, and where it
 * opens. Every launch opens a game session in the game wallet, also for our own lottery and
 * in-house games, whose pages play through the same session.
 */
import { siteDay } from '@khela/contract/date';
import { LOTTERY_LAUNCH_VENDORS, type LaunchAnswer, type LaunchMode } from '@khela/contract/launch';
import type { Language } from '@khela/contract/language';
import { canFreePlay, isGuest } from '@khela/contract/members';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthSession } from '../accounts/sessions.service';
import type { GameAccountKind, GameWallet } from '../game-wallet/game-wallet';
import { providerForGame } from '../game-wallet/game-wallet';
import type { GameVendors } from '../game-wallet/game-vendors';
import type { ProtectionService } from '../protection/protection.service';
import type { SettingsService } from '../settings/settings.service';
import { memberReads } from '../accounts/member-reads';
import type { Balances } from '../ledger/balances';
import type { Ledger } from '../ledger/ledger';
import type { GamesService } from './games.service';

const lotteryVendors = new Set(LOTTERY_LAUNCH_VENDORS);

export interface LaunchDeps {
  db: Database;
  games: GamesService;
  gameWallet: GameWallet;
  /** The registry: where an outside vendor's game page is, and whether it is enabled. */
  vendors: Pick<GameVendors, 'launchUrl'>;
  protection: Pick<ProtectionService, 'assertMayPlay'>;
  ledger: Ledger;
  balances: Balances;
  settings: SettingsService;
  now?: () => number;
}

export class LaunchService {
  private readonly now: () => number;

  constructor(private readonly deps: LaunchDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Opens a game for the session's member. A member session plays with cash; a trial or free-play
   * session with play money (free play for member types 0, 1, 2 only: free_reject otherwise, and
   * only in games that offer it). A player on a break is refused (wallet.excluded), as is a
   * hidden or unknown game (game.notFound). The game goes to the front of the recent games.
   */
  async launch(auth: AuthSession, nodeId: string, language: Language): Promise<LaunchAnswer> {
    const game = this.deps.games.current().game(nodeId);
    if (!game) throw new AppError('game.notFound');
    const accountKind = this.accountKindOf(auth);
    if (accountKind === 'play' && !game.supportsFreePlay) throw new AppError('free_reject');
    await this.deps.protection.assertMayPlay(auth.memberId);

    const currency = await this.currencyOf(auth.memberId);
    if (auth.kind === 'freeplay') await this.topUpFreePlay(auth.memberId, currency);
    const providerCode = providerForGame(game);
    // An outside vendor that is disabled or has no page opens nothing (and no session).
    const vendorPage =
      providerCode === 'BGS' || providerCode === 'LOTTERY'
        ? undefined
        : await this.deps.vendors.launchUrl(providerCode);
    const { token } = await this.deps.gameWallet.openSession({
      memberId: auth.memberId,
      gameId: game.id,
      providerCode,
      accountKind,
      currency,
      language,
    });
    await this.deps.games.addRecent(auth.memberId, nodeId);

    const mode: LaunchMode =
      lotteryVendors.has(game.vendorCode) || providerCode === 'LOTTERY'
        ? 'lottery'
        : game.gameType === 'RNG'
          ? 'vendor'
          : 'generic';
    let url: string;
    if (mode === 'lottery') url = `/m/lottery?nodeId=${nodeId}`;
    else if (providerCode === 'BGS') url = `/m/originals/${nodeId}`;
    else if (vendorPage) url = vendorLaunchUrl(vendorPage, { token, game, language });
    else throw new AppError('game.launchUnavailable');
    return { url, mode, token, playMoney: accountKind === 'play' };
  }

  /** The player closed the game: its session takes no more bets (wins still land). */
  async close(auth: AuthSession, token: string): Promise<{ ended: boolean }> {
    return { ended: await this.deps.gameWallet.endSession(auth.memberId, token) };
  }

  private accountKindOf(auth: AuthSession): GameAccountKind {
    switch (auth.kind) {
      case 'member':
        // A guest type on a member session still has play money only.
        return isGuest(auth.type) ? 'play' : 'cash';
      case 'trial':
        return 'play';
      case 'freeplay':
        if (!canFreePlay(auth.type)) throw new AppError('free_reject');
        return 'play';
      case 'restricted':
        throw new AppError('wallet.excluded');
    }
  }

  private async currencyOf(memberId: bigint): Promise<string> {
    const currency = await memberReads.walletCurrency(this.deps.db, memberId);
    return currency ?? this.deps.settings.get('merchant').currency;
  }

  /**
   * Free play starts from the trial grant: a play balance below it is topped up to it, once per
   * Dhaka day (the day is the movement's key, so a second launch that day moves nothing).
   */
  private async topUpFreePlay(memberId: bigint, currency: string) {
    const grant = BigInt(this.deps.settings.get('trialBalanceMinor'));
    const account = { kind: 'play' as const, ownerId: memberId };
    await this.deps.ledger.open(this.deps.db, account, currency);
    const balance = await this.deps.ledger.balance(this.deps.db, account, currency);
    if (balance >= grant) return;
    // Free play is topped up once per player's day, and the day is Dhaka's.
    const day = siteDay(this.now());
    const posted = await this.deps.ledger.post(this.deps.db, {
      kind: 'play.grant',
      source: 'freeplay',
      key: `${memberId}:${day}`,
      request: { memberId: String(memberId), day },
      currency,
      memberId,
      legs: [
        { account, amountMinor: grant - balance },
        { account: { kind: 'play_issuer' }, amountMinor: balance - grant },
      ],
    });
    if (!posted.replayed) await this.deps.balances.changed(memberId);
  }
}

/**
 * The vendor's page with the launch in its query, as a vendor's lobby address carries it: the
 * game session (`token`), its game code, the player's language and the catalogue's category and
 * classification (a vendor serving several kinds of game may pick its page by them).
 */
export function vendorLaunchUrl(
  page: string,
  launch: {
    token: string;
    game: { gameCode: string; category: string; classification: string | null };
    language: Language;
  },
): string {
  const url = new URL(page);
  url.searchParams.set('token', launch.token);
  url.searchParams.set('game', launch.game.gameCode);
  url.searchParams.set('lang', launch.language);
  url.searchParams.set('category', launch.game.category);
  if (launch.game.classification) {
    url.searchParams.set('classification', launch.game.classification);
  }
  return url.toString();
}
