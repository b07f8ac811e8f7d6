import { applied } from '../../../shared/contract/admin';
import { idParam } from '../../../shared/contract/common';
import {
  complaintCloseBody,
  complaintDetail,
  complaintQueue,
  complaintQueueQuery,
  complaintReplyBody,
  complaintTakedownBody,
} from '../../../shared/contract/compliance';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody } from '../route-kit';

// The console's complaint queue (docs/compliance.md): operators and admins.

export const queue = consoleRoute('get', '/admin/complaints', complaintQueue, {
  summary: 'Complaints by state, soonest due first, with time to their deadline',
  request: { query: complaintQueueQuery },
});

export const detail = consoleRoute('get', '/admin/complaints/{id}', complaintDetail, {
  summary: 'One complaint whole: its replies and the public item its address names, if any',
  request: { params: idParam },
  more: { 404: 'no such complaint (HTTP 404)' },
});

export const reply = consoleRoute('post', '/admin/complaints/{id}/reply', applied, {
  summary: 'Replies to a complaint: stored, e-mailed to the filer and shown by its status lookup (audited)',
  request: { params: idParam, body: jsonBody(complaintReplyBody) },
  more: { 404: 'no such complaint (HTTP 404)' },
});

export const close = consoleRoute('post', '/admin/complaints/{id}/close', applied, {
  summary: 'Closes a complaint, with a reason (audited)',
  request: { params: idParam, body: jsonBody(complaintCloseBody) },
  more: { 404: 'no such complaint (HTTP 404)' },
});

export const takedown = consoleRoute('post', '/admin/complaints/{id}/takedown', applied, {
  summary:
    "Hides the picture, song, app or shared conversation a complaint names, through moderation's takedown (audited)",
  request: { params: idParam, body: jsonBody(complaintTakedownBody) },
  more: { 404: 'no such complaint or item (HTTP 404)' },
});
