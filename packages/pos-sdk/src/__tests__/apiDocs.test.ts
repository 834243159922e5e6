import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_SAMPLES } from '../../scripts/apiSamples';
import { generatedApiDocs, renderApiDocs, renderOpenApi, writeApiDocs } from '../../scripts/gen-api-docs';
import { ENDPOINTS, type EndpointName } from '../contract';
import { fixture } from '../testing';

const REGENERATE =
  'run `UPDATE_API_DOCS=1 npx vitest run --project sdk packages/pos-sdk/src/__tests__/apiDocs.test.ts`';

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

describe('apiDocs', () => {
  if (process.env.UPDATE_API_DOCS === '1') writeApiDocs();

  it('docs/api.md and docs/openapi.json are what the contract generates', () => {
    for (const { file, text } of generatedApiDocs()) {
      const path = fileURLToPath(file);
      expect(existsSync(file), `${path} is missing: ${REGENERATE}`).toBe(true);
      expect(readFileSync(file, 'utf8') === text, `${path} is out of date: ${REGENERATE}`).toBe(true);
    }
  });

  it('documents every call: method, path, address, token, idempotency and SDK function', () => {
    const docs = renderApiDocs();
    for (const name of NAMES) {
      const def = ENDPOINTS[name];
      expect(docs).toContain(`### ${name}\n`);
      expect(docs).toContain(`| Call | \`${def.method} ${def.path}\` |`);
      expect(docs).toContain(`| SDK | \`api.${name}(`);
    }
  });

  it('states the conventions: headers, money, times, error body and idempotency', () => {
    const docs = renderApiDocs();
    for (const heading of [
      '### Headers',
      '### Money on the wire',
      '### Times',
      '### Errors',
      '### Idempotency',
    ]) {
      expect(docs).toContain(heading);
    }
    expect(docs).toContain("'Server not responding'");
    expect(docs).toContain('`X-Host-Name`');
    expect(docs).toContain('`Idempotency-Key`');
  });

  it("shows the recorded server answers as examples: the store's invoice numbers, one ticket per pass sold", () => {
    const docs = renderApiDocs();
    expect(docs).not.toContain('INV-0000');
    const checkout = docs.split('### checkout\n')[1]?.split('\n### ')[0] ?? '';
    expect(checkout).toContain('"_id": "STORE-000001"');
    const { request, response } = API_SAMPLES.checkout;
    const passes = request.items.filter((item) => item.type === 'PASS');
    expect(response.tickets).toHaveLength(passes.reduce((sum, item) => sum + item.quantity, 0));
    expect(JSON.stringify(API_SAMPLES.getTicket.response)).toBe(JSON.stringify(fixture('getTicket').answer));
  });

  it('the OpenAPI 3.1 document has one operation per call', () => {
    const document = JSON.parse(renderOpenApi()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => operation.operationId ?? []),
    );
    expect(operations.sort()).toEqual([...NAMES].sort());
  });
});
