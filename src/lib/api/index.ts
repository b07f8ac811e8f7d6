/** Browser API client (docs/api.md, docs/reply-codes.md, ARCHITECTURE.md). Import from here, not the parts. */
export {
  get,
  type InputOf,
  post,
  postQuery,
  type ReplyOf,
  request,
  serverText,
  successData,
  unwrap,
} from './client';
export {
  type ApiConfig,
  apiConfig,
  configureApi,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type Notify,
  type NotifyKind,
  resetApiConfig,
  type Translate,
} from './config';
export { type ConsoleReply, consoleCall, fieldErrors } from './console';
export {
  createListLoader,
  isLastPage,
  type ListLoader,
  type ListLoaderOptions,
  type ListState,
  type PageData,
  type PageFetcher,
  type PageRequest,
} from './list-loader';
export type { ApiPath, RouteAt } from './routes';
export {
  type ApiBusiness,
  ApiError,
  type ApiFailure,
  type ApiOk,
  type ApiResult,
  type ApiStream,
  type ApiStreamResult,
  type ApiText,
  type Method,
  type QueryData,
  type QueryValue,
  type RequestOptions,
  type StreamOptions,
} from './types';
