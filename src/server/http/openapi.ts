import { z } from 'zod';
import type { AnyRoute } from './route.ts';

function schemaOf(s: z.ZodType | undefined) {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/** Builds the OpenAPI 3.1 document from the route declarations (every route, its permission). */
export function openApiDocument(routes: AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const params = schemaOf(r.params) as { properties?: Record<string, unknown> } | undefined;
    const query = schemaOf(r.query) as { properties?: Record<string, unknown> } | undefined;
    const body = schemaOf(r.body);
    paths[path] ??= {};
    paths[path][r.method] = {
      summary: r.summary,
      tags: r.tags,
      'x-permission': r.permission,
      parameters: [
        ...Object.entries(params?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'path',
          required: true,
          schema,
        })),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', schema })),
      ],
      ...(body
        ? {
            requestBody: {
              content: {
                [r.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                  schema: body,
                },
              },
            },
          }
        : {}),
      responses: {
        '200': { description: 'OK — `{ data }`' },
        '401': { description: 'بدون نشست' },
        '403': { description: 'بدون دسترسی' },
        '419': { description: 'بدون توکن ضدجعل' },
        '422': { description: 'ورودی نامعتبر، پیام به تفکیک فیلد' },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Nazer API', version: '0.1.0' }, paths };
}
