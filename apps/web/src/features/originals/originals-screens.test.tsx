/**
 * The verifier recomputes a round in the browser with the shared engine and checks the hash;
 * the game page shows the hash before play, plays with an Idempotency-Key and announces the
 * result.
 */
import { playFair, sha256Hex } from '@khela/contract/fair';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/mock-api';
import { memberSession, renderApp } from '../../testing/render-app';
import { formatFixedNumber } from '@khela/contract/format';

const SERVER = 'b'.repeat(64);

describe('/m/fair', () => {
  it('recomputes a linked round and checks the hash', async () => {
    const hash = await sha256Hex(SERVER);
    const expected = await playFair(
      'dice',
      { serverSeed: SERVER, clientSeed: 'abc', nonce: 3 },
      { target: 40 },
    );
    renderApp(
      `/m/fair?serverSeed=${SERVER}&hash=${hash}&clientSeed=abc&nonce=3&game=dice&target=40`,
    );
    const status = await screen.findByText(/গুণক/);
    const region = status.closest('[role="status"]') as HTMLElement;
    expect(region).toHaveTextContent(
      `রোল ${expected.game === 'dice' ? formatFixedNumber(expected.roll, 'BN', 2) : ''}`,
    );
    expect(within(region).getByText(/হ্যাশের সাথে মেলে/)).toBeInTheDocument();
  });

  it('says when the server seed is not a 64-hex seed', async () => {
    const { user } = renderApp('/m/fair');
    await user.type(await screen.findByLabelText('সার্ভার সিড'), 'nothex');
    await user.type(screen.getByLabelText('ক্লায়েন্ট সিড'), 'abc');
    await user.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect(await screen.findByText(/৬৪টি হেক্স অক্ষর/)).toHaveAttribute('role', 'alert');
  });
});

describe('/m/originals/:nodeId', () => {
  it('shows the hash before play, bets with a key and announces the result', async () => {
    const hash = 'c'.repeat(64);
    const sent: RequestInit[] = [];
    const { user } = renderApp('/m/originals/77', {
      session: memberSession(),
      api: {
        '/wps/originals/game/77': ok({
          nodeId: '77',
          game: 'slot',
          name: 'Lucky Reels',
          minStakeMinor: 100,
          maxStakeMinor: 1_000_000,
        }),
        '/wps/originals/seeds': ok({ serverSeedHash: hash, clientSeed: 'mine', nonce: 4 }),
        '/wps/originals/seeds/history': ok({ list: [] }),
        '/wps/originals/bet': (_url, init) => {
          sent.push(init ?? {});
          return ok({
            nodeId: '77',
            game: 'slot',
            result: {
              game: 'slot',
              reels: ['cherry', 'cherry', 'lemon'],
              win: true,
              multiplier: 2,
            },
            stakeMinor: 100,
            winMinor: 200,
            balanceMinor: 10_100,
            playMoney: false,
            serverSeedHash: hash,
            clientSeed: 'mine',
            nonce: 4,
            roundRef: 'o-1',
            replayed: false,
          });
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Lucky Reels' })).toBeInTheDocument();
    expect(await screen.findByText(hash)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'খেলুন' }));
    await waitFor(() => expect(screen.getByText(/আপনি জিতেছেন ৳২\.০০/)).toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]!.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ nodeId: '77', stakeMinor: 100 });
  });
  it('writes the dice target and the prefilled stake in Bengali digits', async () => {
    renderApp('/m/originals/78', {
      session: memberSession(),
      api: {
        '/wps/originals/game/78': ok({
          nodeId: '78',
          game: 'dice',
          name: 'Classic Dice',
          minStakeMinor: 100,
          maxStakeMinor: 1_000_000,
        }),
        '/wps/originals/seeds': ok({ serverSeedHash: 'c'.repeat(64), clientSeed: 'm', nonce: 0 }),
        '/wps/originals/seeds/history': ok({ list: [] }),
      },
    });
    expect(await screen.findByLabelText('এর নিচে রোল: ৫০')).toBeInTheDocument();
    expect(screen.getByLabelText('বাজি (৳)')).toHaveValue('১');
    // Percentages as the formatter writes them: no space, no needless decimals.
    expect(screen.getByText('জেতার সম্ভাবনা ৫০% · পাবেন ১.৯৮০০×')).toBeInTheDocument();
  });
});
