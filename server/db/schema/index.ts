// The whole database schema, by area. drizzle.config.ts and the db client import this file.
export * from "./accounts";
export * from "./catalog";
export * from "./commerce";
export * from "./discussions";
export * from "./marketing";
export * from "./notifications";
export * from "./ownership";
export * from "./pages";
export * from "./partners";
export * from "./payments";
export * from "./relations";
export * from "./staff";
export * from "./taxonomy";
