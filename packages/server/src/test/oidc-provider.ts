import type { webcrypto } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** One person the provider knows; the login on its page is the e-mail. */
export interface ProviderAccount {
  name?: string;
  /** `email_verified` in the ID token; true unless set. */
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  redirectUri: string;
  /** Accounts by e-mail; anyone not listed signs in too, verified, with no name. */
  accounts: Map<string, ProviderAccount>;
  /** The key id the provider signs with now. */
  readonly kid: string;
  /**
   * Runs the real implicit flow as a browser would: the authorization request, the provider's
   * login page (devInteractions) submitted with `email`, and the redirect back; returns the
   * fragment parameters (`id_token` and `state`, or `error` and `error_description`).
   */
  signIn(
    email: string,
    nonce: string,
    opts?: { state?: string; clientId?: string },
  ): Promise<Record<string, string>>;
  /** Signs an ID token ourselves with the provider's current key, for the cases a real provider would never issue. */
  sign(claims: JWTPayload, opts?: { kid?: string; key?: webcrypto.CryptoKey }): Promise<string>;
  /** Starts signing with a brand-new key (the old one leaves the JWKS), on the same address. */
  rotateKeys(): Promise<void>;
  /** How many times the JWKS was fetched. */
  readonly jwksFetches: number;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: webcrypto.CryptoKey;
  jwk: JWK;
}

async function newSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `clave-${randomBytes(6).toString('hex')}`;
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, jwk };
}

/** oidc-provider prints a warning about its development login page on every start; that is the point here. */
function quietly<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

function buildProvider(
  issuer: string,
  clientId: string,
  redirectUris: string[],
  key: SigningKey,
  accounts: Map<string, ProviderAccount>,
): Provider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        response_types: ['id_token'],
        grant_types: ['implicit'],
        redirect_uris: redirectUris,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [key.jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Grant: 600, IdToken: 600, Session: 600 },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? {};
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: id,
            email_verified: account.emailVerified ?? true,
            ...(account.name ? { name: account.name } : {}),
          };
        },
      };
    },
    // A first-party client: no consent screen, the grant is given at once.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    clientBasedCORS: () => true,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><pre>${JSON.stringify(out)}</pre>`;
    },
  };
  const provider = quietly(() => new Provider(issuer, configuration));
  // The app under test runs on plain http (and on localhost in the browser tests): allow that for
  // the implicit flow, which production providers rightly refuse.
  // Client.Schema is public in oidc-provider but missing from its type definitions.
  const { Schema } = provider.Client as unknown as {
    Schema: { prototype: { invalidate(message: string, code?: string): void } };
  };
  const schema = Schema.prototype;
  const invalidate = schema.invalidate;
  schema.invalidate = function (message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
  return provider;
}

/** Cookies by name, ignoring paths: enough for one sign-in at a time. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and a random port (or `port`), with its own
 * RSA signing key, one public client using the implicit flow (`id_token`) and its development
 * login page.
 */
export async function startOidcProvider(
  opts: { clientId?: string; redirectUris?: string[]; port?: number } = {},
): Promise<TestOidcProvider> {
  const clientId = opts.clientId ?? 'fogata-pruebas';
  const redirectUris = opts.redirectUris ?? ['http://fogata.test/auth/callback'];
  const accounts = new Map<string, ProviderAccount>();
  let key = await newSigningKey();
  let handler: ReturnType<Provider['callback']> | null = null;
  let jwksFetches = 0;

  // One HTTP server for the provider's whole life; rotating keys swaps the provider behind it.
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/jwks')) jwksFetches += 1;
    handler!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const issuer = `http://127.0.0.1:${port}`;
  handler = buildProvider(issuer, clientId, redirectUris, key, accounts).callback();

  async function signIn(
    email: string,
    nonce: string,
    o: { state?: string; clientId?: string } = {},
  ): Promise<Record<string, string>> {
    const jar = new CookieJar();
    const params = new URLSearchParams({
      client_id: o.clientId ?? clientId,
      response_type: 'id_token',
      scope: 'openid email profile',
      redirect_uri: redirectUris[0]!,
      nonce,
      state: o.state ?? randomBytes(8).toString('hex'),
    });
    let url = `${issuer}/auth?${params}`;
    let method = 'GET';
    let body: string | undefined;
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(url, {
        method,
        body,
        redirect: 'manual',
        headers: {
          cookie: jar.header(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      });
      jar.store(res);
      method = 'GET';
      body = undefined;
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.href.startsWith(redirectUris[0]!)) {
          return Object.fromEntries(new URLSearchParams(next.hash.slice(1)));
        }
        url = next.href;
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`El proveedor respondió ${res.status}: ${html}`);
      // The login page: fill in the form the way a person would.
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      if (!action || !html.includes('name="login"')) {
        throw new Error(`Página inesperada del proveedor: ${html.slice(0, 500)}`);
      }
      url = new URL(action, url).href;
      method = 'POST';
      body = new URLSearchParams({
        prompt: 'login',
        login: email,
        password: 'cualquiera',
      }).toString();
    }
    throw new Error('Demasiadas redirecciones en el proveedor');
  }

  return {
    issuer,
    clientId,
    redirectUri: redirectUris[0]!,
    accounts,
    get kid() {
      return key.kid;
    },
    get jwksFetches() {
      return jwksFetches;
    },
    signIn,
    async sign(claims, o = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? key.kid, typ: 'JWT' })
        .sign(o.key ?? key.privateKey);
    },
    async rotateKeys() {
      key = await newSigningKey();
      handler = buildProvider(issuer, clientId, redirectUris, key, accounts).callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
