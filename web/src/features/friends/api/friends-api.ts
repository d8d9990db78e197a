import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_CREATED, notificationCreatedSchema } from '#shared/notifications/live.ts';
import type { NotificationType } from '#shared/notifications/notification.ts';
import { CHANGE_TYPES, changeDataSchema } from '#shared/realtime/changes.ts';
import type { ServerMessage } from '#shared/realtime/messages.ts';
import type { SendChallengeInput } from '#shared/social/friend-challenge.ts';
import { isWholeAddress } from '#shared/social/friends.ts';
import {
  challengeResponseSchema,
  challengesResponseSchema,
  friendsResponseSchema,
  requestAnsweredSchema,
  requestCancelledSchema,
  sentRequestResponseSchema,
  userSearchResponseSchema,
  type ChallengeView,
} from '#shared/social/social-api.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { usePushedRefresh } from '@/lib/realtime/use-pushed-refresh.ts';
import { friendsKeys } from './query-keys.ts';

const path = encodeURIComponent;

/** GET /api/friends: friends with their standing, and pending requests received and sent. */
export const getFriends = (signal?: AbortSignal, client: ApiClient = api) => client.request('/api/friends', { auth: true, schema: friendsResponseSchema, signal });

/** GET /api/friends/search?q=: the student with this whole address, masked (not self, friends or pending). */
export const searchUsers = (query: string, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`/api/friends/search?q=${path(query)}`, { auth: true, schema: userSearchResponseSchema, signal });

/** GET /api/challenges: the caller's challenges, newest first. */
export const getChallenges = (signal?: AbortSignal, client: ApiClient = api) => client.request('/api/challenges', { auth: true, schema: challengesResponseSchema, signal });

/** A live notification of this type arrived on the account's socket. */
const notified = (type: NotificationType) => (message: ServerMessage) =>
  message.type === NOTIFICATION_CREATED && notificationCreatedSchema.safeParse(message.data).data?.type === type;

/** Requests arrive from other people: asked again when one is notified live, and every 30 s while the socket is down. */
export const FRIENDS_REFRESH_MS = 30_000;
const isChange = (type: string) => (message: ServerMessage) => message.type === type && changeDataSchema.safeParse(message.data).success;
const friendRequestNotified = notified('friend_request');
const friendsChanged = (message: ServerMessage) => friendRequestNotified(message) || isChange(CHANGE_TYPES.friends)(message);

export function useFriends() {
  const refresh = usePushedRefresh(friendsKeys.list(), friendsChanged, FRIENDS_REFRESH_MS);
  // A cancelled request or an ended friendship is not pushed: coming back to the tab still asks.
  return useQuery({ queryKey: friendsKeys.list(), queryFn: ({ signal }) => getFriends(signal), ...refresh, refetchOnWindowFocus: true });
}

/** A friend's play settles a challenge of ours: ask often while one waits on the other player. */
export const WAITING_REFRESH_MS = 5_000;
export const CHALLENGES_REFRESH_MS = 30_000;

/**
 * A challenge sent to the user, and a finished one, reach both players' feeds (`feed.changed`)
 * and bells (`friend_challenge`); an answered one reaches its challenger (`challenges.changed`):
 * each refetches the list. While the socket is down, polled as before.
 */
const challengeNotified = notified('friend_challenge');
const challengesChanged = (message: ServerMessage) => isChange(CHANGE_TYPES.feed)(message) || isChange(CHANGE_TYPES.challenges)(message) || challengeNotified(message);

export function useChallenges(waitingFor: (challenges: ChallengeView[]) => boolean) {
  const refresh = usePushedRefresh(friendsKeys.challenges(), challengesChanged, (query: { state: { data?: { challenges: ChallengeView[] } } }) =>
    query.state.data && waitingFor(query.state.data.challenges) ? WAITING_REFRESH_MS : CHALLENGES_REFRESH_MS,
  );
  return useQuery({ queryKey: friendsKeys.challenges(), queryFn: ({ signal }) => getChallenges(signal), ...refresh });
}

/** `query` is already debounced and trimmed; anything but a whole address asks nothing. */
export function useUserSearch(query: string) {
  return useQuery({
    queryKey: friendsKeys.search(query.toLowerCase()),
    queryFn: ({ signal }) => searchUsers(query, signal),
    enabled: isWholeAddress(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const AFTER_FRIENDS_CHANGE = [[QUERY_ROOTS.friends]] as const;
const AFTER_CHALLENGE_CHANGE = [[QUERY_ROOTS.challenges]] as const;
/** Answering marks the bell's item about it read on the server: the bell reads again. */
const AFTER_REQUEST_ANSWERED = [[QUERY_ROOTS.friends], [QUERY_ROOTS.notifications]] as const;
const AFTER_CHALLENGE_ANSWERED = [[QUERY_ROOTS.challenges], [QUERY_ROOTS.notifications]] as const;

export function useSendFriendRequest() {
  return useMutation({
    mutationFn: (input: { email: string; message: string }) =>
      api.request('/api/friends/requests', { method: 'POST', body: input, auth: true, schema: sentRequestResponseSchema }),
    meta: { invalidates: AFTER_FRIENDS_CHANGE },
  });
}

export function useRespondToRequest() {
  return useMutation({
    mutationFn: ({ senderId, accept }: { senderId: string; accept: boolean }) =>
      api.request(`/api/friends/requests/${path(senderId)}/respond`, { method: 'POST', body: { accept }, auth: true, schema: requestAnsweredSchema }),
    meta: { invalidates: AFTER_REQUEST_ANSWERED },
  });
}

export function useCancelRequest() {
  return useMutation({
    mutationFn: (receiverId: string) => api.request(`/api/friends/requests/${path(receiverId)}/cancel`, { method: 'POST', auth: true, schema: requestCancelledSchema }),
    meta: { invalidates: AFTER_FRIENDS_CHANGE },
  });
}

export function useRemoveFriend() {
  return useMutation({
    mutationFn: (friendId: string) => api.request(`/api/friends/${path(friendId)}`, { method: 'DELETE', auth: true }),
    meta: { invalidates: AFTER_FRIENDS_CHANGE },
  });
}

export function useSendChallenge() {
  return useMutation({
    mutationFn: (input: SendChallengeInput) => api.request('/api/challenges', { method: 'POST', body: input, auth: true, schema: challengeResponseSchema }),
    meta: { invalidates: AFTER_CHALLENGE_CHANGE },
  });
}

export function useRespondToChallenge() {
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api.request(`/api/challenges/${path(id)}/respond`, { method: 'POST', body: { accept }, auth: true, schema: challengeResponseSchema }),
    meta: { invalidates: AFTER_CHALLENGE_ANSWERED },
  });
}
