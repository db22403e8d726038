// `npm run seed:scale -- --deals N --comments M [--taskflow T] [--orders O]` (or
// `npx tsx server/db/seed/scale.ts ...`): grows the configured database (DATABASE_URL, or the
// PGlite data dir) beyond the demo, for measuring how reads scale with data (issue 20). Seeds the
// demo first when the database is empty, then adds N deals (copies of the demo's public deals
// under generated names), M reviews, questions and replies (T of them on taskflow), O paid orders
// and helpful votes. Every row goes into the same tables as the seed, with set-based SQL
// (generate_series), and the same rules keep the aggregates: the ownership and search-document
// triggers fire on these inserts, and the deal and thread counters are recomputed with the
// write side's statements, for every touched deal at once. Foreign keys are checked once per
// table after the load (not per row), and the run ends by comparing every maintained count with
// a fresh one (rolled back on a difference). L takes minutes, not the better part of an hour.
// Sizes of the issue:
//   M: --deals 2000 --comments 260000 --taskflow 50000 --orders 160000
//   L: --deals 20000 --comments 2350000 --taskflow 200000 --orders 1600000
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { loadConfig } from "../../config";
import { systemClock } from "../../providers/clock";
import { dealAggregatesColumns, dealAggregatesSet } from "../../services/discussions/aggregates";
import { type Db, openDatabase } from "../client";
import { seedIfEmpty } from "./index";

type Sizes = { deals: number; comments: number; taskflow: number; orders: number };

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

// Words of generated names and card descriptions: common enough that a search finds a share of
// the catalogue, as it would in a real one.
const NAME_A = [
  "Nova",
  "Quill",
  "Orbit",
  "Pulse",
  "Cedar",
  "Lumen",
  "Vertex",
  "Harbor",
  "Signal",
  "Atlas",
  "Ember",
  "Flux",
  "Meadow",
  "Prism",
  "Relay",
  "Summit",
  "Tide",
  "Vault",
  "Willow",
  "Zephyr",
];
const NAME_B = [
  "Desk",
  "Forms",
  "Mail",
  "Notes",
  "Sheets",
  "Boards",
  "Chat",
  "Docs",
  "Pages",
  "Metrics",
  "Invoices",
  "Calendar",
  "Survey",
  "Vision",
  "Backup",
  "Shop",
  "Hire",
  "Learn",
  "Ads",
  "Sign",
  "Track",
  "Sync",
  "Studio",
  "Base",
  "Flow",
];
const PITCH = [
  "Automate",
  "Organise",
  "Publish",
  "Analyse",
  "Schedule",
  "Design",
  "Share",
  "Sell",
  "Record",
  "Translate",
  "Monitor",
  "Collect",
];
const OBJECT = [
  "invoices",
  "social posts",
  "client feedback",
  "support tickets",
  "sales leads",
  "podcasts",
  "landing pages",
  "team tasks",
  "newsletters",
  "contracts",
  "AI images",
  "videos",
  "spreadsheets",
  "bookings",
  "documents",
  "backups",
];

/** A SQL text array literal of constant words (no user input). */
const words = (list: string[]) =>
  sql.raw(`array[${list.map((w) => `'${w.replaceAll("'", "''")}'`).join(",")}]`);

async function step(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The tables the generator bulk-loads (millions of rows at L). */
const BULK_TABLES = ["comments", "comment_votes", "orders", "invoice_items"];
const bulkTables = sql.raw(BULK_TABLES.map((t) => `'${t}'`).join(", "));

/**
 * The secondary indexes of the bulk-loaded tables (not those that back a constraint): building
 * an index once after the load is many times faster than growing it row by row.
 */
async function bulkIndexes(exec: (q: SQL) => Promise<unknown>) {
  return rowsOf(
    await exec(sql`select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${bulkTables})
        and not exists (select 1 from pg_constraint c
          where c.conindid = (quote_ident(i.indexname))::regclass)`),
  ).map((r) => ({ name: String(r.name), def: String(r.def) }));
}

/**
 * The foreign keys of the bulk-loaded tables. Checked row by row they are most of the load's
 * time (one index probe per key per row); added again after the load, PostgreSQL checks each of
 * them once over the whole table (one join), and a row the generator got wrong fails the run.
 */
async function bulkForeignKeys(exec: (q: SQL) => Promise<unknown>) {
  return rowsOf(
    await exec(sql`select c.conrelid::regclass::text as tbl, c.conname as name,
        pg_get_constraintdef(c.oid) as def
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and c.conrelid::regclass::text in (${bulkTables})`),
  ).map((r) => ({ table: String(r.tbl), name: String(r.name), def: String(r.def) }));
}

/**
 * One transaction: the secondary indexes and foreign keys of comments, votes, orders and invoice
 * items are dropped, the rows loaded, the indexes built and the keys added (and so checked)
 * again, and a failure at any point leaves the database as it was.
 */
export async function seedScale(db: Db, sizes: Sizes): Promise<void> {
  const exec = (q: SQL) => db.execute(q);
  await exec(sql`begin`);
  try {
    await exec(sql`set local synchronous_commit = off`);
    await exec(sql`set local maintenance_work_mem = '256MB'`);
    // Set-based joins of a million rows stay in memory instead of spilling to disk.
    await exec(sql`set local work_mem = '256MB'`);
    const indexes = await bulkIndexes(exec);
    const foreignKeys = await bulkForeignKeys(exec);
    for (const fk of foreignKeys)
      await exec(sql.raw(`alter table "${fk.table}" drop constraint "${fk.name}"`));
    for (const index of indexes) await exec(sql.raw(`drop index "${index.name}"`));
    await load(exec, sizes);
    await step(`indexes (${indexes.length})`, async () => {
      for (const index of indexes) await exec(sql.raw(index.def));
    });
    await step(`foreign keys checked (${foreignKeys.length})`, async () => {
      for (const fk of foreignKeys)
        await exec(sql.raw(`alter table "${fk.table}" add constraint "${fk.name}" ${fk.def}`));
    });
    await step("maintained counts equal fresh counts", async () => {
      const drift = await countDrift(exec);
      if (Object.values(drift).some((n) => n > 0))
        throw new Error(`maintained counts differ from fresh counts: ${JSON.stringify(drift)}`);
    });
    await exec(sql`commit`);
  } catch (err) {
    await exec(sql`rollback`);
    throw err;
  }
  // Deals vacuumed too: browse counts and skips deals from deals_popular_idx alone, which needs
  // the visibility map that a vacuum sets.
  await step("vacuum deals, analyze", async () => {
    await exec(sql`vacuum (analyze) deals`);
    await exec(sql`analyze`);
  });
}

/**
 * How many rows' maintained counts differ from a fresh COUNT (the property test's rules, as
 * set-based joins over the whole database): the deal aggregates, each item's votes and thread's
 * replies, deal ownership and each account's purchased deals. All zero after a correct load.
 */
export async function countDrift(exec: (q: SQL) => Promise<unknown>) {
  const [row] = rowsOf(
    await exec(sql`select
      (select count(*)::int from deals d
        left join (select c.deal_id,
            count(*) filter (where c.kind = 'review' and c.rating is not null)::int as n,
            count(*) filter (where c.kind = 'review' and c.rating = 1)::int as n1,
            count(*) filter (where c.kind = 'review' and c.rating = 2)::int as n2,
            count(*) filter (where c.kind = 'review' and c.rating = 3)::int as n3,
            count(*) filter (where c.kind = 'review' and c.rating = 4)::int as n4,
            count(*) filter (where c.kind = 'review' and c.rating = 5)::int as n5,
            coalesce(sum(c.rating) filter (where c.kind = 'review'), 0)::int as total,
            count(*) filter (where c.kind = 'question')::int as q,
            count(*) filter (where c.kind = 'question' and c.has_founder_reply)::int as answered,
            round((percentile_cont(0.5) within group (order by
              extract(epoch from c.first_founder_reply_at - c.created_at))
              filter (where c.kind = 'question'))::numeric)::int as median
          from comments c where c.parent_id is null and c.status = 'approved'
          group by c.deal_id) f on f.deal_id = d.id
        where d.review_count <> coalesce(f.n, 0) or d.review_count1 <> coalesce(f.n1, 0)
          or d.review_count2 <> coalesce(f.n2, 0) or d.review_count3 <> coalesce(f.n3, 0)
          or d.review_count4 <> coalesce(f.n4, 0) or d.review_count5 <> coalesce(f.n5, 0)
          or d.rating_sum <> coalesce(f.total, 0) or d.comment_count <> coalesce(f.q, 0)
          or d.founder_answered_count <> coalesce(f.answered, 0)
          or d.founder_answer_median_seconds is distinct from f.median) as deals,
      (select count(*)::int from comments c
        left join (select v.comment_id,
            count(*) filter (where v.direction = 1)::int as up,
            count(*) filter (where v.direction = -1)::int as down
          from comment_votes v group by v.comment_id) v on v.comment_id = c.id
        left join (select r.root_id, count(*)::int as n from comments r
          where r.root_id is not null group by r.root_id) r on r.root_id = c.id
        where c.up_votes <> coalesce(v.up, 0) or c.down_votes <> coalesce(v.down, 0)
          or (c.parent_id is null and c.reply_count <> coalesce(r.n, 0))) as threads,
      (select count(*)::int
        from (select ii.user_id, ii.deal_id, count(*)::int as items,
              count(*) filter (where ii.parent_invoice_item_id is null)::int as plan_items
            from invoice_items ii join orders ord on ord.id = ii.order_id
            where ord.status = 'paid' and ii.refunded_at is null and ii.user_id is not null
            group by ii.user_id, ii.deal_id) f
          full join deal_owners o on o.user_id = f.user_id and o.deal_id = f.deal_id
        where f.user_id is null or o.user_id is null or f.items <> o.items
          or f.plan_items <> o.plan_items) as owners,
      (select count(*)::int from users u
        left join (select ii.user_id, count(distinct ii.deal_id)::int as n
            from invoice_items ii join orders o on o.id = ii.order_id
            where o.status = 'paid' and ii.parent_invoice_item_id is null
              and ii.refunded_at is null
            group by ii.user_id) f on f.user_id = u.id
        where u.deals_purchased <> coalesce(f.n, 0)) as purchased,
      (select count(*)::int from catalogue_counts c
        where c.public_deals <> (select count(*) from deals d
          where d.deal_status <> 'Private' and d.is_draft = false)) as catalogue,
      (select count(*)::int from deals d
        left join deal_sales s on s.deal_id = d.id
        left join (select ii.deal_id, count(*)::int as purchases,
            count(*) filter (where ii.refunded_at is not null or o.status = 'refunded')::int as refunds
          from invoice_items ii join orders o on o.id = ii.order_id
          where o.status in ('paid', 'refunded') and ii.parent_invoice_item_id is null
            and ii.upgraded_at is null
          group by ii.deal_id) f on f.deal_id = d.id
        where coalesce(s.purchases, 0) <> coalesce(f.purchases, 0)
          or coalesce(s.refunds, 0) <> coalesce(f.refunds, 0)) as sales`),
  );
  return {
    deals: Number(row?.deals),
    threads: Number(row?.threads),
    owners: Number(row?.owners),
    purchased: Number(row?.purchased),
    catalogue: Number(row?.catalogue),
    /** deal_sales (a founder's refund rate, decision 077) against a fresh count. */
    sales: Number(row?.sales),
  };
}

async function load(exec: (q: SQL) => Promise<unknown>, sizes: Sizes): Promise<void> {
  // A tag per run, so a second run adds more rows instead of colliding on unique slugs.
  const tag = Date.now().toString(36);
  const [taskflow] = rowsOf(await exec(sql`select id from deals where slug = 'taskflow'`));
  if (!taskflow) throw new Error("taskflow is missing: seed the demo first");
  const taskflowId = Number(taskflow.id);
  const otherComments = Math.max(0, sizes.comments - sizes.taskflow);
  const perDeal = sizes.deals > 0 ? Math.floor(otherComments / sizes.deals) : 0;
  // Reviews are 45% of a deal's items, questions 15%, replies 40% (two of three top-level items
  // get one): one review per user per deal, so a deal needs at least as many users as reviews.
  const topShare = 0.6;
  const taskflowTop = Math.round(sizes.taskflow * topShare);
  const perDealTop = Math.round(perDeal * topShare);
  const users = Math.max(1000, taskflowTop, perDealTop, Math.ceil(sizes.orders / 8));

  await step(`users (${users})`, () =>
    exec(sql`insert into users (email, username, first_name, last_name, date_joined)
      select 'scale-' || ${tag} || '-' || g || '@scale.test', 'scale-' || ${tag} || '-' || g,
        (${words(NAME_A)})[1 + g % 20], 'Buyer ' || g, now() - (g % 900 || ' days')::interval
      from generate_series(1, ${users}) g`),
  );
  const [bounds] = rowsOf(
    await exec(sql`select min(id)::int as lo from users where email like ${`scale-${tag}-%`}`),
  );
  const firstUser = Number(bounds?.lo);

  // Deals: copies of the demo's public deals (taxonomy, plans, attributes), renamed.
  const templates = rowsOf(
    await exec(sql`select id from deals where deal_status <> 'Private' and not is_draft
      and slug <> 'taskflow' order by id`),
  ).map((r) => Number(r.id));
  const copied = rowsOf(
    await exec(sql`select column_name from information_schema.columns
      where table_name = 'deals' and table_schema = 'public' and is_identity = 'NO'
        and is_generated = 'NEVER'
        and column_name not in ('slug', 'name', 'public_name', 'card_description', 'search_document',
          'review_count', 'review_count1', 'review_count2', 'review_count3', 'review_count4',
          'review_count5', 'rating_sum', 'average_rating', 'comment_count', 'quantity_sold',
          'reviews_summary', 'reviews_summary_updated_at')`),
  ).map((r) => `"${String(r.column_name)}"`);
  const dealCols = sql.raw(copied.join(", "));
  const templateArray = sql.raw(`array[${templates.join(",")}]::int[]`);
  await step(`deals (${sizes.deals})`, async () => {
    await exec(
      sql`create temp table scale_deals (g int primary key, template_id int, id int) on commit drop`,
    );
    await exec(sql`insert into scale_deals (g, template_id)
      select g, (${templateArray})[1 + g % ${templates.length}] from generate_series(1, ${sizes.deals}) g`);
    await exec(sql`insert into deals (slug, name, public_name, card_description, ${dealCols})
      select 'scale-' || ${tag} || '-' || s.g,
        (${words(NAME_A)})[1 + s.g % 20] || ' ' || (${words(NAME_B)})[1 + (s.g / 20) % 25] || ' ' || s.g,
        (${words(NAME_A)})[1 + s.g % 20] || ' ' || (${words(NAME_B)})[1 + (s.g / 20) % 25],
        (${words(PITCH)})[1 + s.g % 12] || ' your ' || (${words(OBJECT)})[1 + (s.g / 12) % 16]
          || ' in minutes, without a monthly bill.',
        ${sql.raw(copied.map((c) => `t.${c}`).join(", "))}
      from scale_deals s join deals t on t.id = s.template_id`);
    await exec(sql`update scale_deals s set id = d.id from deals d
      where d.slug = 'scale-' || ${tag} || '-' || s.g`);
    const planCols = rowsOf(
      await exec(sql`select column_name from information_schema.columns
        where table_name = 'plans' and table_schema = 'public' and is_identity = 'NO'
          and is_generated = 'NEVER' and column_name <> 'deal_id'`),
    ).map((r) => `"${String(r.column_name)}"`);
    await exec(sql`insert into plans (deal_id, ${sql.raw(planCols.join(", "))})
      select s.id, ${sql.raw(planCols.map((c) => `p.${c}`).join(", "))}
      from scale_deals s join plans p on p.deal_id = s.template_id`);
    await exec(sql`insert into deal_attribute_values (deal_id, attribute_id, value, position)
      select s.id, v.attribute_id, v.value, v.position
      from scale_deals s join deal_attribute_values v on v.deal_id = s.template_id`);
  });

  // Top-level items of one deal set: n-th item of a deal is a review for n <= reviews, then
  // questions. 97% approved, 2% pending, 1% declined; ratings lean to 4 and 5 tacos.
  // Thread counters and helpful votes are decided here (two of three items get one reply, 0-3
  // votes), so the rows are written once: the replies and votes below follow these numbers and
  // the write side's recount (aggregates.ts) would find the same.
  const topLevel = (dealSource: SQL, count: number, reviews: number) =>
    exec(sql`insert into comments (deal_id, kind, user_id, title, comment, rating, status,
        up_votes, reply_count, last_reply_at, created_at)
      select x.id, x.kind, x.user_id, x.title, x.comment, x.rating, x.status,
        case when x.status = 'approved' then x.n % 4 else 0 end,
        case when x.n % 3 <> 0 then 1 else 0 end,
        case when x.n % 3 <> 0 then x.at + interval '3 hours' end,
        x.at
      from (select d.id, n, case when n <= ${reviews} then 'review' else 'question' end as kind,
        ${firstUser} + ((n + d.g * 7919) % ${users}) as user_id,
        case when n <= ${reviews} then (${words(PITCH)})[1 + n % 12] || ' my ' || (${words(OBJECT)})[1 + n % 16]
          else 'Can it ' || lower((${words(PITCH)})[1 + n % 12]) || ' ' || (${words(OBJECT)})[1 + n % 16] || '?' end as title,
        'Used it for ' || (n % 40 + 1) || ' weeks with a team of ' || (n % 9 + 1)
          || '. Setup was quick and support answered within a day. #' || n as comment,
        case when n <= ${reviews} then (array[5,5,4,5,4,3,5,4,2,1])[1 + (n * 7 + d.g) % 10] end as rating,
        case when (n + d.g) % 100 < 97 then 'approved' when (n + d.g) % 100 < 99 then 'pending'
          else 'declined' end as status,
        now() - ((n * 37 + d.g) % 500000 || ' minutes')::interval as at
      from ${dealSource} d, generate_series(1, ${count}) n) x`);

  const taskflowSource = sql`(select ${taskflowId}::int as id, 0 as g)`;
  const taskflowReviews = Math.round(sizes.taskflow * 0.45);
  const perDealReviews = Math.round(perDeal * 0.45);
  await step(
    `top-level reviews and questions (${taskflowTop} + ${perDealTop} x ${sizes.deals})`,
    async () => {
      await exec(
        sql`create temp table scale_marker on commit drop as select coalesce(max(id), 0) as last_id from comments`,
      );
      if (taskflowTop > 0) await topLevel(taskflowSource, taskflowTop, taskflowReviews);
      if (perDealTop > 0) await topLevel(sql`scale_deals`, perDealTop, perDealReviews);
    },
  );
  const newItems = sql`c.id > (select last_id from scale_marker)`;
  await step("replies (two of three top-level items)", () =>
    exec(sql`insert into comments (deal_id, kind, parent_id, root_id, user_id, comment, status,
        created_at)
      select c.deal_id, c.kind, c.id, c.id, ${firstUser} + ((c.id * 31) % ${users}),
        'Thanks, that helps. We saw the same after ' || (c.id % 12 + 1) || ' days.',
        case when c.id % 50 = 0 then 'pending' else 'approved' end, c.last_reply_at
      from comments c where ${newItems} and c.parent_id is null and c.reply_count = 1`),
  );
  // A pending reply is not the thread's latest (aggregates.ts visibleLastReplyAt).
  await step("latest visible reply of threads whose reply is pending", () =>
    exec(sql`update comments c set last_reply_at = null
      where ${newItems} and c.parent_id is null and c.reply_count = 1 and c.id % 50 = 0`),
  );
  await step("helpful votes (0-3 per approved top-level item)", () =>
    exec(sql`insert into comment_votes (comment_id, user_id, direction)
      select c.id, ${firstUser} + ((c.id * 131 + k * 977) % ${users}), 1
      from comments c, generate_series(1, 3) k
      where ${newItems} and c.parent_id is null and k <= c.up_votes`),
  );
  // The write side's counters (aggregates.ts), for every touched thread and deal at once.
  await step("deal counters", () =>
    exec(sql`update deals d set ${dealAggregatesSet}
      from (select c.deal_id, ${dealAggregatesColumns}
        from comments c
        where c.parent_id is null and c.status = 'approved'
          and (c.deal_id = ${taskflowId} or c.deal_id in (select id from scale_deals))
        group by c.deal_id) s
      where d.id = s.deal_id`),
  );

  // Orders: one paid plan each (every 15th on taskflow), 2% refunded; the ownership triggers
  // keep deal_owners and users.deals_purchased as checkout would.
  await step(`orders and invoice items (${sizes.orders})`, async () => {
    await exec(sql`create temp table scale_plans on commit drop as
      select distinct on (p.deal_id) p.deal_id, p.id as plan_id, p.price_cents, p.original_price_cents
      from plans p where p.deal_id in (select id from scale_deals union select ${taskflowId})
      order by p.deal_id, p.is_active desc, p.price_cents, p.id`);
    // Each order's id is drawn from its sequence up front, so its invoice item needs no lookup
    // of the order it belongs to.
    await exec(sql`create temp table scale_orders on commit drop as
      select o.g, nextval(pg_get_serial_sequence('orders', 'id')) as order_id,
        ${firstUser} + (o.g % ${users}) as user_id,
        case when o.g % 15 = 0 or s.id is null then ${taskflowId} else s.id end as deal_id,
        now() - ((o.g * 13) % 700000 || ' minutes')::interval as at
      from generate_series(1, ${sizes.orders}) o(g)
        left join scale_deals s on s.g = 1 + (o.g % greatest(${sizes.deals}, 1))`);
    await exec(sql`analyze scale_orders`);
    await step("  orders", () =>
      exec(sql`insert into orders (id, user_id, status, subtotal_cents, total_cents, currency,
        payment_provider, idempotency_key, billing, created_at, paid_at)
      overriding system value
      select o.order_id, o.user_id, 'paid', p.price_cents, p.price_cents, 'USD', 'test',
        'scale-' || ${tag} || '-' || o.g, '{"country":"US"}'::jsonb, o.at, o.at
      from scale_orders o join scale_plans p on p.deal_id = o.deal_id`),
    );
    await step("  invoice items (the ownership trigger)", () =>
      exec(sql`insert into invoice_items (order_id, user_id, deal_id, plan_id, price_cents,
        original_price_cents, quantity, refunded_at, created_at)
      select o.order_id, o.user_id, o.deal_id, p.plan_id, p.price_cents, p.original_price_cents, 1,
        case when o.g % 50 = 7 then o.at + interval '2 days' end, o.at
      from scale_orders o join scale_plans p on p.deal_id = o.deal_id`),
    );
    await exec(sql`update deals d set quantity_sold = d.quantity_sold + s.n
      from (select deal_id, count(*)::int as n from scale_orders group by deal_id) s
      where d.id = s.deal_id`);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      deals: { type: "string", default: "2000" },
      comments: { type: "string", default: "260000" },
      taskflow: { type: "string" },
      orders: { type: "string" },
    },
  });
  const comments = Number(values.comments);
  const sizes: Sizes = {
    deals: Number(values.deals),
    comments,
    taskflow: Number(values.taskflow ?? Math.round(comments * 0.085)),
    orders: Number(values.orders ?? Math.round(comments * 0.68)),
  };
  for (const [k, v] of Object.entries(sizes))
    if (!Number.isInteger(v) || v < 0) throw new Error(`--${k} must be a whole number`);
  const config = loadConfig();
  const database = config.databaseUrl
    ? // One connection: the run's temp tables live in its session.
      await openDatabase({
        kind: "postgres",
        url: config.databaseUrl,
        max: 1,
        statementTimeoutMs: 3_600_000,
      })
    : await openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") });
  try {
    await database.migrate();
    await seedIfEmpty(database.db, systemClock);
    const started = performance.now();
    console.log(`seed:scale ${JSON.stringify(sizes)} on ${database.kind}`);
    await seedScale(database.db, sizes);
    console.log(`seed:scale done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
