/**
 * The RSA key pair for sealed payloads. Made once at first start and kept in the database, so
 * every process publishes the same public key and can open what any client sealed.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { SEALED } from '@khela/contract/system';
import type { PublicKey } from '@khela/contract/system';
import type { Database } from '../../db/client';
import { serverKeys } from '../../db/schema/keys';

interface LoadedKey {
  kid: string;
  publicKey: PublicKey;
  privateKey: CryptoKey;
}

export class KeysService {
  private keys = new Map<string, LoadedKey>();
  private current: LoadedKey | undefined;

  constructor(private readonly db: Database) {}

  async start() {
    let rows = await this.activeRows();
    if (rows.length === 0) {
      const { publicKey, privateKey } = await generateKeyPair(SEALED.alg, {
        modulusLength: 2048,
        extractable: true,
      });
      const kid = randomUUID();
      await this.db
        .insert(serverKeys)
        .values({
          kid,
          publicJwk: await exportJWK(publicKey),
          privateJwk: await exportJWK(privateKey),
        })
        .onConflictDoNothing();
      // Two processes starting together may both insert; all of them use the oldest key.
      rows = await this.activeRows();
    }
    for (const row of rows) {
      const pub = row.publicJwk as JWK;
      const loaded: LoadedKey = {
        kid: row.kid,
        publicKey: {
          kid: row.kid,
          jwk: {
            kty: 'RSA',
            n: String(pub.n),
            e: String(pub.e),
            alg: SEALED.alg,
            use: 'enc',
            kid: row.kid,
          },
        },
        privateKey: (await importJWK(row.privateJwk as JWK, SEALED.alg)) as CryptoKey,
      };
      this.keys.set(row.kid, loaded);
      this.current ??= loaded;
    }
  }

  private activeRows() {
    return this.db
      .select()
      .from(serverKeys)
      .where(eq(serverKeys.active, true))
      .orderBy(asc(serverKeys.createdAt), asc(serverKeys.kid));
  }

  publicKey(): PublicKey {
    if (!this.current) throw new Error('keys not loaded');
    return this.current.publicKey;
  }

  /** The private key for a JWE's kid; without a kid, the current key. */
  privateKeyFor(kid: string | undefined): CryptoKey | undefined {
    if (kid === undefined) return this.current?.privateKey;
    return this.keys.get(kid)?.privateKey;
  }
}
