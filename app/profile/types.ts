/** What the public profile page receives (client-safe: no server imports, dates as ISO). */
export type ProfileTab = "reviews" | "questions" | "answers";

export type ProfileEntryView = {
  id: number;
  kind: "review" | "question" | "answer";
  deal: { slug: string; name: string };
  title: string;
  comment: string;
  rating: number | null;
  created: string;
  edited: string | null;
  upVotes: number;
  path: string;
  founderTeam: boolean;
};

export type ProfileView = {
  origin: string;
  user: {
    username: string;
    name: string;
    avatar: string | null;
    title: string | null;
    dateJoined: string;
    isBot: boolean;
    hasPlus: boolean;
    founderOf: { slug: string; name: string }[];
  };
  counts: { reviews: number; questions: number; answers: number };
  tab: ProfileTab;
  tabInUrl: boolean;
  page: number;
  totalPages: number;
  entries: ProfileEntryView[];
};

/** The profile's address with its tab and page (the canonical form: page 1 has no ?page). */
export function profilePath(username: string, tab: ProfileTab | null, page: number): string {
  const q = new URLSearchParams();
  if (tab) q.set("show", tab);
  if (page > 1) q.set("page", String(page));
  const query = q.toString();
  return `/profile/${encodeURIComponent(username)}/${query ? `?${query}` : ""}`;
}
