import {
  type AttributeType,
  attributes,
  categories,
  subcategories,
  taxonomyGroups,
} from "../schema";
import type { Tx } from "./util";

// Browse taxonomy: group -> category -> subcategory. Deals name them as "group/category[/sub]".
type Node = { slug: string; name: string; search?: string[] };
type CategorySpec = Node & { subs?: Node[] };
type GroupSpec = Node & { categories: CategorySpec[] };

export const TAXONOMY: GroupSpec[] = [
  {
    slug: "software",
    name: "Software",
    search: ["software", "saas", "apps", "tools"],
    categories: [
      {
        slug: "productivity",
        name: "Productivity",
        search: ["productivity", "workflow"],
        subs: [
          { slug: "project-management", name: "Project management", search: ["tasks", "kanban"] },
          { slug: "note-taking", name: "Note-taking", search: ["notes", "docs"] },
          { slug: "time-tracking", name: "Time tracking", search: ["timesheets"] },
          { slug: "scheduling", name: "Scheduling", search: ["calendar", "booking"] },
        ],
      },
      {
        slug: "marketing",
        name: "Marketing",
        search: ["marketing", "growth"],
        subs: [
          { slug: "email-marketing", name: "Email marketing", search: ["newsletters"] },
          { slug: "social-media", name: "Social media", search: ["scheduling", "posts"] },
          { slug: "seo", name: "SEO", search: ["search", "rankings"] },
          { slug: "copywriting", name: "Copywriting", search: ["ai writing"] },
        ],
      },
      {
        slug: "sales",
        name: "Sales",
        search: ["sales", "pipeline"],
        subs: [
          { slug: "crm", name: "CRM", search: ["contacts", "deals"] },
          { slug: "lead-generation", name: "Lead generation", search: ["prospecting"] },
          { slug: "ecommerce", name: "E-commerce", search: ["shop", "store"] },
        ],
      },
      {
        slug: "design",
        name: "Design",
        search: ["design", "creative"],
        subs: [
          { slug: "graphic-design", name: "Graphic design", search: ["graphics", "branding"] },
          { slug: "video-editing", name: "Video editing", search: ["video"] },
        ],
      },
      {
        slug: "developer-tools",
        name: "Developer tools",
        search: ["developers", "devops"],
        subs: [
          { slug: "databases", name: "Databases", search: ["sql"] },
          { slug: "hosting", name: "Hosting", search: ["servers", "deploy"] },
          { slug: "website-builders", name: "Website builders", search: ["no-code"] },
        ],
      },
      {
        slug: "operations",
        name: "Operations",
        search: ["operations", "admin"],
        subs: [
          { slug: "customer-support", name: "Customer support", search: ["help desk", "chat"] },
          { slug: "finance", name: "Finance", search: ["invoicing", "accounting"] },
          { slug: "documents", name: "Documents", search: ["pdf", "e-signature"] },
        ],
      },
    ],
  },
  {
    slug: "courses-learning",
    name: "Courses & learning",
    search: ["courses", "learning", "training"],
    categories: [
      {
        slug: "business",
        name: "Business",
        subs: [{ slug: "growth-marketing", name: "Growth marketing" }],
      },
      { slug: "design-courses", name: "Design", subs: [{ slug: "ux-design", name: "UX design" }] },
      {
        slug: "development",
        name: "Development",
        subs: [{ slug: "web-development", name: "Web development" }],
      },
    ],
  },
  {
    slug: "templates",
    name: "Templates",
    search: ["templates", "kits"],
    categories: [
      { slug: "notion-templates", name: "Notion templates", search: ["notion"] },
      { slug: "website-templates", name: "Website templates", search: ["landing pages"] },
      { slug: "marketing-templates", name: "Marketing templates", search: ["ads", "social"] },
    ],
  },
  {
    slug: "digital-assets",
    name: "Digital assets",
    search: ["assets", "downloads"],
    categories: [
      { slug: "icons", name: "Icons", search: ["icon sets", "svg"] },
      { slug: "fonts", name: "Fonts", search: ["typefaces"] },
      { slug: "stock-media", name: "Stock media", search: ["footage", "photos"] },
    ],
  },
];

/**
 * Each "Alternative to" tool's monthly price in US cents (issue 34, payback): the entry paid tier,
 * one seat, billed monthly, as the vendors list them publicly (demo figures, decision 076).
 */
export const ALTERNATIVE_MONTHLY_PRICES: Record<string, number> = {
  asana: 1349,
  trello: 600,
  monday: 1200,
  mailchimp: 1300,
  canva: 1500,
  notion: 1200,
  hubspot: 2000,
  salesforce: 2500,
  calendly: 1200,
  loom: 1800,
  hootsuite: 9900,
  semrush: 13995,
  intercom: 3900,
  quickbooks: 3500,
  typeform: 2900,
  docusign: 1500,
  zendesk: 5500,
  webflow: 1800,
};

export const ATTRIBUTES: Record<AttributeType, [slug: string, name: string][]> = {
  alternative_to: [
    ["asana", "Asana"],
    ["trello", "Trello"],
    ["monday", "monday.com"],
    ["mailchimp", "Mailchimp"],
    ["canva", "Canva"],
    ["notion", "Notion"],
    ["hubspot", "HubSpot"],
    ["salesforce", "Salesforce"],
    ["calendly", "Calendly"],
    ["loom", "Loom"],
    ["hootsuite", "Hootsuite"],
    ["semrush", "Semrush"],
    ["intercom", "Intercom"],
    ["quickbooks", "QuickBooks"],
    ["typeform", "Typeform"],
    ["docusign", "DocuSign"],
    ["zendesk", "Zendesk"],
    ["webflow", "Webflow"],
  ],
  integrations: [
    ["slack", "Slack"],
    ["google-drive", "Google Drive"],
    ["zapier", "Zapier"],
    ["gmail", "Gmail"],
    ["stripe", "Stripe"],
    ["shopify", "Shopify"],
    ["wordpress", "WordPress"],
    ["github", "GitHub"],
    ["hubspot", "HubSpot"],
    ["microsoft-teams", "Microsoft Teams"],
    ["google-calendar", "Google Calendar"],
    ["figma", "Figma"],
  ],
  best_for: [
    ["small-businesses", "Small businesses"],
    ["freelancers", "Freelancers"],
    ["marketers", "Marketers"],
    ["agencies", "Agencies"],
    ["developers", "Developers"],
    ["content-creators", "Content creators"],
    ["ecommerce", "E-commerce"],
    ["startups", "Startups"],
    ["educators", "Educators"],
    ["designers", "Designers"],
  ],
};

export type TaxonomyIds = {
  /** "group", "group/category", "group/category/sub" -> id */
  groups: Map<string, number>;
  categories: Map<string, number>;
  subcategories: Map<string, number>;
  /** "type:slug" -> attribute id */
  attributes: Map<string, number>;
};

export async function seedTaxonomy(tx: Tx): Promise<TaxonomyIds> {
  let enumeration = 1;
  const groupRows = await tx
    .insert(taxonomyGroups)
    .values(
      TAXONOMY.map((g, i) => ({
        slug: g.slug,
        name: g.name,
        valueEnumeration: enumeration++,
        searchValues: g.search ?? [g.name.toLowerCase()],
        position: i,
      })),
    )
    .returning({ id: taxonomyGroups.id, slug: taxonomyGroups.slug });
  const groups = new Map(groupRows.map((r) => [r.slug, r.id]));

  const catSpecs = TAXONOMY.flatMap((g) => g.categories.map((c, i) => ({ g, c, i })));
  const catRows = await tx
    .insert(categories)
    .values(
      catSpecs.map(({ g, c, i }) => ({
        groupId: groups.get(g.slug) as number,
        slug: c.slug,
        name: c.name,
        valueEnumeration: enumeration++,
        searchValues: c.search ?? [c.name.toLowerCase()],
        position: i,
      })),
    )
    .returning({ id: categories.id });
  const cats = new Map<string, number>();
  catSpecs.forEach(({ g, c }, i) => {
    cats.set(`${g.slug}/${c.slug}`, catRows[i]?.id as number);
  });

  const subSpecs = catSpecs.flatMap(({ g, c }) =>
    (c.subs ?? []).map((s, i) => ({ key: `${g.slug}/${c.slug}`, s, i })),
  );
  const subRows = await tx
    .insert(subcategories)
    .values(
      subSpecs.map(({ key, s, i }) => ({
        categoryId: cats.get(key) as number,
        slug: s.slug,
        name: s.name,
        valueEnumeration: enumeration++,
        searchValues: s.search ?? [s.name.toLowerCase()],
        position: i,
      })),
    )
    .returning({ id: subcategories.id });
  const subs = new Map<string, number>();
  subSpecs.forEach(({ key, s }, i) => {
    subs.set(`${key}/${s.slug}`, subRows[i]?.id as number);
  });

  const attrSpecs = (Object.entries(ATTRIBUTES) as [AttributeType, [string, string][]][]).flatMap(
    ([type, list]) =>
      list.map(([slug, name]) => ({
        type,
        slug,
        name,
        monthlyPriceCents:
          type === "alternative_to" ? (ALTERNATIVE_MONTHLY_PRICES[slug] ?? null) : null,
      })),
  );
  const attrRows = await tx
    .insert(attributes)
    .values(attrSpecs)
    .returning({ id: attributes.id, type: attributes.type, slug: attributes.slug });
  const attrs = new Map(attrRows.map((r) => [`${r.type}:${r.slug}`, r.id]));

  return { groups, categories: cats, subcategories: subs, attributes: attrs };
}
