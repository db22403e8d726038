import { dealRoles, type NewUser, userEmails, users } from "../schema";
import { demoImage, type Timeline, type Tx } from "./util";

/** The demo accounts other code and tests rely on (README lists them). */
export type NamedAccount = {
  key: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  title?: string;
  verified: boolean;
  isStaff?: boolean;
  isStaffModerator?: boolean;
  commentBlacklist?: boolean;
  joinedDaysAgo: number;
  plus?: boolean;
};

export const NAMED_ACCOUNTS: NamedAccount[] = [
  {
    key: "staff",
    email: "staff@payonce.test",
    username: "payonce-staff",
    firstName: "Sam",
    lastName: "Rivera",
    title: "Community Manager",
    verified: true,
    isStaff: true,
    isStaffModerator: true,
    joinedDaysAgo: 900,
  },
  {
    key: "partner",
    email: "partner@payonce.test",
    username: "taskflow-founder",
    firstName: "Maya",
    lastName: "Chen",
    title: "Co-founder & CEO, TaskFlow",
    verified: true,
    joinedDaysAgo: 120,
  },
  {
    key: "moderator",
    email: "moderator@payonce.test",
    username: "taskflow-mod",
    firstName: "Jordan",
    lastName: "Blake",
    title: "Community moderator, TaskFlow",
    verified: true,
    joinedDaysAgo: 400,
  },
  {
    key: "buyer",
    email: "buyer@payonce.test",
    username: "demo-buyer",
    firstName: "Bailey",
    lastName: "Brooks",
    verified: true,
    joinedDaysAgo: 300,
  },
  {
    key: "reviewer",
    email: "reviewer@payonce.test",
    username: "demo-reviewer",
    firstName: "Riley",
    lastName: "Morgan",
    verified: true,
    joinedDaysAgo: 500,
  },
  {
    key: "plus",
    email: "plus@payonce.test",
    username: "demo-plus",
    firstName: "Parker",
    lastName: "Lane",
    verified: true,
    plus: true,
    joinedDaysAgo: 700,
  },
  {
    key: "shopper",
    email: "shopper@payonce.test",
    username: "demo-shopper",
    firstName: "Casey",
    lastName: "Shaw",
    verified: true,
    joinedDaysAgo: 60,
  },
  {
    key: "unverified",
    email: "unverified@payonce.test",
    username: "demo-unverified",
    firstName: "Unity",
    lastName: "Vance",
    verified: false,
    joinedDaysAgo: 3,
  },
  {
    key: "blocked",
    email: "blocked@payonce.test",
    username: "demo-blocked",
    firstName: "Blake",
    lastName: "Stone",
    verified: true,
    commentBlacklist: true,
    joinedDaysAgo: 200,
  },
];

export const BOT_USERNAMES = ["QAbot", "ModBot"] as const;

const COMMUNITY_NAMES: [string, string][] = [
  ["Ava", "Thompson"],
  ["Liam", "Patel"],
  ["Sofia", "Garcia"],
  ["Noah", "Kim"],
  ["Emma", "Rossi"],
  ["Lucas", "Müller"],
  ["Isabella", "Nguyen"],
  ["Ethan", "Okafor"],
  ["Mia", "Johansson"],
  ["Mateo", "Fernández"],
  ["Olivia", "Clarke"],
  ["Arjun", "Mehta"],
  ["Chloe", "Dubois"],
  ["Daniel", "Cohen"],
  ["Hannah", "Schmidt"],
  ["Kenji", "Watanabe"],
  ["Grace", "O'Brien"],
  ["Omar", "Haddad"],
  ["Zoe", "Martin"],
  ["Samuel", "Adeyemi"],
  ["Lily", "Walsh"],
  ["Diego", "Santos"],
  ["Nora", "Lindqvist"],
  ["Ryan", "Fitzgerald"],
  ["Priya", "Sharma"],
  ["Jack", "Wilson"],
  ["Elena", "Popescu"],
  ["Marcus", "Reed"],
  ["Aisha", "Bello"],
  ["Tom", "Baker"],
  ["Yuki", "Tanaka"],
  ["Felix", "Wagner"],
  ["Camila", "Torres"],
  ["Ben", "Carter"],
  ["Leah", "Goldberg"],
  ["Victor", "Almeida"],
  ["Ruby", "Evans"],
  ["Hugo", "Lefèvre"],
  ["Maya", "Singh"],
  ["Oscar", "Nilsson"],
  ["Tessa", "Howard"],
  ["Ivan", "Petrov"],
];

const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

export type CommunityUser = {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  plus: boolean;
  joinedDaysAgo: number;
};

/** ~40 community members who write the reviews and questions. Every sixth has Plus. */
export const COMMUNITY: CommunityUser[] = COMMUNITY_NAMES.map(([first, last], i) => {
  const username = i % 3 === 0 ? `${ascii(first)}${ascii(last)}` : `${ascii(first)}_${ascii(last)}`;
  return {
    username,
    firstName: first,
    lastName: last,
    email: `${ascii(first)}.${ascii(last)}@example.com`,
    plus: i % 6 === 1,
    joinedDaysAgo: 40 + ((i * 53) % 900),
  };
});
export const COMMUNITY_USERNAMES = COMMUNITY.map((c) => c.username);

export type AccountIds = {
  /** username -> user id (named accounts, community, bots) */
  byUsername: Map<string, number>;
  /** named account key (staff, partner, buyer...) -> user id */
  byKey: Map<string, number>;
};

export async function seedAccounts(
  tx: Tx,
  time: Timeline,
  passwordHash: string,
): Promise<AccountIds> {
  type Row = NewUser & { verified: boolean };
  const rows: Row[] = [
    ...NAMED_ACCOUNTS.map(
      (a): Row => ({
        email: a.email,
        passwordHash,
        firstName: a.firstName,
        lastName: a.lastName,
        username: a.username,
        avatar: demoImage(`avatar-${a.username}`),
        title: a.title ?? null,
        isStaff: a.isStaff ?? false,
        isStaffModerator: a.isStaffModerator ?? false,
        commentBlacklist: a.commentBlacklist ?? false,
        dateJoined: time.ago(a.joinedDaysAgo),
        lastLogin: a.key === "unverified" ? null : time.ago(1),
        verified: a.verified,
      }),
    ),
    ...COMMUNITY.map(
      (c): Row => ({
        email: c.email,
        passwordHash,
        firstName: c.firstName,
        lastName: c.lastName,
        username: c.username,
        avatar: demoImage(`avatar-${c.username}`),
        dateJoined: time.ago(c.joinedDaysAgo),
        verified: true,
      }),
    ),
    ...BOT_USERNAMES.map(
      (name): Row => ({
        email: `${name.toLowerCase()}@payonce.test`,
        passwordHash: null,
        username: name,
        firstName: name,
        avatar: demoImage(`avatar-${name.toLowerCase()}`),
        isBot: true,
        dateJoined: time.ago(1000),
        verified: true,
      }),
    ),
  ];
  const inserted = await tx
    .insert(users)
    .values(rows.map(({ verified: _v, ...u }) => u))
    .returning({ id: users.id, username: users.username });
  const byUsername = new Map(inserted.map((r) => [r.username, r.id]));

  await tx.insert(userEmails).values(
    rows.map((r) => ({
      userId: byUsername.get(r.username) as number,
      email: r.email,
      primary: true,
      verified: r.verified,
      verifiedAt: r.verified ? (r.dateJoined ?? null) : null,
      createdAt: r.dateJoined ?? time.now,
    })),
  );

  const byKey = new Map(NAMED_ACCOUNTS.map((a) => [a.key, byUsername.get(a.username) as number]));
  return { byUsername, byKey };
}

/** Per-deal roles: partner@ founds taskflow, moderator@ moderates it. */
export async function seedDealRoles(tx: Tx, accounts: AccountIds, taskflowId: number) {
  await tx.insert(dealRoles).values([
    { dealId: taskflowId, userId: accounts.byKey.get("partner") as number, role: "partner" },
    {
      dealId: taskflowId,
      userId: accounts.byKey.get("moderator") as number,
      role: "user_moderator",
    },
  ]);
}
