/** JSON Schema (as zod writes it) rendered as Markdown: a type label, or a table of fields. */
import { type JsonSchema, refName } from './contractSchemas';

type SchemaOrBool = JsonSchema | boolean;

function asSchema(value: SchemaOrBool | SchemaOrBool[] | undefined): JsonSchema {
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** Escapes the characters that would break a Markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Link to a named type's section. */
function typeLink(name: string): string {
  return `[${name}](#${name.toLowerCase()})`;
}

function isEmptyObject(schema: JsonSchema): boolean {
  return schema.type === 'object' && Object.keys(schema.properties ?? {}).length === 0;
}

function isInlineObject(schema: JsonSchema): boolean {
  return schema.type === 'object' && !isEmptyObject(schema);
}

/** A short type label: `string (date-time)`, `` `CASH` \| `CARD` ``, `[Order](#order)[]`, `integer`... */
export function typeLabel(schema: JsonSchema): string {
  const name = refName(schema);
  if (name !== undefined) return typeLink(name);
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(' | ');
  if (schema.enum) return schema.enum.map((value) => `\`${String(value)}\``).join(' | ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  switch (schema.type) {
    case 'array': {
      const item = typeLabel(asSchema(schema.items));
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    case 'object':
      return isEmptyObject(schema) ? '`{}`' : 'object';
    case 'string':
      return schema.format ? `string (${schema.format})` : 'string';
    case undefined:
      return 'any';
    default:
      return Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  }
}

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  return undefined;
}

/** A bound worth stating: zod's integers carry the safe-integer limits, which say nothing. */
function bound(value: number | undefined): number | undefined {
  return value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;
}

function exclusive(schema: JsonSchema): string | undefined {
  const above =
    typeof schema.exclusiveMinimum === 'number' ? `more than ${schema.exclusiveMinimum}` : undefined;
  const below =
    typeof schema.exclusiveMaximum === 'number' ? `less than ${schema.exclusiveMaximum}` : undefined;
  return [above, below].filter(Boolean).join(', ') || undefined;
}

/** What the schema requires beyond its type: lengths, bounds, a pattern, its description. */
export function constraints(schema: JsonSchema): string {
  const notes = [
    range(schema.minLength, schema.maxLength, ' characters'),
    range(bound(schema.minimum), bound(schema.maximum), ''),
    exclusive(schema),
    range(schema.minItems, schema.maxItems, ' items'),
    schema.pattern && !schema.format ? `pattern \`${schema.pattern}\`` : undefined,
    schema.description,
  ];
  return notes.filter((note) => note !== undefined && note !== '').join('; ');
}

/** The inline object a field holds (itself, its list's items, or the non-null side of a union). */
function nestedObject(schema: JsonSchema): { schema: JsonSchema; suffix: string } | undefined {
  if (isInlineObject(schema)) return { schema, suffix: '.' };
  if (schema.type === 'array' && isInlineObject(asSchema(schema.items))) {
    return { schema: asSchema(schema.items), suffix: '[].' };
  }
  const objects = (schema.anyOf ?? []).filter(isInlineObject);
  if (objects.length === 1 && objects[0]) return { schema: objects[0], suffix: '.' };
  return undefined;
}

function fieldRows(schema: JsonSchema, prefix: string): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => {
    const field = asSchema(value);
    const path = `${prefix}${key}`;
    const row = `| \`${path}\` | ${cell(typeLabel(field))} | ${required.has(key) ? 'yes' : 'no'} | ${cell(constraints(field))} |`;
    const nested = nestedObject(field);
    return nested ? [row, ...fieldRows(nested.schema, `${path}${nested.suffix}`)] : [row];
  });
}

/** A table of an object's fields, nested inline objects flattened (`payment.methods[].type`). */
export function fieldTable(schema: JsonSchema): string {
  return ['| Field | Type | Required | Notes |', '|---|---|---|---|', ...fieldRows(schema, '')].join('\n');
}

/** Whether the schema is an object with fields (rendered as a table rather than a label). */
export function hasFields(schema: JsonSchema): boolean {
  return isInlineObject(schema);
}
