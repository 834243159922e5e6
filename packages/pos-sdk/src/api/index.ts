/** The typed HTTP client of the contract (one function per call of `ENDPOINTS`). */

export type { ApiClient, HealthResponse, OrderReportStream } from './ApiClient';
export { HealthResponseSchema } from './ApiClient';
export type { ApiConfig, CallOptions, RequestOptions, ResolvedApiConfig, RetryInfo } from './ApiConfig';
export {
  DEFAULT_HOST_ID,
  DEFAULT_IN_PROGRESS_WAIT_MS,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_STORE,
  DEFAULT_TIMEOUT_MS,
  resolveApiConfig,
} from './ApiConfig';
export { createApiClient } from './createApiClient';
export type { ErrorAnswer } from './errorFromAnswer';
export { errorFromAnswer } from './errorFromAnswer';
export { newIdempotencyKey } from './newIdempotencyKey';
