// Relations for drizzle's relational queries (db.query.deals.findFirst({ with: { plans: true } })),
// which load a deal and its children in one SQL statement. They do not change the migrations.
import { relations } from "drizzle-orm";
import { sessions, userEmails, users } from "./accounts";
import {
  addonAssociations,
  addonFeatures,
  addonPrimaryPlanValues,
  addonValues,
  badges,
  companyCards,
  dealAttributeValues,
  dealFeatureEntries,
  dealFeatures,
  dealRoles,
  deals,
  faqs,
  founderPosts,
  founders,
  plans,
  products,
  staffMessages,
  stories,
  storyImages,
  storyVideos,
  testimonials,
  videoCollections,
  videos,
} from "./catalog";
import { cartItems, carts, invoiceItems, licences, orders } from "./commerce";
import { comments, commentVotes } from "./discussions";
import {
  modularPageItems,
  modularPages,
  smartCollectionDeals,
  smartCollections,
  staticComponents,
  subCollections,
} from "./pages";
import { attributes, categories, subcategories, taxonomyGroups } from "./taxonomy";

export const usersRelations = relations(users, ({ many }) => ({
  emails: many(userEmails),
  sessions: many(sessions),
  dealRoles: many(dealRoles),
}));
export const userEmailsRelations = relations(userEmails, ({ one }) => ({
  user: one(users, { fields: [userEmails.userId], references: [users.id] }),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const dealRolesRelations = relations(dealRoles, ({ one }) => ({
  deal: one(deals, { fields: [dealRoles.dealId], references: [deals.id] }),
  user: one(users, { fields: [dealRoles.userId], references: [users.id] }),
}));

export const taxonomyGroupsRelations = relations(taxonomyGroups, ({ many }) => ({
  categories: many(categories),
}));
export const categoriesRelations = relations(categories, ({ one, many }) => ({
  group: one(taxonomyGroups, { fields: [categories.groupId], references: [taxonomyGroups.id] }),
  subcategories: many(subcategories),
}));
export const subcategoriesRelations = relations(subcategories, ({ one }) => ({
  category: one(categories, { fields: [subcategories.categoryId], references: [categories.id] }),
}));
export const dealAttributeValuesRelations = relations(dealAttributeValues, ({ one }) => ({
  deal: one(deals, { fields: [dealAttributeValues.dealId], references: [deals.id] }),
  attribute: one(attributes, {
    fields: [dealAttributeValues.attributeId],
    references: [attributes.id],
  }),
}));

export const dealsRelations = relations(deals, ({ one, many }) => ({
  group: one(taxonomyGroups, { fields: [deals.groupId], references: [taxonomyGroups.id] }),
  category: one(categories, { fields: [deals.categoryId], references: [categories.id] }),
  subcategory: one(subcategories, {
    fields: [deals.subcategoryId],
    references: [subcategories.id],
  }),
  videoCollection: one(videoCollections, {
    fields: [deals.videoCollectionId],
    references: [videoCollections.id],
  }),
  plans: many(plans),
  features: many(dealFeatures),
  addonFeatures: many(addonFeatures),
  attributeValues: many(dealAttributeValues),
  products: many(products),
  founders: many(founders),
  founderPosts: many(founderPosts),
  companyCards: many(companyCards),
  faqs: many(faqs),
  badges: many(badges),
  testimonials: many(testimonials),
  staffMessages: many(staffMessages),
  roles: many(dealRoles),
  comments: many(comments),
}));
export const plansRelations = relations(plans, ({ one, many }) => ({
  deal: one(deals, { fields: [plans.dealId], references: [deals.id] }),
  featureEntries: many(dealFeatureEntries),
}));
export const dealFeaturesRelations = relations(dealFeatures, ({ one, many }) => ({
  deal: one(deals, { fields: [dealFeatures.dealId], references: [deals.id] }),
  entries: many(dealFeatureEntries),
}));
export const dealFeatureEntriesRelations = relations(dealFeatureEntries, ({ one }) => ({
  feature: one(dealFeatures, {
    fields: [dealFeatureEntries.featureId],
    references: [dealFeatures.id],
  }),
  plan: one(plans, { fields: [dealFeatureEntries.planId], references: [plans.id] }),
}));
export const addonFeaturesRelations = relations(addonFeatures, ({ one, many }) => ({
  deal: one(deals, { fields: [addonFeatures.dealId], references: [deals.id] }),
  primaryPlanValues: many(addonPrimaryPlanValues),
}));
export const addonPrimaryPlanValuesRelations = relations(
  addonPrimaryPlanValues,
  ({ one, many }) => ({
    addonFeature: one(addonFeatures, {
      fields: [addonPrimaryPlanValues.addonFeatureId],
      references: [addonFeatures.id],
    }),
    primaryPlan: one(plans, {
      fields: [addonPrimaryPlanValues.primaryPlanId],
      references: [plans.id],
    }),
    values: many(addonValues),
    associations: many(addonAssociations),
  }),
);
export const addonValuesRelations = relations(addonValues, ({ one }) => ({
  primaryPlanValue: one(addonPrimaryPlanValues, {
    fields: [addonValues.primaryPlanValueId],
    references: [addonPrimaryPlanValues.id],
  }),
}));
export const addonAssociationsRelations = relations(addonAssociations, ({ one }) => ({
  primaryPlanValue: one(addonPrimaryPlanValues, {
    fields: [addonAssociations.primaryPlanValueId],
    references: [addonPrimaryPlanValues.id],
  }),
}));
export const productsRelations = relations(products, ({ one }) => ({
  deal: one(deals, { fields: [products.dealId], references: [deals.id] }),
  story: one(stories, { fields: [products.id], references: [stories.productId] }),
}));
export const storiesRelations = relations(stories, ({ one, many }) => ({
  product: one(products, { fields: [stories.productId], references: [products.id] }),
  images: many(storyImages),
  videos: many(storyVideos),
}));
export const storyImagesRelations = relations(storyImages, ({ one }) => ({
  story: one(stories, { fields: [storyImages.storyId], references: [stories.id] }),
}));
export const storyVideosRelations = relations(storyVideos, ({ one }) => ({
  story: one(stories, { fields: [storyVideos.storyId], references: [stories.id] }),
  video: one(videos, { fields: [storyVideos.videoId], references: [videos.id] }),
}));
export const videoCollectionsRelations = relations(videoCollections, ({ many }) => ({
  videos: many(videos),
}));
export const videosRelations = relations(videos, ({ one }) => ({
  collection: one(videoCollections, {
    fields: [videos.collectionId],
    references: [videoCollections.id],
  }),
}));
export const foundersRelations = relations(founders, ({ one }) => ({
  deal: one(deals, { fields: [founders.dealId], references: [deals.id] }),
}));
export const founderPostsRelations = relations(founderPosts, ({ one }) => ({
  deal: one(deals, { fields: [founderPosts.dealId], references: [deals.id] }),
  author: one(users, { fields: [founderPosts.authorUserId], references: [users.id] }),
}));
export const companyCardsRelations = relations(companyCards, ({ one }) => ({
  deal: one(deals, { fields: [companyCards.dealId], references: [deals.id] }),
}));
export const faqsRelations = relations(faqs, ({ one }) => ({
  deal: one(deals, { fields: [faqs.dealId], references: [deals.id] }),
}));
export const badgesRelations = relations(badges, ({ one }) => ({
  deal: one(deals, { fields: [badges.dealId], references: [deals.id] }),
}));
export const testimonialsRelations = relations(testimonials, ({ one }) => ({
  deal: one(deals, { fields: [testimonials.dealId], references: [deals.id] }),
}));
export const staffMessagesRelations = relations(staffMessages, ({ one }) => ({
  deal: one(deals, { fields: [staffMessages.dealId], references: [deals.id] }),
}));

export const commentsRelations = relations(comments, ({ one, many }) => ({
  deal: one(deals, { fields: [comments.dealId], references: [deals.id] }),
  user: one(users, { fields: [comments.userId], references: [users.id] }),
  parent: one(comments, {
    fields: [comments.parentId],
    references: [comments.id],
    relationName: "replies",
  }),
  replies: many(comments, { relationName: "replies" }),
  votes: many(commentVotes),
}));
export const commentVotesRelations = relations(commentVotes, ({ one }) => ({
  comment: one(comments, { fields: [commentVotes.commentId], references: [comments.id] }),
  user: one(users, { fields: [commentVotes.userId], references: [users.id] }),
}));

export const modularPagesRelations = relations(modularPages, ({ many }) => ({
  items: many(modularPageItems),
}));
export const modularPageItemsRelations = relations(modularPageItems, ({ one }) => ({
  page: one(modularPages, { fields: [modularPageItems.pageId], references: [modularPages.id] }),
  smartCollection: one(smartCollections, {
    fields: [modularPageItems.smartCollectionId],
    references: [smartCollections.id],
  }),
  staticComponent: one(staticComponents, {
    fields: [modularPageItems.staticComponentId],
    references: [staticComponents.id],
  }),
}));
export const smartCollectionsRelations = relations(smartCollections, ({ many }) => ({
  deals: many(smartCollectionDeals),
  subCollections: many(subCollections),
}));
export const smartCollectionDealsRelations = relations(smartCollectionDeals, ({ one }) => ({
  smartCollection: one(smartCollections, {
    fields: [smartCollectionDeals.smartCollectionId],
    references: [smartCollections.id],
  }),
  deal: one(deals, { fields: [smartCollectionDeals.dealId], references: [deals.id] }),
}));
export const subCollectionsRelations = relations(subCollections, ({ one }) => ({
  smartCollection: one(smartCollections, {
    fields: [subCollections.smartCollectionId],
    references: [smartCollections.id],
  }),
}));
export const staticComponentsRelations = relations(staticComponents, ({ one }) => ({
  videoCollection: one(videoCollections, {
    fields: [staticComponents.videoCollectionId],
    references: [videoCollections.id],
  }),
}));

export const cartsRelations = relations(carts, ({ many }) => ({
  items: many(cartItems),
}));
export const cartItemsRelations = relations(cartItems, ({ one }) => ({
  cart: one(carts, { fields: [cartItems.cartId], references: [carts.id] }),
  deal: one(deals, { fields: [cartItems.dealId], references: [deals.id] }),
  plan: one(plans, { fields: [cartItems.planId], references: [plans.id] }),
}));
export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  items: many(invoiceItems),
}));
export const invoiceItemsRelations = relations(invoiceItems, ({ one, many }) => ({
  order: one(orders, { fields: [invoiceItems.orderId], references: [orders.id] }),
  deal: one(deals, { fields: [invoiceItems.dealId], references: [deals.id] }),
  plan: one(plans, { fields: [invoiceItems.planId], references: [plans.id] }),
  licences: many(licences),
}));
export const licencesRelations = relations(licences, ({ one }) => ({
  invoiceItem: one(invoiceItems, {
    fields: [licences.invoiceItemId],
    references: [invoiceItems.id],
  }),
}));
