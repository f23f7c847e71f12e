// Test support: the operations of the API as the published OpenAPI document describes them, so the fuzz suite
// follows every route added later without being told.

/** The part of JSON Schema (as @hono/zod-openapi writes it) the fuzz generator reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema };

export type Operation = {
  /** "POST /api/groups/{groupId}/expenses": how failures name the operation. */
  id: string;
  method: string;
  path: string;
  params: Parameter[];
  body: { mediaType: string; schema: JsonSchema } | null;
};

type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of an OpenAPI 3.1 document, in document order. */
export function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = Object.entries(operation.requestBody?.content ?? {})[0];
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: operation.parameters ?? [],
        body: content ? { mediaType: content[0], schema: content[1].schema ?? {} } : null,
      });
    }
  }
  return operations;
}

/** The first non-null type a schema allows (`["string","null"]` → "string"). */
export function typeOf(schema: JsonSchema): string | undefined {
  if (schema.anyOf) return schema.anyOf.map(typeOf).find((type) => type && type !== 'null');
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

export const isJsonMediaType = (mediaType: string) => /^application\/([\w.-]+\+)?json$/.test(mediaType);
