import type { z } from 'zod';
// Types only: the route table's schemas type every call; no server code reaches the bundle.
import type { RouteTable } from '../../server/api/route-table';
import type { Method } from './types';

/** `/chat/conversations/{uuid}` → `/chat/conversations/${string}`: what a call may send. */
type UrlOf<P extends string> = P extends `${infer A}{${string}}${infer B}` ? `${A}${string}${UrlOf<B>}` : P;
/** docs/api.md names some calls `/api/...`; the client prefixes the rest. */
type Bare<U extends string> = U extends `/api/${infer Rest}` ? `/${Rest}` : U;

type RoutesBy<M extends Method> = Extract<RouteTable, { method: Lowercase<M> }>;

type Segments<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [S];
/** Segment by segment: a `{param}` takes any one non-empty segment, so `/a/{id}` never swallows `/a/b/c`. */
type SameShape<U extends readonly string[], P extends readonly string[]> = U extends [
  infer UH extends string,
  ...infer UT extends string[],
]
  ? P extends [infer PH extends string, ...infer PT extends string[]]
    ? PH extends `{${string}}`
      ? UH extends ''
        ? false
        : SameShape<UT, PT>
      : UH extends PH
        ? SameShape<UT, PT>
        : false
    : false
  : P extends []
    ? true
    : false;
type Templated<M extends Method, U extends string> =
  RoutesBy<M> extends infer R
    ? R extends { path: infer P extends string }
      ? SameShape<Segments<U>, Segments<P>> extends true
        ? R
        : never
      : never
    : never;

/** The route a call reaches: a literal path wins over a templated one (`/chat/search` over `/chat/{id}`). */
export type RouteAt<M extends Method, U extends string> = [Extract<RoutesBy<M>, { path: Bare<U> }>] extends [never]
  ? Templated<M, Bare<U>>
  : Extract<RoutesBy<M>, { path: Bare<U> }>;

/** Every address a call with this method may use. */
export type ApiPath<M extends Method> = UrlOf<RoutesBy<M>['path']> | `/api${UrlOf<RoutesBy<M>['path']>}`;

type JsonSchema<C> = C extends { content: { 'application/json': { schema: infer S extends z.ZodType } } } ? S : never;
type FormSchema<C> = C extends { content: { 'multipart/form-data': unknown } } ? FormData : never;

/** The `data` of the route's code-200 reply, as the server's schema outputs it. */
export type ReplyData<R> = R extends { responses: { 200: infer Ok } }
  ? z.output<JsonSchema<Ok>> extends { data: infer D }
    ? D
    : never
  : never;

/** What a call sends: GET query parameters, or the JSON (or multipart) body, as the schema accepts it. */
export type RequestData<R> = R extends { method: 'get' }
  ? R extends { request: { query: infer Q extends z.ZodType } }
    ? z.input<Q>
    : undefined
  : R extends { request: { body: infer B } }
    ? [JsonSchema<B>] extends [never]
      ? FormSchema<B>
      : z.input<JsonSchema<B>>
    : undefined;

/** The query parameters of a route that reads them beside (or instead of) a body: a POST's query. */
export type QueryOfRoute<R> = R extends { request: { query: infer Q extends z.ZodType } } ? z.input<Q> : never;

/** The data argument is optional when the schema needs nothing (every field optional, or no body). */
export type DataArgs<D, O> = undefined extends D
  ? [data?: D, opts?: O]
  : Record<string, never> extends D
    ? [data?: D, opts?: O]
    : [data: D, opts?: O];
