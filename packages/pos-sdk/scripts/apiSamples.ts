/**
 * One example body and answer per call of the contract, as they travel on the wire: the SDK testing kit's fixtures
 * (`pos-sdk/testing`), recorded from a real server run and checked against it, so the API reference (docs/api.md)
 * and the client tests show what the server answers, not what someone wrote by hand.
 */
import { ENDPOINTS, type EndpointName } from '../src/contract';
import { fixture, type WireAnswer, type WireRequest } from '../src/testing/fixtures';

/** An example of one call: its JSON body (when it has one), its path parameters and its answer. */
export interface ApiSample {
  /** The JSON body sent. */
  readonly request?: unknown;
  /** The values of the path's `:param` placeholders. */
  readonly params?: Readonly<Record<string, string>>;
  /** The answer: JSON for JSON calls, the text of a streamed report, absent for binary answers. */
  readonly response?: unknown;
}

/** The example of each call, typed by its call. */
export type ApiSamples = {
  readonly [N in EndpointName]: {
    readonly request: WireRequest<N>;
    readonly params?: Readonly<Record<string, string>>;
    readonly response: WireAnswer<N>;
  };
};

/** One example per call of `ENDPOINTS`: the recorded fixture's body, path parameters and answer. */
export const API_SAMPLES: ApiSamples = Object.fromEntries(
  (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => {
    const { request, params, answer } = fixture(name);
    return [
      name,
      {
        ...(request === undefined ? {} : { request }),
        ...(params === undefined ? {} : { params }),
        ...(answer === undefined ? {} : { response: answer }),
      },
    ];
  }),
) as unknown as ApiSamples;
