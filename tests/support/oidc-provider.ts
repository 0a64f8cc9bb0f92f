import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in OpenID provider on loopback that only publishes its discovery document. */
export async function startDiscoveryOnlyProvider(): Promise<{ issuer: string; close(): void }> {
  let issuer = '';
  const server = http.createServer((request, response) => {
    if (request.url !== '/.well-known/openid-configuration') {
      response.statusCode = 404;
      return response.end();
    }
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => server.close() };
}
