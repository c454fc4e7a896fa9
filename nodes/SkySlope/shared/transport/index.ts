// The one way this package talks HTTP (see docs/ARCHITECTURE.md): each concern in a file of its own.
//   types.ts    what a service tells the transport, what an operation asks, what comes back
//   gate.ts     per-account pacing: requests in flight, waits, the rate-limit window
//   failure.ts  reading a failure into an error in the service's words, secrets removed
//   account.ts  the account a request goes to, and renewing its session through n8n
//   retry.ts    the retry loop: what may be resent, how long to wait, renewals
//   request.ts  the request itself: n8n's options from an operation's request
export { itemsInFlightLimit, onAccountKnown } from './account';
export { apiRequest, apiRequestFull } from './request';
export { BUSY_STATUSES, LOGIN_REFUSED_CODE, retryPolicy, type ApiContext, type ApiRequest, type CredentialHelp, type FullResponse, type ServiceSpec } from './types';
