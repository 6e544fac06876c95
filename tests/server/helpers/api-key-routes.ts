import type { InjectOptions } from 'fastify'

/** Every route an API key must be refused on (API contract "API keys and webhooks"). */
export const API_KEY_ROUTES_REFUSED: [InjectOptions['method'], string][] = [
  ['GET', '/api/agents/'],
  ['POST', '/api/agents/'],
  ['PUT', '/api/agents/1/role/'],
  ['PUT', '/api/agents/1/active/'],
  ['GET', '/api/agents/1/'],
  ['PUT', '/api/agents/1/'],
  ['GET', '/api/agent/role/'],
  ['POST', '/api/update-password/'],
  ['GET', '/api/sessions/'],
  ['DELETE', '/api/sessions/x/'],
  ['POST', '/api/sessions/revoke-others/'],
  ['GET', '/api/api-keys/'],
  ['POST', '/api/api-keys/'],
  ['DELETE', '/api/api-keys/1/'],
  ['GET', '/api/webhooks/'],
  ['POST', '/api/webhooks/'],
  ['PUT', '/api/webhooks/1/'],
  ['DELETE', '/api/webhooks/1/'],
  ['POST', '/api/webhooks/1/test/'],
  ['GET', '/api/webhooks/1/deliveries/'],
  ['POST', '/api/webhooks/1/deliveries/1/redeliver/'],
]
