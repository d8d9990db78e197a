import { challengeResponseSchema, challengesResponseSchema, friendsResponseSchema, requestAnsweredSchema, requestCancelledSchema, sentRequestResponseSchema, userSearchResponseSchema } from '#shared/social/social-api.ts';
import { userIdSchema } from '#shared/validation/user-id.ts';
import { challengeIdSchema } from '#shared/social/friend-challenge.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Friends, friend requests and friend challenges (docs/social.md). Path ids are user ids or challenge ids. */
export const SOCIAL_ROUTES = [
  { method: 'GET', path: '/api/friends', name: 'ListFriends', entry: 'functions/social/list-friends.ts', auth: 'jwt', response: friendsResponseSchema },
  { method: 'GET', path: '/api/friends/search', name: 'SearchUsers', entry: 'functions/social/search-users.ts', auth: 'jwt', response: userSearchResponseSchema },
  { method: 'POST', path: '/api/friends/requests', name: 'SendFriendRequest', entry: 'functions/social/send-friend-request.ts', auth: 'jwt', response: sentRequestResponseSchema },
  { method: 'POST', path: '/api/friends/requests/{userId}/respond', name: 'RespondFriendRequest', entry: 'functions/social/respond-friend-request.ts', auth: 'jwt', response: requestAnsweredSchema, params: { userId: userIdSchema } },
  { method: 'POST', path: '/api/friends/requests/{userId}/cancel', name: 'CancelFriendRequest', entry: 'functions/social/cancel-friend-request.ts', auth: 'jwt', response: requestCancelledSchema, params: { userId: userIdSchema } },
  { method: 'DELETE', path: '/api/friends/{userId}', name: 'RemoveFriend', entry: 'functions/social/remove-friend.ts', auth: 'jwt', response: 'no-content', params: { userId: userIdSchema } },
  { method: 'GET', path: '/api/challenges', name: 'ListChallenges', entry: 'functions/social/list-challenges.ts', auth: 'jwt', response: challengesResponseSchema },
  { method: 'POST', path: '/api/challenges', name: 'SendChallenge', entry: 'functions/social/send-challenge.ts', auth: 'jwt', response: challengeResponseSchema },
  { method: 'POST', path: '/api/challenges/{challengeId}/respond', name: 'RespondChallenge', entry: 'functions/social/respond-challenge.ts', auth: 'jwt', response: challengeResponseSchema, params: { challengeId: challengeIdSchema } },
] as const satisfies readonly RouteDefinition[];
