// The JSON shapes of the discussion API (server/web/discussion-presenters.ts) as the tests read
// them: the fields they assert on, not the whole contract.

export type Author = {
  id: number;
  username: string;
  name: string;
  is_founder: boolean;
  has_plus: boolean;
  deals_purchased: number;
  email_verified: boolean;
  verified_purchaser: boolean;
};

export type Reply = {
  id: number;
  parent_id: number;
  comment: string;
  answer_type: "founder_team" | "staff" | null;
  status: string;
  edited: string | null;
  user: Author | null;
  children: Reply[];
};

/** A review or question. */
export type Item = {
  id: number;
  deal_id: number;
  title: string;
  comment: string;
  rating?: number;
  status: "pending" | "approved" | "declined";
  edited: string | null;
  display_path: string;
  up_votes: number;
  user_vote: number;
  reply_count: number;
  user: Author | null;
  children: Reply[];
};
