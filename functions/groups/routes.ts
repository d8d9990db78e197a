import { groupCreatedSchema, groupDetailSchema, groupIdSchema, groupInvitationSchema, groupListSchema, groupStatsSchema, messageSentSchema, messagesResponseSchema, myGroupsSchema } from '#shared/groups/study-groups.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Study groups and their chat (docs/social.md: premium feature study_groups). Path ids are group ids. */
export const GROUP_ROUTES = [
  { method: 'GET', path: '/api/groups', name: 'ListMyGroups', entry: 'functions/groups/list-my-groups.ts', auth: 'jwt', response: myGroupsSchema },
  { method: 'GET', path: '/api/groups/search', name: 'SearchGroups', entry: 'functions/groups/search-groups.ts', auth: 'jwt', response: groupListSchema },
  { method: 'POST', path: '/api/groups', name: 'CreateGroup', entry: 'functions/groups/create-group.ts', auth: 'jwt', response: groupCreatedSchema },
  { method: 'GET', path: '/api/groups/{groupId}', name: 'GetGroup', entry: 'functions/groups/get-group.ts', auth: 'jwt', response: groupDetailSchema, params: { groupId: groupIdSchema } },
  { method: 'POST', path: '/api/groups/{groupId}/join', name: 'JoinGroup', entry: 'functions/groups/join-group.ts', auth: 'jwt', response: groupCreatedSchema, params: { groupId: groupIdSchema } },
  { method: 'POST', path: '/api/groups/{groupId}/leave', name: 'LeaveGroup', entry: 'functions/groups/leave-group.ts', auth: 'jwt', response: 'no-content', params: { groupId: groupIdSchema } },
  { method: 'POST', path: '/api/groups/{groupId}/invitations', name: 'InviteToGroup', entry: 'functions/groups/invite-to-group.ts', auth: 'jwt', response: groupInvitationSchema, params: { groupId: groupIdSchema } },
  { method: 'GET', path: '/api/groups/{groupId}/messages', name: 'ListGroupMessages', entry: 'functions/groups/list-messages.ts', auth: 'jwt', response: messagesResponseSchema, params: { groupId: groupIdSchema } },
  { method: 'POST', path: '/api/groups/{groupId}/messages', name: 'SendGroupMessage', entry: 'functions/groups/send-message.ts', auth: 'jwt', response: messageSentSchema, params: { groupId: groupIdSchema } },
  { method: 'GET', path: '/api/groups/{groupId}/stats', name: 'GetGroupStats', entry: 'functions/groups/get-group-stats.ts', auth: 'jwt', response: groupStatsSchema, params: { groupId: groupIdSchema } },
] as const satisfies readonly RouteDefinition[];
