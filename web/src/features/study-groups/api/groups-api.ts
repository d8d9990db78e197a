import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  groupCreatedSchema,
  groupDetailSchema,
  groupInvitationSchema,
  groupListSchema,
  groupStatsSchema,
  messageSentSchema,
  messagesResponseSchema,
  myGroupsSchema,
  type ChatMessageView,
  type CreateGroupInput,
} from '#shared/groups/study-groups.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { groupsKeys } from './query-keys.ts';

const path = encodeURIComponent;

/** GET /api/groups: my groups (member count, my role) and private groups I am invited to. */
export function useMyGroups() {
  return useQuery({ queryKey: groupsKeys.mine(), queryFn: ({ signal }) => api.request('/api/groups', { auth: true, schema: myGroupsSchema, signal }) });
}

/** GET /api/groups/search?q=: public groups I have not joined; `query` is already debounced. */
export function useGroupSearch(query: string) {
  return useQuery({
    queryKey: groupsKeys.search(query.toLowerCase()),
    queryFn: ({ signal }) => api.request(`/api/groups/search?q=${path(query)}`, { auth: true, schema: groupListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGroupDetail(id: string | null) {
  return useQuery({
    queryKey: groupsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.request(`/api/groups/${path(id!)}`, { auth: true, schema: groupDetailSchema, signal }),
    enabled: id !== null,
  });
}

export function useGroupMessages(id: string | null) {
  return useQuery({
    queryKey: groupsKeys.messages(id ?? ''),
    queryFn: ({ signal }) => api.request(`/api/groups/${path(id!)}/messages`, { auth: true, schema: messagesResponseSchema, signal }),
    enabled: id !== null,
  });
}

export function useGroupStats(id: string | null) {
  return useQuery({
    queryKey: groupsKeys.stats(id ?? ''),
    queryFn: ({ signal }) => api.request(`/api/groups/${path(id!)}/stats`, { auth: true, schema: groupStatsSchema, signal }),
    enabled: id !== null,
  });
}

const AFTER_MEMBERSHIP_CHANGE = [[QUERY_ROOTS.groups]] as const;

export function useCreateGroup() {
  return useMutation({
    mutationFn: (input: CreateGroupInput) => api.request('/api/groups', { method: 'POST', body: input, auth: true, schema: groupCreatedSchema }),
    meta: { invalidates: AFTER_MEMBERSHIP_CHANGE },
  });
}

export function useJoinGroup() {
  return useMutation({
    mutationFn: (id: string) => api.request(`/api/groups/${path(id)}/join`, { method: 'POST', auth: true, schema: groupCreatedSchema }),
    meta: { invalidates: AFTER_MEMBERSHIP_CHANGE },
  });
}

export function useLeaveGroup() {
  return useMutation({
    mutationFn: (id: string) => api.request(`/api/groups/${path(id)}/leave`, { method: 'POST', auth: true }),
    meta: { invalidates: AFTER_MEMBERSHIP_CHANGE },
  });
}

/** Adds a message to the group's cached list once (it may arrive by push and by the send's answer). */
export function useAppendMessage() {
  const client = useQueryClient();
  return (message: ChatMessageView) =>
    client.setQueryData<{ messages: ChatMessageView[] }>(groupsKeys.messages(message.group_id), (old) => {
      if (!old) return old;
      if (old.messages.some((m) => m.id === message.id)) return old;
      return { messages: [...old.messages, message].slice(-50) };
    });
}


/** The group admin invites a friend by e-mail (the invitation lets them join a private group). */
export function useInviteToGroup(groupId: string) {
  return useMutation({
    mutationFn: (email: string) => api.request(`/api/groups/${path(groupId)}/invitations`, { method: 'POST', body: { email }, auth: true, schema: groupInvitationSchema }),
  });
}

export function useSendMessage(groupId: string) {
  const append = useAppendMessage();
  return useMutation({
    mutationFn: (message: string) => api.request(`/api/groups/${path(groupId)}/messages`, { method: 'POST', body: { message }, auth: true, schema: messageSentSchema }),
    onSuccess: ({ message }) => append(message),
  });
}
