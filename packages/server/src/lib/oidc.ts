import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

/** What the server needs to know about the external identity provider. */
export interface OidcSettings {
  /** The issuer URL; its discovery document is at `/.well-known/openid-configuration`. */
  issuer: string;
  /** Our client id at the provider: the audience every ID token must name. */
  clientId: string;
  /**
   * The least time between two fetches from the provider: after a failed discovery, and after a
   * JWKS fetch before an unknown key id may trigger the next one.
   */
  cooldownMs: number;
  /** Time-out of one HTTP call to the provider. */
  timeoutMs?: number;
}

/** The fields of the discovery document Fogata uses. */
export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  jwks_uri: string;
}

/** The provider cannot be reached (discovery or keys): a 503 for the user, not their fault. */
export class OidcUnavailableError extends Error {
  override readonly name = 'OidcUnavailableError';
}

/** Why an ID token was refused. */
export type OidcRefusal = 'invalid' | 'nonce' | 'unverified';

/** An ID token that must not sign anybody in. */
export class OidcTokenError extends Error {
  override readonly name = 'OidcTokenError';
  constructor(
    readonly reason: OidcRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Who a valid ID token speaks for. */
export interface OidcIdentity {
  subject: string;
  /** Lower-cased; verified by the provider. */
  email: string;
  /** The `name` claim (or given + family name), trimmed; null when the token has none. */
  name: string | null;
  /** The `nonce` claim, for the caller to check against the ones it issued. */
  nonce: string;
}

// Only public-key algorithms: a provider's JWKS never holds a shared secret, and refusing the
// rest rules out algorithm confusion (HS256 signed with a public key, alg "none").
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
/** Clocks differ a little between the provider and us. */
const CLOCK_TOLERANCE_S = 30;
/** How long a fetched discovery document is trusted before it is fetched again. */
const DISCOVERY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** `email_verified` is a boolean in the standard; some providers have sent the string "true". */
function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}

function nameOf(payload: JWTPayload): string | null {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const full =
    text(payload.name) || [text(payload.given_name), text(payload.family_name)].join(' ');
  return full.trim() || null;
}

interface Discovered {
  doc: OidcDiscovery;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  fetchedAt: number;
}

/**
 * The relying-party side of OpenID Connect: reads the provider's discovery document (cached;
 * fetched again on demand when it failed), and verifies ID tokens against the provider's
 * published keys (cached by jose, fetched again when a token names an unknown key id).
 */
export class OidcClient {
  private discovered: Discovered | null = null;
  private pending: Promise<Discovered> | null = null;
  private failedAt = 0;
  private lastFailure: unknown = null;

  constructor(private readonly settings: OidcSettings) {}

  get issuer(): string {
    return this.settings.issuer;
  }

  get clientId(): string {
    return this.settings.clientId;
  }

  /** The discovery document; throws OidcUnavailableError when the provider cannot be read. */
  async discover(): Promise<OidcDiscovery> {
    return (await this.load()).doc;
  }

  /** The provider's authorization endpoint, or null while it cannot be reached. */
  async authorizationEndpoint(): Promise<string | null> {
    try {
      return (await this.discover()).authorization_endpoint;
    } catch {
      return null;
    }
  }

  /**
   * Verifies an ID token: signature by one of the issuer's published keys, issuer, audience
   * (our client id), expiry (with a small clock tolerance), a nonce present and a verified
   * e-mail. The caller still has to check that the nonce is one it issued.
   */
  async verify(idToken: string): Promise<OidcIdentity> {
    const { doc, jwks } = await this.load();
    const issuers = [doc.issuer];
    // Google's ID tokens may carry the issuer without its scheme.
    if (new URL(doc.issuer).host === 'accounts.google.com') issuers.push('accounts.google.com');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: issuers,
        audience: this.settings.clientId,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      if (isProviderFailure(err)) {
        throw new OidcUnavailableError('No se pudieron leer las claves del proveedor', {
          cause: err,
        });
      }
      throw new OidcTokenError('invalid', (err as Error).message);
    }
    // Several audiences: the token must have been issued to us (OpenID Connect Core 3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.clientId) {
      throw new OidcTokenError('invalid', 'azp no es nuestro client id');
    }
    if (typeof payload.nonce !== 'string' || !payload.nonce) {
      throw new OidcTokenError('nonce', 'el token no trae nonce');
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email || !isVerified(payload.email_verified)) {
      throw new OidcTokenError('unverified', 'email ausente o sin verificar');
    }
    return { subject: String(payload.sub), email, name: nameOf(payload), nonce: payload.nonce };
  }

  private load(): Promise<Discovered> {
    const now = Date.now();
    if (this.discovered && now - this.discovered.fetchedAt < DISCOVERY_MAX_AGE_MS) {
      return Promise.resolve(this.discovered);
    }
    if (this.pending) return this.pending;
    if (!this.discovered && now - this.failedAt < this.settings.cooldownMs) {
      return Promise.reject(
        new OidcUnavailableError('El proveedor falló hace un momento', { cause: this.lastFailure }),
      );
    }
    this.pending = this.fetchDiscovery()
      .then((discovered) => {
        this.discovered = discovered;
        return discovered;
      })
      .catch((err: unknown) => {
        this.failedAt = Date.now();
        this.lastFailure = err;
        // A document fetched before still serves while the refresh fails.
        if (this.discovered) return this.discovered;
        throw err instanceof OidcUnavailableError
          ? err
          : new OidcUnavailableError('No se pudo leer el documento de descubrimiento', {
              cause: err,
            });
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  private async fetchDiscovery(): Promise<Discovered> {
    const url = `${trimSlash(this.settings.issuer)}/.well-known/openid-configuration`;
    const res = await fetch(url, {
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 5000),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new OidcUnavailableError(`${url} respondió ${res.status}`);
    const doc = (await res.json()) as Partial<OidcDiscovery>;
    if (
      typeof doc.issuer !== 'string' ||
      typeof doc.authorization_endpoint !== 'string' ||
      typeof doc.jwks_uri !== 'string'
    ) {
      throw new OidcUnavailableError(`${url} no es un documento de descubrimiento válido`);
    }
    // OpenID Connect Discovery 4.3: the document must be the configured issuer's own.
    if (trimSlash(doc.issuer) !== trimSlash(this.settings.issuer)) {
      throw new OidcUnavailableError(
        `El emisor del documento (${doc.issuer}) no es OIDC_ISSUER (${this.settings.issuer})`,
      );
    }
    const jwks = createRemoteJWKSet(new URL(doc.jwks_uri), {
      cooldownDuration: this.settings.cooldownMs,
      timeoutDuration: this.settings.timeoutMs ?? 5000,
    });
    return {
      doc: {
        issuer: doc.issuer,
        authorization_endpoint: doc.authorization_endpoint,
        jwks_uri: doc.jwks_uri,
      },
      jwks,
      fetchedAt: Date.now(),
    };
  }
}

/** A failure to fetch the keys (network, time-out, a broken JWKS), as opposed to a bad token. */
function isProviderFailure(err: unknown): boolean {
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid) return true;
  // jose answers a non-200 or non-JSON JWKS with its base error class; fetch() failures
  // (connection refused, DNS) are no JOSE errors at all. Every problem of the token itself is
  // one of the specific subclasses.
  return !(err instanceof errors.JOSEError) || err.constructor === errors.JOSEError;
}
