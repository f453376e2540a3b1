/** The part of JSON Schema (as @fastify/swagger writes zod's schemas into OpenAPI 3.0) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
}

interface FuzzParameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One operation of the OpenAPI document, as the fuzzer builds requests for it. */
export interface FuzzOperation {
  /** `POST /v1/withdrawals/{id}/reject`: how findings and counts name it. */
  id: string;
  method: string;
  /** The path template, parameters in braces. */
  path: string;
  pathParams: FuzzParameter[];
  query: FuzzParameter[];
  /** The JSON body, when the operation takes one. */
  body: { schema: JsonSchema; required: boolean } | null;
  /** Behind the console's operator guard: the admin acts there, the attacker only now and then. */
  isConsole: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Replaces `$ref`s to components by the schemas they name (the document has none today; a later one may). */
function resolved(schema: JsonSchema | undefined, document: OpenApiDocument, depth = 0): JsonSchema {
  if (!schema || depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolved(document.components?.schemas?.[name], document, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolved(value, document, depth + 1)]),
    );
  }
  if (schema.items) out.items = resolved(schema.items, document, depth + 1);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    if (schema[key]) out[key] = schema[key].map((branch) => resolved(branch, document, depth + 1));
  }
  return out;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      // A stream of server-sent events never ends, and app.inject waits for the end: its own tests (a real connection)
      // cover it, refusals included (drops/live/drop-live.test.ts).
      if (operation.responses?.['200']?.content?.['text/event-stream']) continue;
      const parameters = operation.parameters ?? [];
      const parameter = (where: string) =>
        parameters
          .filter((candidate) => candidate.in === where)
          .map((candidate) => ({
            name: candidate.name,
            schema: resolved(candidate.schema, document),
            required: Boolean(candidate.required),
          }));
      const json = operation.requestBody?.content?.['application/json'];
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameter('path'),
        query: parameter('query'),
        body: json
          ? { schema: resolved(json.schema, document), required: Boolean(operation.requestBody?.required) }
          : null,
        isConsole: path.startsWith('/v1/console/'),
      });
    }
  }
  return operations;
}
