/**
 * pos-sdk/testing: what an integrator needs to write contract tests of an app built on the SDK, without a server.
 *
 * - {@link fixture}: the answer (and body) of every call of `ENDPOINTS`, recorded from the reference server.
 * - {@link createFetchMock}: a `fetch` that checks each request against the contract and answers its fixture, an
 *   override or a scripted error.
 * - {@link createTestPos}: a simulated terminal (`createPos` over the mock, memory hardware and storage, fixed clock).
 * - For nock users: {@link TEST_BASE_URL}, {@link callPath}, {@link sdkHeaders}, {@link replyWith},
 *   {@link replyWithError}.
 *
 * docs/testing.md shows each in a test.
 */
export {
  createFetchMock,
  type FetchMock,
  type FetchMockOptions,
  type MockCall,
  type ScriptOptions,
  type UnexpectedRequest,
} from './fetchMock';
export { type Fixture, fixture, fixtureNames, type WireAnswer, type WireRequest } from './fixtures';
export { createTestPos, TEST_NOW, TEST_TIME_ZONE, type TestPos, type TestPosOptions } from './testPos';
export {
  callPath,
  type NockReply,
  replyWith,
  replyWithError,
  sdkHeaders,
  TEST_BASE_URL,
  TEST_HOST_ID,
  type WireErrorSpec,
} from './wire';
