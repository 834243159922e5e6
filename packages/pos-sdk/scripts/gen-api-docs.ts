/**
 * Generates the API reference `docs/api.md` (and `docs/openapi.json`, an OpenAPI 3.1 document)
 * from the contract's `ENDPOINTS` table and zod schemas, so the reference cannot drift from the
 * code. `apiDocs.test.ts` fails when the files differ from what this renders. The files are
 * written as the repository's Biome formats them, so `npm run lint` passes on them.
 *
 * Regenerate (Node 20 runs no TypeScript by itself, so vitest runs it):
 *   UPDATE_API_DOCS=1 npx vitest run --project sdk packages/pos-sdk/src/__tests__/apiDocs.test.ts
 * The file is also a CLI entry for any TypeScript runner (it writes both files when run directly).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DEFAULT_HOST_ID,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_STORE,
  DEFAULT_TIMEOUT_MS,
} from '../src/api/ApiConfig';
import {
  DISPLAY_EVENTS_PATH,
  DISPLAY_UNPAIRED_EVENT,
  ENDPOINTS,
  type EndpointName,
  ErrorBodySchema,
  FACE_PHOTO_MAX_BYTES,
  FieldIssueSchema,
  MAX_RINGGIT,
  WIRE_ERROR_STATUS,
} from '../src/contract';
import { ENDPOINT_SUMMARIES } from '../src/contract/endpointSummaries';
import { API_SAMPLES, type ApiSample } from './apiSamples';
import {
  errorCodesOf,
  PATH_PARAM_NOTES,
  sdkCall,
  sdkErrorOf,
  WIRE_ERROR_CODES,
  WIRE_ERROR_MEANING,
} from './callFacts';
import {
  answerSchemaOf,
  type ContractSchemas,
  contractSchemas,
  type JsonSchema,
  pathParams,
  refName,
} from './contractSchemas';
import { openApiDocument } from './openApi';
import { cell, constraints, fieldTable, hasFields, typeLabel } from './schemaMarkdown';

/** The repository's root. */
const REPO_ROOT = new URL('../../../', import.meta.url);
/** The API reference. */
export const API_DOCS_FILE = new URL('docs/api.md', REPO_ROOT);
/** The OpenAPI 3.1 document. */
export const OPENAPI_FILE = new URL('docs/openapi.json', REPO_ROOT);

const REGENERATE =
  'UPDATE_API_DOCS=1 npx vitest run --project sdk packages/pos-sdk/src/__tests__/apiDocs.test.ts';

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];
const KEYED = NAMES.filter((name) => ENDPOINTS[name].idempotent);
const ENGINE = NAMES.filter((name) => ENDPOINTS[name].base === 'engine');

const code = (text: string) => `\`${text}\``;
const callTitle = (name: EndpointName) => `${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`;
const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

/** A schema as a table of fields, or a one-line description when it is a list or a union. */
function describeSchema(schemas: ContractSchemas, schema: JsonSchema): string {
  const name = refName(schema);
  const resolved = name === undefined ? schema : (schemas.components[name] ?? schema);
  const named = name === undefined ? '' : ` (${code(name)})`;
  if (hasFields(resolved)) return `an object${named}:\n\n${fieldTable(resolved)}`;
  return `${typeLabel(resolved)}${named}${constraints(resolved) ? `: ${constraints(resolved)}` : ''}`;
}

function asJsonSchema(
  schemas: ContractSchemas,
  zodSchema: Parameters<ContractSchemas['nameOf']>[0],
): JsonSchema {
  const name = schemas.nameOf(zodSchema);
  if (name === undefined) throw new Error('every schema of ENDPOINTS must be exported from the contract');
  return { $ref: `#/components/schemas/${name}` };
}

function bodySection(name: EndpointName, schemas: ContractSchemas): string {
  const def = ENDPOINTS[name];
  if (def.body === 'multipart') {
    return `**Body**: ${code('multipart/form-data')} with field ${code('file')}: a JPEG named ${code('{ticketId}.jpg')}, at most ${FACE_PHOTO_MAX_BYTES / 1024 / 1024} MB; or no body at all for a non-shareable ticket already used.`;
  }
  if (def.body === 'none' || def.request === null) return '**Body**: none.';
  const schema = asJsonSchema(schemas, def.request);
  const resolved = schemas.components[refName(schema) ?? ''];
  if (resolved && !hasFields(resolved)) return `**Body**: ${code('{}')} (no fields).`;
  return `**Body**: ${describeSchema(schemas, schema)}`;
}

function answerSection(name: EndpointName, schemas: ContractSchemas): string {
  const def = ENDPOINTS[name];
  if (def.responseKind === 'stream') {
    return `**Answer**: the orders of the period, streamed: ${code('text/csv')} by default (one row per order), or JSON, an array of ${code('Order')}, when ${code('format')} is ${code('json')}.`;
  }
  if (def.responseKind === 'binary') return `**Answer**: the photo's bytes, ${code('image/jpeg')}.`;
  const answer = answerSchemaOf(name);
  if (answer === null) return '**Answer**: JSON.';
  return `**Answer**: ${describeSchema(schemas, asJsonSchema(schemas, answer))}`;
}

/** Lists in the examples show at most this many items (the demo catalogue, the ids reserved for offline sales). */
const EXAMPLE_LIST_ITEMS = 3;

/** A recorded answer for the reference: every list cut to its first {@link EXAMPLE_LIST_ITEMS} items. */
function shortened(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_LIST_ITEMS).map(shortened);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortened(item)]));
  return value;
}

function example(name: EndpointName): string {
  const def = ENDPOINTS[name];
  const sample: ApiSample = API_SAMPLES[name];
  const path = pathParams(def.path).reduce(
    (built, param) => built.replace(`:${param}`, sample.params?.[param] ?? param),
    def.path,
  );
  const lines = ['<details><summary>Example</summary>', '', '```http', `${def.method} ${path}`, '```'];
  if (sample.request !== undefined) lines.push('', 'Body:', '', json(shortened(sample.request)));
  if (typeof sample.response === 'string')
    lines.push('', 'Answer:', '', '```csv', sample.response.trimEnd(), '```');
  else if (sample.response !== undefined) lines.push('', 'Answer:', '', json(shortened(sample.response)));
  lines.push('', '</details>');
  return lines.join('\n');
}

function callSection(name: EndpointName, schemas: ContractSchemas): string {
  const def = ENDPOINTS[name];
  const params = pathParams(def.path);
  const errors = errorCodesOf(name)
    .map((wire) => `${WIRE_ERROR_STATUS[wire]} ${code(wire)} (${sdkErrorOf(wire).name})`)
    .join(', ');
  const facts = [
    '| | |',
    '|---|---|',
    `| Call | ${code(callTitle(name))} |`,
    `| Address | ${def.base === 'engine' ? 'engine address (`engineUrl`)' : 'API address (`baseUrl`)'} |`,
    `| Token | ${def.auth ? '`Authorization: Bearer <userToken>`' : 'none'} |`,
    `| Idempotency | ${def.idempotent ? '`Idempotency-Key` accepted; the SDK retries on no answer or 5xx' : 'none; never retried'} |`,
    `| SDK | ${code(sdkCall(name))} |`,
    `| Errors | ${errors} |`,
    ...params.map((param) => `| ${code(`:${param}`)} | ${cell(PATH_PARAM_NOTES[param] ?? '')} |`),
  ];
  return [
    `### ${name}`,
    '',
    ENDPOINT_SUMMARIES[name],
    '',
    facts.join('\n'),
    '',
    bodySection(name, schemas),
    '',
    answerSection(name, schemas),
    '',
    example(name),
  ].join('\n');
}

/** The named types that calls refer to inside their bodies and answers, transitively. */
function referencedTypes(schemas: ContractSchemas): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    const name = refName(value as JsonSchema);
    if (name === undefined) {
      for (const child of Object.values(value)) visit(child);
    } else if (!found.has(name)) {
      found.add(name);
      visit(schemas.components[name]);
    }
  };
  for (const name of NAMES) {
    for (const schema of [ENDPOINTS[name].request, answerSchemaOf(name)]) {
      const top = schema === null ? undefined : schemas.nameOf(schema);
      if (top !== undefined) visit(schemas.components[top]); // the call's own shape is shown with the call
    }
  }
  return [...found].sort();
}

function typesSection(schemas: ContractSchemas): string {
  return referencedTypes(schemas)
    .map((name) => {
      const schema = schemas.components[name] ?? {};
      const body = hasFields(schema)
        ? fieldTable(schema)
        : `${typeLabel(schema)}. ${constraints(schema)}`.trim();
      return `### ${name}\n\n${body}`;
    })
    .join('\n\n');
}

function conventions(schemas: ContractSchemas): string {
  const errorRows = WIRE_ERROR_CODES.map((wire) => {
    const sdk = sdkErrorOf(wire);
    return `| ${WIRE_ERROR_STATUS[wire]} | ${code(wire)} | ${cell(WIRE_ERROR_MEANING[wire])} | ${sdk.name} | ${code(sdk.code)} |`;
  });
  const errorBody = schemas.components[schemas.nameOf(ErrorBodySchema) ?? ''] ?? {};
  const fieldIssue = schemas.components[schemas.nameOf(FieldIssueSchema) ?? ''] ?? {};
  return `## Conventions

### Addresses

Two base addresses, as in the spec (section 7): the public **API address** (\`baseUrl\`) and the
**engine address** (\`engineUrl\`, which defaults to the API address). The engine address serves
${ENGINE.map((name) => code(callTitle(name))).join(' and ')}; every other call goes to the API address.
The reference server answers both. The store code in catalogue paths and in \`origin\` is
\`${DEFAULT_STORE}\` unless configured: a paired device uses its terminal's store, which \`adminLogin\` also names.

### Headers

| Header | Sent on | Value |
|---|---|---|
| \`Authorization\` | every call except ${NAMES.filter((name) => !ENDPOINTS[name].auth)
    .map(code)
    .join(', ')} | \`Bearer <userToken>\` from \`adminLogin\` |
| \`X-Host-Name\` | every call | the terminal's host id (default \`${DEFAULT_HOST_ID}\`): a terminal registered on the server (1 to 64 letters, digits, \`.\`, \`_\` or \`-\`, starting with a letter or a digit); a user token works only from the terminal it signed in on. A device learns its terminal and store by pairing (\`pairDevice\` with a manager's one-time code from \`terminalPair\`) |
| \`Content-Type\` | calls with a body | \`application/json\`; \`multipart/form-data\` for \`registerFace\` |
| \`Idempotency-Key\` | ${KEYED.map(code).join(', ')} | a UUID, one per operation |

Requests are sent with credentials (\`credentials: 'include'\`). Every POST without listed fields
may send \`{}\`.

Every call needs a valid user token unless marked otherwise: a missing, forged, expired or revoked token, or
one used from another terminal than the one it signed in on, is 403 \`forbidden\`, on unknown paths too.
\`signOut\` revokes the token it carries at once.

### Money on the wire

${MONEY_TEXT} The largest accepted amount is ${MAX_RINGGIT}.
Inside the SDK amounts are integer sen; convert at the boundary with \`fromRinggit\` / \`toRinggit\`.

### Tax

A venue's tax codes (\`taxList\`, \`taxSet\`: a name, a rate in basis points, 800 = 8 %, and the MyInvois tax type) are
in \`venue\`'s \`tax_codes\`; a catalogue variant names one (\`tax_code\` on \`passes\` and \`merchandises\`). A venue
without codes sells exactly as before and its orders carry no tax fields. The one rounding rule (\`lineTax\`,
\`cartTax\` of \`pos-sdk/rules\`): each line is taxed on its amount after its discount at its code's rate, half up to
the sen; the order's tax is the sum of its lines' (never a tax of the sum). With \`prices_include_tax\` (the default)
the tax is the part of each line that it is: \`amount × rate / (10000 + rate)\`, and the customer pays the subtotal
(RM 49.00 at 8 % holds RM 3.63). Without it the tax is \`amount × rate / 10000\` on top and the customer pays
\`subtotal + tax\` (RM 49.00 + RM 3.92): tenders, change and 'Payment is short by RM {x}' are against that amount,
which is the order's \`total_amount\`. A checkout may send each line's \`tax\` and the cart's \`tax\`; the server
computes its own at the codes' rates now and answers 409 with both figures when they differ. The order keeps each
line's code, rate and tax (\`order_details.cart.tax\`, \`.taxes\` per code with its base, \`.prices_include_tax\`), so
a later rate change never alters it; a refund gives back each line's share of its tax (\`refunds[].tax\`), the last
refund of a line what is left of it. A renewal is taxed as its pass.

### Times

The server answers ISO 8601 strings in UTC (\`2026-11-22T01:30:00.000Z\`, 09:30 in Kuala Lumpur); requests may give
any offset (\`2026-11-22T00:00:00.000+08:00\`). Birth dates are \`YYYY-MM-DD\`.
"Today" is the venue's local day (\`POS_TIMEZONE\`, default \`Asia/Kuala_Lumpur\`), never the UTC day.

### Unknown fields

Answers may carry more fields than listed here; clients ignore them (the SDK drops them when it
parses an answer). Fields are never renamed or removed.

### Errors

Every error answer has the body \`{ message, code, details? }\`:

${fieldTable(errorBody)}

\`details\` of a 400 is a list of field issues:

${fieldTable(fieldIssue)}

Each issue's \`message\` says what the field must be, in the words the contract gives it (\`must not be negative\`,
'Invalid email format'), else in the same style (\`must be given\`, \`must be a number\`, \`must be at most 999\`,
\`must have at most 100 items\`, \`must be one of "CASH", "CREDIT CARD", "E-WALLET", "GIFT CARD"\`). The answer's
\`message\` names the first wrong field and how many more there are: \`Invalid items.0.quantity: must be at most 999
(and 1 more)\`.

| Status | \`code\` | Meaning | SDK error | SDK \`code\` |
|---|---|---|---|---|
${errorRows.join('\n')}

In the SDK every failure is a \`PosError\` whose \`code\` is the wire's \`code\` above, keeping the server's
\`message\` for display. With no answer at all (connection refused or dropped, DNS failure: code \`network\`; no
answer within the timeout, default ${DEFAULT_TIMEOUT_MS / 1000} s per attempt: code \`timeout\`) it is a
\`NetworkError\` with the message 'Server not responding'; an answer that is not JSON or not the shape below has code
\`contract_mismatch\`; a call its caller aborted has code \`aborted\`. A 403 \`forbidden\` calls the client's
\`onUnauthorized\` once (the session is over: clients sign out); a 403 \`not_permitted\` and a 401 do not.

### Idempotency

The money-moving calls (${KEYED.map(code).join(', ')}) accept \`Idempotency-Key: <uuid>\`. The same
key with the same body within 24 hours returns the first result without doing the work again; with
another body it is a 409. The SDK sends the key given in the call's options, or generates one per
call, and retries these calls only, on no answer or a 5xx, up to ${DEFAULT_RETRIES} times, waiting
${DEFAULT_RETRY_DELAY_MS} ms × 2^n, with the same key each time. No other call is retried.`;
}

/**
 * The one call ENDPOINTS does not hold, written here by hand: the customer display's event stream is no JSON call
 * (an EventSource reads it, and sends no headers).
 */
const DISPLAY_EVENTS_TEXT = `## The customer display's event stream

\`GET ${DISPLAY_EVENTS_PATH}?token=<display_token>\`: no JSON call, so it is not in the table above. A tablet's
\`/display\` follows a till's sale with it (an \`EventSource\` cannot send headers, so the token is in the query and no
\`Authorization\` or \`X-Host-Name\` is needed). The token is the \`display_token\` of [displayClaim](#displayclaim): it
reads this stream of its terminal and nothing else (every other call answers it 403 \`forbidden\`). The SDK follows it
with \`subscribeDisplay(api, token, onMessage, { signal, onUnpaired })\`; \`api.displayEventsUrl(token)\` is its address.

The answer is \`text/event-stream\`:

- at once \`retry: 3000\` and the terminal's latest message (\`idle\` when the till published none), then each message
  the till publishes ([displayPublish](#displaypublish)), one event each: \`data: <DisplayMessage as JSON>\`;
- a comment line \`: heartbeat\` every 15 seconds while nothing changes;
- \`event: ${DISPLAY_UNPAIRED_EVENT}\` (data \`{}\`) when the till unpairs the tablet ([displayUnpair](#displayunpair)) or
  another tablet claims a new code of the same terminal; the stream ends after it. A token the server does not hold
  (unpaired, replaced, or the server restarted: pairings live in the server process's memory) gets this event at once.

A query without a token of the right shape is a 400 \`invalid_request\`. Several server processes behind one address
must send a terminal's calls and its tablet's stream to the same process (sticky routing): the latest messages and
the pairings are kept in memory, per process.

\`\`\`http
GET ${DISPLAY_EVENTS_PATH}?token=J9NkPEJN-c5EaPrUdMN1B0nFAOdQ9Mu4er9k55z77og
Accept: text/event-stream

HTTP/1.1 200 OK
Content-Type: text/event-stream; charset=utf-8

retry: 3000
data: {"kind":"sale","lines":[{"sku":"DAY-ADULT","name":"Day Pass - Adult","quantity":2,"unit_price":49,"amount":88.2,"discount":"10% discount"}],"total":88.2,"tenders":[{"method":"CASH","amount":100}],"change":11.8}

: heartbeat

event: ${DISPLAY_UNPAIRED_EVENT}
data: {}
\`\`\``;

const MONEY_TEXT =
  'A decimal number of ringgit with at most 2 decimals (`49`, `12.5`); never a string, `NaN` or `Infinity`.';

/** The API reference, in Markdown: conventions, a summary table, one section per call, the shared types. */
export function renderApiDocs(): string {
  const schemas = contractSchemas();
  const summary = NAMES.map((name) => {
    const def = ENDPOINTS[name];
    return `| [${name}](#${name.toLowerCase()}) | ${code(callTitle(name))} | ${def.base} | ${def.auth ? 'yes' : 'no'} | ${def.idempotent ? 'yes' : 'no'} | ${cell(ENDPOINT_SUMMARIES[name])} |`;
  });
  return `${[
    '# API reference',
    '',
    '<!-- Generated from packages/pos-sdk/src/contract by packages/pos-sdk/scripts/gen-api-docs.ts. Do not edit. -->',
    '',
    'The HTTP contract between the SDK, the CLI, the UI and the server, generated from the zod',
    'contract (`packages/pos-sdk/src/contract`, imported as `pos-sdk/contract`): the server validates',
    'with the same schemas and the SDK parses every answer with them. The same calls as an OpenAPI 3.1',
    'document: [openapi.json](openapi.json). Regenerate both after a contract change:',
    '',
    '```sh',
    REGENERATE,
    '```',
    '',
    conventions(schemas),
    '',
    '## Calls',
    '',
    '| Call | Method and path | Address | Token | Keyed | What it does |',
    '|---|---|---|---|---|---|',
    ...summary,
    '',
    "Each call's example is what the reference server sent and answered in a recorded day at the till (lists cut to",
    'their first three items): the fixtures of `pos-sdk/testing`, which a server test keeps equal to what the server',
    'answers. [testing.md](testing.md) shows how to use them in contract tests.',
    '',
    ...NAMES.flatMap((name) => [callSection(name, schemas), '']),
    DISPLAY_EVENTS_TEXT,
    '',
    '## Types',
    '',
    'The shapes the calls above share, by name.',
    '',
    typesSection(schemas),
  ].join('\n')}\n`;
}

/** The OpenAPI 3.1 document, as JSON text. */
export function renderOpenApi(): string {
  return `${JSON.stringify(openApiDocument(contractSchemas()), null, 2)}\n`;
}

/** `text` as the repository's Biome formats the file `file` (tables aligned, JSON arrays folded). */
export function formatAsRepository(text: string, file: URL): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  return execFileSync(process.execPath, [biome, 'format', `--stdin-file-path=${fileURLToPath(file)}`], {
    cwd: fileURLToPath(REPO_ROOT),
    input: text,
    encoding: 'utf8',
  });
}

/** The generated files and their exact content on disk. */
export function generatedApiDocs(): { readonly file: URL; readonly text: string }[] {
  return [
    { file: API_DOCS_FILE, text: formatAsRepository(renderApiDocs(), API_DOCS_FILE) },
    { file: OPENAPI_FILE, text: formatAsRepository(renderOpenApi(), OPENAPI_FILE) },
  ];
}

/** Writes `docs/api.md` and `docs/openapi.json`. */
export function writeApiDocs(): void {
  for (const { file, text } of generatedApiDocs()) writeFileSync(file, text);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  writeApiDocs();
  console.log(`wrote ${fileURLToPath(API_DOCS_FILE)} and ${fileURLToPath(OPENAPI_FILE)}`);
}
