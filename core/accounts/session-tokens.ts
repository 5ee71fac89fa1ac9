import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'rossy';

export interface SessionClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export interface TokenSigner {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a token signed by this shop and not yet expired; null for anything else. */
  verify(token: string): Promise<Omit<SessionClaims, 'expiresAt'> | null>;
}

/** Signed session tokens: HS256 pinned, `exp` (seconds) required, so a forged or stale token is refused. */
export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId, expiresAt }) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
