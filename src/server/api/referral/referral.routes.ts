import { createRoute } from '@hono/zod-openapi';
import {
  MyReferral,
  Withdrawal,
  WithdrawalPage,
  withdrawalPageQuery,
  withdrawBody,
} from '../../../shared/contract/referral';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

// The signed-in user's invites, commission and withdrawals (docs/referral.md).
const tags = ['referral'];

export const mine = createRoute({
  security: access.login,
  method: 'get',
  path: '/referral/mine',
  tags,
  summary: "The caller's invite code, invitees, rewards, commission balances and the rules",
  responses: jsonResponses(MyReferral, { 1000001: 'not logged in' }),
});

export const withdrawals = createRoute({
  security: access.login,
  method: 'get',
  path: '/referral/withdrawals',
  tags,
  summary: "The caller's withdrawal requests, newest first",
  request: { query: withdrawalPageQuery },
  responses: jsonResponses(WithdrawalPage, { 1000001: 'not logged in' }),
});

export const withdraw = createRoute({
  security: access.login,
  method: 'post',
  path: '/referral/withdrawals',
  tags,
  summary: 'Asks to withdraw from the available commission (held until the console pays or rejects it)',
  request: { body: jsonBody(withdrawBody) },
  responses: jsonResponses(Withdrawal, {
    1000001: 'not logged in',
    400: 'below the minimum, or more than is available',
  }),
});
