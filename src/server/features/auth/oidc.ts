import * as client from 'openid-client';
import type { AppConfig } from '../../config';
import { toOneLine } from '@contracts/text';

export interface OidcClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

export interface OidcStart {
  url: string;
  /** Kept in a short-lived signed cookie until the provider sends the browser back. */
  state: string;
  codeVerifier: string;
  /** Must come back in the ID token: a token minted for another sign-in is refused (ASVS 10.5.1). */
  nonce: string;
}

/** Sign-in through an OpenID Connect provider: authorization code flow with PKCE, state and nonce. */
export function createOidcClient(config: NonNullable<AppConfig['oidc']>, publicUrl: string) {
  const redirectUri = `${publicUrl}/api/auth/oidc/callback`;
  const issuer = new URL(config.issuer);
  // Plain http is tolerated only for a provider on this machine (development and tests).
  const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  let discovered: Promise<client.Configuration> | undefined;

  function configuration() {
    discovered ??= client
      .discovery(
        issuer,
        config.clientId,
        config.clientSecret,
        undefined,
        local ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in rather than caching the failure
        throw error;
      });
    return discovered;
  }

  return {
    async start(): Promise<OidcStart> {
      const provider = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, codeVerifier, nonce };
    },

    async finish(
      callbackUrl: URL,
      expected: { state: string; codeVerifier: string; nonce: string },
    ): Promise<OidcClaims> {
      const provider = await configuration();
      const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      const text = (value: unknown) =>
        typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
      // Names arrive without our form's checks: made one line (no breaks, tabs or invisible
      // characters) and no longer than a typed name may be (decision 0020).
      const name = (value: unknown) =>
        toOneLine(typeof value === 'string' ? value : undefined)
          ?.slice(0, 80)
          .trim() || undefined;
      return {
        subject: claims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        firstName: name(claims.given_name),
        lastName: name(claims.family_name),
      };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
