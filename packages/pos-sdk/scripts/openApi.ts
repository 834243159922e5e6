/** The contract as an OpenAPI 3.1 document (its schemas are JSON Schema 2020-12, as zod writes them). */
import { DEFAULT_HOST_ID } from '../src/api/ApiConfig';
import {
  ENDPOINTS,
  type EndpointName,
  FACE_PHOTO_MAX_BYTES,
  OrderSchema,
  WIRE_ERROR_STATUS,
} from '../src/contract';
import { ENDPOINT_SUMMARIES } from '../src/contract/endpointSummaries';
import { errorCodesOf, PATH_PARAM_NOTES, WIRE_ERROR_MEANING } from './callFacts';
import { answerSchemaOf, COMPONENTS_URI, type ContractSchemas, pathParams } from './contractSchemas';

function refTo(schemas: ContractSchemas, schema: Parameters<ContractSchemas['nameOf']>[0], what: string) {
  const name = schemas.nameOf(schema);
  if (name === undefined) throw new Error(`${what}: its schema is not exported from the contract`);
  return { $ref: `${COMPONENTS_URI}${name}` };
}

function requestBody(name: EndpointName, schemas: ContractSchemas): object | undefined {
  const def = ENDPOINTS[name];
  if (def.body === 'json' && def.request) {
    return { required: true, content: { 'application/json': { schema: refTo(schemas, def.request, name) } } };
  }
  if (def.body === 'multipart') {
    return {
      required: false,
      description: `The face photo; no body at all for a used non-shareable ticket.`,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: {
                type: 'string',
                contentMediaType: 'image/jpeg',
                description: `A JPEG named \`{ticketId}.jpg\`, at most ${FACE_PHOTO_MAX_BYTES} bytes.`,
              },
            },
            required: ['file'],
          },
        },
      },
    };
  }
  return undefined;
}

function successContent(name: EndpointName, schemas: ContractSchemas): object {
  const def = ENDPOINTS[name];
  if (def.responseKind === 'stream') {
    // CSV rows by default; with format json, an array of the period's orders.
    const order = refTo(schemas, OrderSchema, 'Order');
    return {
      'text/csv': { schema: { type: 'string' } },
      'application/json': { schema: { type: 'array', items: order } },
    };
  }
  if (def.responseKind === 'binary') {
    return { 'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } } };
  }
  const schema = answerSchemaOf(name);
  return { 'application/json': { schema: schema ? refTo(schemas, schema, name) : {} } };
}

function operation(name: EndpointName, schemas: ContractSchemas): object {
  const def = ENDPOINTS[name];
  const parameters: object[] = [
    { $ref: '#/components/parameters/HostName' },
    ...(def.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ...pathParams(def.path).map((param) => ({
      name: param,
      in: 'path',
      required: true,
      description: PATH_PARAM_NOTES[param] ?? '',
      schema: { type: 'string' },
    })),
  ];
  const errors = Object.fromEntries(
    errorCodesOf(name).map((code) => [
      String(WIRE_ERROR_STATUS[code]),
      {
        description: `\`${code}\`: ${WIRE_ERROR_MEANING[code]}`,
        content: { 'application/json': { schema: { $ref: `${COMPONENTS_URI}ErrorBody` } } },
      },
    ]),
  );
  const body = requestBody(name, schemas);
  return {
    operationId: name,
    summary: ENDPOINT_SUMMARIES[name],
    security: def.auth ? [{ bearer: [] }] : [],
    parameters,
    ...(body ? { requestBody: body } : {}),
    responses: { '200': { description: 'OK', content: successContent(name, schemas) }, ...errors },
  };
}

/** The OpenAPI 3.1 document of every call of `ENDPOINTS`. */
export function openApiDocument(schemas: ContractSchemas): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const def = ENDPOINTS[name];
    const path = def.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const item = paths[path] ?? {};
    if (def.base === 'engine') {
      item.servers = [{ url: '/', description: 'The engine address (defaults to the API address).' }];
    }
    item[def.method.toLowerCase()] = operation(name, schemas);
    paths[path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'POS terminal API',
      version: '1',
      description:
        'Generated from the zod contract (packages/pos-sdk/src/contract) by packages/pos-sdk/scripts/gen-api-docs.ts. See docs/api.md.',
    },
    servers: [{ url: '/', description: 'The API address.' }],
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The userToken of admin_login.' },
      },
      parameters: {
        HostName: {
          name: 'X-Host-Name',
          in: 'header',
          required: true,
          description: "The terminal's host id.",
          schema: { type: 'string', default: DEFAULT_HOST_ID },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'The same key with the same body within 24 hours returns the first result without doing the work again; with another body it is a 409.',
          schema: { type: 'string', format: 'uuid' },
        },
      },
    },
  };
}
