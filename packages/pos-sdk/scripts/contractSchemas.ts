/**
 * The contract's zod schemas as JSON Schema (zod 4's `z.toJSONSchema`), each named after its
 * export (`OrderSchema` -> `Order`), so the reference and the OpenAPI document can point at one
 * definition instead of repeating it.
 */
import { z } from 'zod';
import { HealthResponseSchema } from '../src/api/ApiClient';
import * as contract from '../src/contract';
import {
  ENDPOINTS,
  type EndpointName,
  MAX_RINGGIT,
  MoneySchema,
  NonNegativeMoneySchema,
} from '../src/contract';

/** A JSON Schema as zod writes it. */
export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** Where the named schemas live, in the OpenAPI document and in `$ref`s. */
export const COMPONENTS_URI = '#/components/schemas/';

const SCHEMA_SUFFIX = 'Schema';

/** Money refines a number: its limits are `minimum` and `maximum`; its 2 decimals only the description can say. */
const MONEY_DESCRIPTION = `An amount of ringgit: a decimal number with at most 2 decimals (49, 12.5), at most ${MAX_RINGGIT}.`;

/** Whether a schema gets a name of its own (objects, lists and unions do; strings and enums are shown inline). */
function isNamedShape(schema: z.core.$ZodType): boolean {
  return (
    schema instanceof z.core.$ZodObject ||
    schema instanceof z.core.$ZodArray ||
    schema instanceof z.core.$ZodUnion
  );
}

/** What JSON Schema cannot say about a schema (its refinements), by schema. */
const DESCRIPTIONS = new Map<unknown, string>([
  [MoneySchema, MONEY_DESCRIPTION],
  [NonNegativeMoneySchema, `${MONEY_DESCRIPTION} Not negative.`],
]);

/** A registry naming every object, list and union schema the contract exports, plus money. */
function contractRegistry(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  registry.add(MoneySchema, { id: 'Money' });
  registry.add(NonNegativeMoneySchema, { id: 'NonNegativeMoney' });
  registry.add(HealthResponseSchema, { id: 'HealthResponse' });
  for (const [name, value] of Object.entries(contract)) {
    if (!name.endsWith(SCHEMA_SUFFIX) || !(value instanceof z.core.$ZodType) || !isNamedShape(value))
      continue;
    if (!registry.has(value)) registry.add(value, { id: name.slice(0, -SCHEMA_SUFFIX.length) });
  }
  return registry;
}

/** The contract's schemas and their names. */
export interface ContractSchemas {
  /** Every named schema as JSON Schema (with `$ref`s to each other), by name. */
  readonly components: Readonly<Record<string, JsonSchema>>;
  /** The name of a contract schema, if it has one. */
  nameOf(schema: z.core.$ZodType): string | undefined;
}

/** Converts the contract once: `io: 'input'` (what travels), refinements left to the descriptions. */
export function contractSchemas(): ContractSchemas {
  const registry = contractRegistry();
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input', // the wire shape: unknown fields are allowed (clients drop them), not forbidden
    unrepresentable: 'any',
    uri: (id) => `${COMPONENTS_URI}${id}`,
    override: ({ zodSchema, jsonSchema }) => {
      const description = DESCRIPTIONS.get(zodSchema);
      if (description !== undefined) jsonSchema.description = description;
      if (zodSchema === MoneySchema || zodSchema === NonNegativeMoneySchema) {
        jsonSchema.minimum = zodSchema === MoneySchema ? -MAX_RINGGIT : 0;
        jsonSchema.maximum = MAX_RINGGIT;
      }
    },
  });
  const components: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    components[name] = rest;
  }
  return { components, nameOf: (schema) => registry.get(schema)?.id };
}

/** The JSON answer schema of a call (health's lives in the client until the contract has one). */
export function answerSchemaOf(name: EndpointName): z.core.$ZodType | null {
  return name === 'health' ? HealthResponseSchema : ENDPOINTS[name].response;
}

/** The name of a `$ref` to a component, or undefined. */
export function refName(schema: JsonSchema): string | undefined {
  return schema.$ref?.startsWith(COMPONENTS_URI) ? schema.$ref.slice(COMPONENTS_URI.length) : undefined;
}

/** The path parameters of a path: `/v2/register_face/:ticketId` -> `['ticketId']`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => name ?? '');
}
