/**
 * Who may subscribe to a live match's `match:<id>` topic.
 * Deny-all placeholder: replaced by the tournaments work.
 */
export function canSubscribeToMatch(userId: string, matchId: string): Promise<boolean> {
  void userId;
  void matchId;
  return Promise.resolve(false);
}
